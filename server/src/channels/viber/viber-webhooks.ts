/**
 * Viber callbacks (protocols/channels-and-live.md §3): X-Viber-Content-Signature, callback parsing with exact
 * message tokens, and the welcome answer to conversation_started.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { messageTokenOf, parseViberJson, VIBER_SENDER_NAME_MAX, type TViberOutgoing } from './viber-client';

/** Lowercase hex HMAC-SHA256 of the raw body, keyed with the bot's auth token (both official SDKs). */
export function computeViberSignature(opts: { token: string; body: Buffer | string }): string {
  return createHmac('sha256', opts.token).update(opts.body).digest('hex');
}

/** Constant-time check of a hex signature; missing or malformed → false. */
export function verifyViberSignature(opts: { token: string; body: Buffer | string; signature: string | undefined }): boolean {
  if (!opts.signature || !opts.token || !/^[0-9a-fA-F]{64}$/.test(opts.signature)) return false;
  const expected = Buffer.from(computeViberSignature({ token: opts.token, body: opts.body }), 'hex');
  return timingSafeEqual(expected, Buffer.from(opts.signature, 'hex'));
}

export interface TViberInboundMedia {
  url: string;
  contentType: string;
}

export type TViberCallback =
  | {
      event: 'message';
      messageToken: string;
      sender: { id: string; name: string | null };
      text: string;
      media: TViberInboundMedia[];
      trackingData: string | null;
    }
  | { event: 'delivered' | 'seen' | 'failed'; messageToken: string; userId: string | null; desc: string | null }
  | { event: 'subscribed'; userId: string; name: string | null }
  | { event: 'unsubscribed'; userId: string }
  | { event: 'conversation_started'; userId: string; name: string | null; subscribed: boolean; context: string | null }
  | { event: 'webhook' }
  | { event: 'unknown'; name: string };

export class ViberCallbackError extends Error {}

type TJson = Record<string, unknown>;

/** PostgreSQL text cannot hold NUL; a signed callback carrying one is cleaned rather than refused forever. */
function clean(v: unknown, max = 10_000): string | null {
  if (typeof v !== 'string') return null;
  // eslint-disable-next-line no-control-regex
  const s = v.replace(/\u0000/g, '').slice(0, max);
  return s === '' ? null : s;
}

function objectOf(v: unknown): TJson | null {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as TJson) : null;
}

function requireToken(json: TJson): string {
  const token = messageTokenOf(json.message_token);
  if (!token) throw new ViberCallbackError(`Viber ${String(json.event)} callback: missing message_token`);
  return token;
}

function requireUserId(v: unknown, event: string): string {
  const id = clean(v, 200);
  if (!id) throw new ViberCallbackError(`Viber ${event} callback: missing user id`);
  return id;
}

const FILE_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  txt: 'text/plain',
  csv: 'text/csv',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
};

/** Viber gives no MIME type: a guess from the message type (and a file's extension); the download's own header wins. */
function guessContentType(type: string, fileName: string | null): string {
  if (type === 'picture') return 'image/jpeg';
  if (type === 'video') return 'video/mp4';
  if (type === 'sticker') return 'image/png';
  const ext = fileName?.split('.').pop()?.toLowerCase() ?? '';
  return FILE_TYPES[ext] ?? 'application/octet-stream';
}

/** What the conversation shows for a Viber message: its text or caption, or a readable stand-in for other types. */
function bodyOf(message: TJson, type: string): string {
  const text = clean(message.text) ?? '';
  if (type === 'location') {
    const loc = objectOf(message.location);
    const lat = Number(loc?.lat);
    const lon = Number(loc?.lon);
    return Number.isFinite(lat) && Number.isFinite(lon) ? `Location: ${lat}, ${lon}` : text;
  }
  if (type === 'contact') {
    const c = objectOf(message.contact);
    return ['Contact:', clean(c?.name, 200), clean(c?.phone_number, 50)].filter(Boolean).join(' ');
  }
  if (type === 'url') return clean(message.media, 2000) ?? text;
  return text;
}

