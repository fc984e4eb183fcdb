/**
 * WhatsApp Cloud API webhooks (protocols/channels-and-live.md §2): X-Hub-Signature-256 over the raw body, the
 * GET verification handshake, and parsing of message and status notifications. Parsing never throws on shapes
 * it does not know: Meta adds message types and fields without notice, and a 500 would make it retry for days.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mapWhatsAppStatus, WHATSAPP_WINDOW_CLOSED_CODE, WHATSAPP_WINDOW_CLOSED_MESSAGE, type TWhatsAppMappedStatus } from './whatsapp-client';

/** `sha256=` + lowercase hex HMAC-SHA256(app secret, raw body bytes). */
export function computeWhatsAppSignature(opts: { appSecret: string; rawBody: Buffer | string }): string {
  return 'sha256=' + createHmac('sha256', opts.appSecret).update(opts.rawBody).digest('hex');
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  // Length is not secret (always 7 + 64 characters when well-formed); the content comparison is constant-time.
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Checks X-Hub-Signature-256 against the bytes exactly as received (never re-encoded JSON). Missing → false. */
export function verifyWhatsAppSignature(opts: { appSecret: string; rawBody: Buffer; signature: string | undefined }): boolean {
  if (!opts.signature || !opts.appSecret) return false;
  // Hex is case-insensitive; Meta sends lowercase but a proxy may not.
  const given = opts.signature.trim().toLowerCase();
  return safeEqual(computeWhatsAppSignature({ appSecret: opts.appSecret, rawBody: opts.rawBody }), given);
}

/** The GET handshake: the challenge to echo, or null (→ 403). The token comparison is constant-time. */
export function answerWhatsAppHandshake(opts: { mode: string | undefined; verifyToken: string | undefined; challenge: string | undefined; expectedToken: string | null }): string | null {
  if (opts.mode !== 'subscribe' || !opts.expectedToken || opts.verifyToken === undefined || opts.challenge === undefined) return null;
  return safeEqual(opts.verifyToken, opts.expectedToken) ? opts.challenge : null;
}

export interface TWhatsAppInbound {
  wamid: string;
  /** wa_id: the sender's phone in digits, without '+'. */
  from: string;
  /** contacts[].profile.name of the sender, when Meta sent it. */
  name: string | null;
  type: string;
  /** Readable text: the text, the caption, a button title, "📍 lat,lng"… */
  body: string;
  /** url holds the Graph media id (downloaded later through GET /{version}/{media-id}). */
  media: { url: string; contentType: string }[];
  /** Meta's timestamp (seconds) as a Date, null when absent or unreadable. */
  timestamp: Date | null;
  /** The phone number id the message was sent to (value.metadata.phone_number_id). */
  phoneNumberId: string | null;
}

export interface TWhatsAppStatusEvent {
  wamid: string;
  status: TWhatsAppMappedStatus | null;
  rawStatus: string;
  recipientId: string | null;
  timestamp: Date | null;
  errorCode: string | null;
  errorMessage: string | null;
  phoneNumberId: string | null;
  /** biz_opaque_callback_data given with the send (we send our message id). */
  callbackData: string | null;
}

export interface TWhatsAppNotification {
  messages: TWhatsAppInbound[];
  statuses: TWhatsAppStatusEvent[];
}

type TObj = Record<string, unknown>;
const obj = (v: unknown): TObj | null => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as TObj) : null);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
// PostgreSQL text cannot hold NUL; a forged or odd "\u0000" must not turn into a 500 that Meta retries for days.
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v.split('\u0000').join('') || null : typeof v === 'number' && Number.isFinite(v) ? String(v) : null);

function timestampOf(v: unknown): Date | null {
  const s = str(v);
  if (!s || !/^\d{1,12}$/.test(s)) return null;
  return new Date(Number(s) * 1000);
}

const MEDIA_TYPES = ['image', 'video', 'audio', 'sticker', 'document'] as const;

/** A readable line for a shared contact card. */
function contactLine(c: TObj): string {
  const name = str(obj(c.name)?.formatted_name) ?? [str(obj(c.name)?.first_name), str(obj(c.name)?.last_name)].filter(Boolean).join(' ');
  const phones = arr(c.phones)
    .map((p) => str(obj(p)?.phone))
    .filter(Boolean);
  return `👤 ${[name, ...phones].filter(Boolean).join(', ') || 'contact'}`;
}