/** Parses a (signature-checked) raw callback body. Throws ViberCallbackError on anything malformed. */
export function parseViberCallback(raw: Buffer | string): TViberCallback {
  let parsed: unknown;
  try {
    parsed = parseViberJson(typeof raw === 'string' ? raw : raw.toString('utf8'));
  } catch {
    throw new ViberCallbackError('Viber callback: body is not JSON');
  }
  const json = objectOf(parsed);
  if (!json || typeof json.event !== 'string') throw new ViberCallbackError('Viber callback: missing event');
  const event = json.event;
  switch (event) {
    case 'message': {
      const sender = objectOf(json.sender);
      const message = objectOf(json.message);
      if (!message) throw new ViberCallbackError('Viber message callback: missing message');
      const type = typeof message.type === 'string' ? message.type : 'text';
      const mediaUrl = type === 'url' ? null : clean(message.media, 4000);
      return {
        event,
        messageToken: requireToken(json),
        sender: { id: requireUserId(sender?.id, event), name: clean(sender?.name, 200) },
        text: bodyOf(message, type),
        media: mediaUrl ? [{ url: mediaUrl, contentType: guessContentType(type, clean(message.file_name, 256)) }] : [],
        trackingData: clean(message.tracking_data, 4000),
      };
    }
    case 'delivered':
    case 'seen':
    case 'failed':
      return { event, messageToken: requireToken(json), userId: clean(json.user_id, 200), desc: clean(json.desc, 500) };
    case 'subscribed': {
      const user = objectOf(json.user);
      return { event, userId: requireUserId(user?.id, event), name: clean(user?.name, 200) };
    }
    case 'unsubscribed':
      return { event, userId: requireUserId(json.user_id, event) };
    case 'conversation_started': {
      const user = objectOf(json.user);
      return {
        event,
        userId: requireUserId(user?.id, event),
        name: clean(user?.name, 200),
        subscribed: json.subscribed === true,
        context: clean(json.context, 1000),
      };
    }
    case 'webhook':
      return { event };
    default:
      return { event: 'unknown', name: event.slice(0, 100) };
  }
}

/** `sender` of our messages: the company name cut to Viber's 28 characters (by code point), and the bot picture. */
export function viberSenderOf(opts: { companyName: string; avatar?: string | null }): TViberOutgoing['sender'] {
  const name = Array.from(opts.companyName.trim()).slice(0, VIBER_SENDER_NAME_MAX).join('') || 'Bot';
  return opts.avatar ? { name, avatar: opts.avatar } : { name };
}

/**
 * Viber takes `#RRGGBB` only: `#RGB` and a missing `#` are normalised, anything else (a colour name…) is left out
 * rather than have Viber refuse the whole welcome.
 */
function normalizeHexColor(value: string | null | undefined): string | null {
  const m = /^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.exec(value?.trim() ?? '');
  if (!m) return null;
  const hex = m[1]!.length === 3 ? Array.from(m[1]!, (c) => c + c).join('') : m[1]!;
  return `#${hex.toUpperCase()}`;
}

export type TViberWelcomeOcs = {
  viberBotPicture?: string | null;
  viberOnConversationStartedMessage?: string | null;
  viberOnConversationStartedButtonText?: string | null;
  viberOnConversationStartedBackgroundColor?: string | null;
};

/**
 * The answer to conversation_started: a send_message body without `receiver` (Viber delivers it as the one
 * message allowed before the user subscribes), or null when the company configured no welcome text.
 * A configured button text becomes a one-button keyboard; tapping it sends that text back, which subscribes the user.
 */
export function buildViberWelcome(opts: { companyName: string; ocs: TViberWelcomeOcs }): TViberOutgoing | null {
  const text = opts.ocs.viberOnConversationStartedMessage?.trim();
  if (!text) return null;
  const welcome: TViberOutgoing = {
    type: 'text',
    sender: viberSenderOf({ companyName: opts.companyName, avatar: opts.ocs.viberBotPicture }),
    text,
  };
  const button = opts.ocs.viberOnConversationStartedButtonText?.trim();
  if (button) {
    const color = normalizeHexColor(opts.ocs.viberOnConversationStartedBackgroundColor);
    welcome.keyboard = {
      Type: 'keyboard',
      DefaultHeight: false,
      Buttons: [
        {
          ActionType: 'reply',
          ActionBody: button,
          Text: button,
          TextSize: 'regular',
          ...(color ? { BgColor: color } : {}),
        },
      ],
    };
  }
  return welcome;
}