/** Body and media of one inbound message; unknown types become a readable placeholder, never an error. */
function contentOf(m: TObj): { body: string; media: TWhatsAppInbound['media'] } {
  const type = str(m.type) ?? 'unknown';
  const media: TWhatsAppInbound['media'] = [];
  if (type === 'text') return { body: str(obj(m.text)?.body) ?? '', media };
  if ((MEDIA_TYPES as readonly string[]).includes(type)) {
    const item = obj(m[type]);
    const id = str(item?.id);
    if (id) media.push({ url: id, contentType: str(item?.mime_type) ?? 'application/octet-stream' });
    return { body: str(item?.caption) ?? '', media };
  }
  if (type === 'location') {
    const loc = obj(m.location);
    const where = [str(loc?.name), str(loc?.address)].filter(Boolean).join(', ');
    return { body: `📍 ${str(loc?.latitude) ?? '?'},${str(loc?.longitude) ?? '?'}${where ? ` (${where})` : ''}`, media };
  }
  if (type === 'reaction') {
    const emoji = str(obj(m.reaction)?.emoji);
    return { body: emoji ? `Reacted ${emoji}` : 'Removed a reaction', media };
  }
  if (type === 'button') return { body: str(obj(m.button)?.text) ?? str(obj(m.button)?.payload) ?? '', media };
  if (type === 'interactive') {
    const i = obj(m.interactive);
    const reply = obj(i?.button_reply) ?? obj(i?.list_reply);
    const title = str(reply?.title) ?? str(reply?.id);
    const description = str(reply?.description);
    const flow = obj(i?.nfm_reply);
    if (title) return { body: description ? `${title} — ${description}` : title, media };
    if (flow) return { body: str(flow.body) ?? 'Form sent', media };
    return { body: '[WhatsApp interactive reply]', media };
  }
  if (type === 'contacts') {
    const lines = arr(m.contacts)
      .map(obj)
      .filter((c): c is TObj => c !== null)
      .map(contactLine);
    return { body: lines.join('\n') || '👤 contact', media };
  }
  if (type === 'order') {
    const items = arr(obj(m.order)?.product_items).length;
    const text = str(obj(m.order)?.text);
    return { body: `🛒 Order: ${items} item${items === 1 ? '' : 's'}${text ? ` — ${text}` : ''}`, media };
  }
  if (type === 'system') return { body: str(obj(m.system)?.body) ?? '[WhatsApp system message]', media };
  return { body: `[Unsupported WhatsApp message: ${type}]`, media };
}

const MAX_ITEMS = 1000;

/**
 * Every inbound message and status event in a notification, over all entries and changes. Items without the
 * fields we cannot do without (an id, a sender, a status) are skipped.
 */
export function parseWhatsAppNotification(payload: unknown): TWhatsAppNotification {
  const out: TWhatsAppNotification = { messages: [], statuses: [] };
  for (const entry of arr(obj(payload)?.entry)) {
    for (const change of arr(obj(entry)?.changes)) {
      const c = obj(change);
      const value = obj(c?.value);
      if (!value || (c?.field !== undefined && c.field !== 'messages')) continue;
      const phoneNumberId = str(obj(value.metadata)?.phone_number_id);
      const names = new Map<string, string>();
      for (const contact of arr(value.contacts)) {
        const waId = str(obj(contact)?.wa_id);
        const name = str(obj(obj(contact)?.profile)?.name);
        if (waId && name) names.set(waId, name);
      }
      for (const raw of arr(value.messages)) {
        const m = obj(raw);
        const wamid = str(m?.id);
        const from = str(m?.from);
        if (!m || !wamid || !from || out.messages.length >= MAX_ITEMS) continue;
        const { body, media } = contentOf(m);
        out.messages.push({ wamid, from, name: names.get(from) ?? null, type: str(m.type) ?? 'unknown', body, media, timestamp: timestampOf(m.timestamp), phoneNumberId });
      }
      for (const raw of arr(value.statuses)) {
        const s = obj(raw);
        const wamid = str(s?.id);
        const rawStatus = str(s?.status);
        if (!s || !wamid || !rawStatus || out.statuses.length >= MAX_ITEMS) continue;
        const error = obj(arr(s.errors)[0]);
        const code = str(error?.code);
        out.statuses.push({
          wamid,
          status: mapWhatsAppStatus(rawStatus),
          rawStatus,
          recipientId: str(s.recipient_id),
          timestamp: timestampOf(s.timestamp),
          errorCode: code,
          errorMessage: error ? describeWhatsAppError({ code, message: str(obj(error.error_data)?.details) ?? str(error.message) ?? str(error.title) }) : null,
          phoneNumberId,
          callbackData: str(s.biz_opaque_callback_data),
        });
      }
    }
  }
  return out;
}

/** The text an agent sees for a Graph error; 131047 always reads as the 24-hour rule. */
export function describeWhatsAppError(opts: { code: string | number | null; message: string | null }): string {
  if (opts.code !== null && String(opts.code) === String(WHATSAPP_WINDOW_CLOSED_CODE)) return `WhatsApp 24-hour window closed: ${WHATSAPP_WINDOW_CLOSED_MESSAGE}`;
  return opts.message ?? `WhatsApp error${opts.code !== null ? ` ${opts.code}` : ''}`;
}
