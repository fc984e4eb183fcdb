/**
 * WhatsApp Business Cloud API client (protocols/channels-and-live.md §2): message sends, Graph errors, the
 * two-step media download. `graphUrl` is configurable (WHATSAPP_GRAPH_URL) so tests point it at
 * test/fakes/fake-whatsapp.ts. Uses Node's built-in fetch only.
 */
import type { TMessageStatus } from '@cd/contracts/message';
import {
  DEFAULT_MEDIA_TIMEOUT_MS,
  DEFAULT_PROVIDER_TIMEOUT_MS,
  downloadProviderMedia,
  isPermanentHttpStatus,
  numericCodeOf,
  readErrorJson,
  requestProvider,
  type TProviderFailureMapper,
} from '../../lib/provider-http';

export const WHATSAPP_GRAPH_URL = 'https://graph.facebook.com';
export const WHATSAPP_API_VERSION = 'v21.0';
/** Graph code for a free-form send outside the 24-hour customer service window ("Re-engagement message"). */
export const WHATSAPP_WINDOW_CLOSED_CODE = 131047;
export const WHATSAPP_WINDOW_CLOSED_MESSAGE = "24 hours have passed since the customer's last WhatsApp message. Only the invite template can be sent.";

/**
 * Graph codes that mean "try again later" even when they come with HTTP 400 (Meta answers most errors with 400):
 * 1/2 temporary API errors, 4/80007/130429 rate limits, 131048/131056 spam / pair rate limits, 131000 "something
 * went wrong", 131016 service unavailable. From Meta's error-code table, not from the offline reference.
 */
const RETRYABLE_GRAPH_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131048, 131056]);

export interface TWhatsAppCredentials {
  accessToken: string;
  phoneNumberId: string;
  /** e.g. https://graph.facebook.com (no trailing path) */
  graphUrl: string;
  /** e.g. v21.0 */
  apiVersion: string;
}

export class WhatsAppError extends Error {
  /** HTTP status; 0 when no HTTP answer arrived (network error, timeout, abort). */
  readonly status: number;
  /** Graph error code (131047, 100, 190…), null when the body carried none. */
  readonly code: number | null;
  /** error_data.details, which Meta asks integrators to rely on rather than the wording of `message`. */
  readonly details: string | null;
  readonly fbtraceId: string | null;
  /** true when retrying cannot help */
  readonly permanent: boolean;

  constructor(opts: { message: string; status: number; code?: number | null; details?: string | null; fbtraceId?: string | null; permanent?: boolean; cause?: unknown }) {
    super(opts.message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'WhatsAppError';
    this.status = opts.status;
    this.code = opts.code ?? null;
    this.details = opts.details ?? null;
    this.fbtraceId = opts.fbtraceId ?? null;
    this.permanent = opts.permanent ?? isPermanent(opts.status, this.code);
  }
}

/** 4xx is permanent unless it is a throttling/temporary Graph code or 408/425/429; 5xx and no answer are retryable. */
function isPermanent(status: number, code: number | null): boolean {
  if (code !== null && RETRYABLE_GRAPH_CODES.has(code)) return false;
  return isPermanentHttpStatus(status);
}

function graphBase(creds: Pick<TWhatsAppCredentials, 'graphUrl' | 'apiVersion'>): string {
  return `${creds.graphUrl.replace(/\/+$/, '')}/${encodeURIComponent(creds.apiVersion)}`;
}

/** Raises a failed `what` (send, media lookup, media) as a WhatsAppError. */
function graphFailure(what: string): TProviderFailureMapper {
  return (f) => new WhatsAppError({ message: `WhatsApp ${what}: ${f.detail}`, status: f.status, permanent: f.permanent, cause: f.cause });
}

/** Builds a WhatsAppError from a non-2xx answer in Graph format: {error:{message,type,code,error_data:{details},fbtrace_id}}. */
async function errorFromResponse(res: Response, what: string): Promise<WhatsAppError> {
  const json = (await readErrorJson(res)) as { error?: { message?: unknown; code?: unknown; error_data?: { details?: unknown }; fbtrace_id?: unknown } } | null;
  const e = json?.error && typeof json.error === 'object' ? json.error : undefined;
  const code = numericCodeOf(e?.code);
  const details = e?.error_data && typeof e.error_data.details === 'string' ? e.error_data.details : null;
  const fbtraceId = typeof e?.fbtrace_id === 'string' ? e.fbtrace_id : null;
  const message = typeof e?.message === 'string' && e.message ? e.message : `${res.status} ${res.statusText}`.trim();
  return new WhatsAppError({
    message: `WhatsApp ${what} failed (HTTP ${res.status}${code !== null ? `, code ${code}` : ''}): ${details ?? message}`,
    status: res.status,
    code,
    details,
    fbtraceId,
  });
}

export type TWhatsAppMediaType = 'image' | 'video' | 'audio' | 'document';

/** One Cloud API message body (the part after messaging_product/to). */
export type TWhatsAppMessagePayload =
  | { type: 'text'; text: { body: string; preview_url?: boolean } }
  | { type: TWhatsAppMediaType; media: { link: string; caption?: string; filename?: string } }
  | { type: 'template'; template: { name: string; language: { code: string }; namespace?: string; components?: unknown[] } };

/**
 * The Cloud API accepts only some formats per media type (image: JPEG/PNG; video: MP4/3GPP; audio: AAC, AMR,
 * MP3, MP4 audio, OGG/Opus). Anything else — GIF, WebP, QuickTime, WebM or WAV audio, PDF, Word — goes as a
 * document, which takes any file, so the customer still receives it.
 */
export function whatsAppMediaTypeOf(mimeType: string): TWhatsAppMediaType {
  const m = mimeType.split(';')[0]!.trim().toLowerCase();
  if (m === 'image/jpeg' || m === 'image/png') return 'image';
  if (m === 'video/mp4' || m === 'video/3gpp') return 'video';
  if (['audio/aac', 'audio/amr', 'audio/mpeg', 'audio/mp4', 'audio/ogg'].includes(m)) return 'audio';
  return 'document';
}

/** Template text parameters may not contain newlines or tabs, nor more than 4 spaces in a row (Meta refuses them). */
export function templateParameterText(text: string): string {
  return text.replace(/\s*[\r\n\t]+\s*/g, ' ').replace(/ {5,}/g, '    ').trim();
}

function requestBody(to: string, payload: TWhatsAppMessagePayload, callbackData: string | undefined): Record<string, unknown> {
  const head = { messaging_product: 'whatsapp', recipient_type: 'individual', to, ...(callbackData ? { biz_opaque_callback_data: callbackData } : {}) };
  if (payload.type === 'text') return { ...head, type: 'text', text: payload.text };
  if (payload.type === 'template') return { ...head, type: 'template', template: payload.template };
  const media: Record<string, string> = { link: payload.media.link };
  // Audio takes no caption and only documents carry a file name; Meta refuses unknown fields.
  if (payload.media.caption && payload.type !== 'audio') media.caption = payload.media.caption;
  if (payload.media.filename && payload.type === 'document') media.filename = payload.media.filename;
  return { ...head, type: payload.type, [payload.type]: media };
}

export async function sendWhatsAppMessage(opts: {
  creds: TWhatsAppCredentials;
  /** The recipient's phone in digits, without '+'. */
  to: string;
  payload: TWhatsAppMessagePayload;
  /**
   * biz_opaque_callback_data: Meta echoes it in this message's status webhooks (at most 512 characters). We put
   * our message id there so a status can find its message before the wamid is recorded.
   */
  callbackData?: string;
  signal?: AbortSignal;
  /** default 15 s */
  timeoutMs?: number;
}): Promise<{ wamid: string; messageStatus: string | null }> {
  const res = await requestProvider({
    url: `${graphBase(opts.creds)}/${encodeURIComponent(opts.creds.phoneNumberId)}/messages`,
    init: {
      method: 'POST',
      headers: { authorization: `Bearer ${opts.creds.accessToken}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(requestBody(opts.to, opts.payload, opts.callbackData)),
    },
    timeoutMs: opts.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS,
    signal: opts.signal,
    fail: graphFailure('send'),
    log: { vendor: 'whatsapp', operation: 'messages.send', secrets: [opts.creds.accessToken] },
  });
  if (!res.ok) throw await errorFromResponse(res, 'send');
  let json: { messages?: Array<{ id?: unknown; message_status?: unknown }> };
  try {
    json = (await res.json()) as typeof json;
  } catch (err) {
    // 2xx but unreadable: the message may exist. The Cloud API cannot be asked, so this is "outcome unknown".
    throw new WhatsAppError({ message: 'WhatsApp send: unreadable 2xx response', status: res.status, permanent: false, cause: err });
  }
  const first = Array.isArray(json.messages) ? json.messages[0] : undefined;
  if (!first || typeof first.id !== 'string' || !first.id) throw new WhatsAppError({ message: 'WhatsApp send: response without a message id', status: res.status, permanent: false });
  return { wamid: first.id, messageStatus: typeof first.message_status === 'string' ? first.message_status : null };
}

export type TWhatsAppMappedStatus = Extract<TMessageStatus, 'SENT' | 'DELIVERED' | 'READ' | 'FAILED'>;

const STATUS_MAP: Record<string, TWhatsAppMappedStatus> = { sent: 'SENT', delivered: 'DELIVERED', read: 'READ', failed: 'FAILED' };

/** Webhook status → our message status; unknown values (Meta adds some, e.g. "deleted", "warning") → null. */
export function mapWhatsAppStatus(status: string): TWhatsAppMappedStatus | null {
  const key = status.trim().toLowerCase();
  return Object.prototype.hasOwnProperty.call(STATUS_MAP, key) ? (STATUS_MAP[key] ?? null) : null;
}

/**
 * May we fetch this URL with the access token? Only Meta's own hosts (HTTPS, default port): the Graph host,
 * lookaside.fbsbx.com and *.fbcdn.net / *.fbsbx.com — or the configured Graph origin itself (a test fake or a
 * proxy). Anything else would hand out the token and be an SSRF path.
 */
export function whatsAppMediaHostAllowed(url: URL, graphUrl: string): boolean {
  if (url.username || url.password) return false;
  if (url.origin === new URL(graphUrl).origin) return true;
  if (url.protocol !== 'https:' || (url.port !== '' && url.port !== '443')) return false;
  const host = url.hostname.toLowerCase();
  return host === 'graph.facebook.com' || host === 'lookaside.fbsbx.com' || host.endsWith('.fbsbx.com') || host.endsWith('.fbcdn.net');
}

// Graph object ids are digits; a bound on the alphabet keeps a forged id from reshaping the request path.
const MEDIA_ID = /^[A-Za-z0-9_.-]{1,128}$/;

/**
 * Downloads inbound media in Meta's two steps: GET /{version}/{media-id} for a short-lived URL, then GET that URL
 * with the same Bearer (every hop checked against the host rule). The token goes only to the Graph origin and the
 * URL's own origin.
 */
export async function fetchWhatsAppMedia(opts: {
  creds: TWhatsAppCredentials;
  mediaId: string;
  maxBytes: number;
  /** default 30 s for the whole download */
  timeoutMs?: number;
}): Promise<{ contentType: string; data: Buffer }> {
  if (!MEDIA_ID.test(opts.mediaId)) throw new WhatsAppError({ message: `WhatsApp media: invalid media id ${JSON.stringify(opts.mediaId)}`, status: 0, permanent: true });
  const signal = AbortSignal.timeout(opts.timeoutMs ?? DEFAULT_MEDIA_TIMEOUT_MS);
  const auth = `Bearer ${opts.creds.accessToken}`;
  const graphOrigin = new URL(opts.creds.graphUrl).origin;

  const meta = await requestProvider({
    url: `${graphBase(opts.creds)}/${encodeURIComponent(opts.mediaId)}?phone_number_id=${encodeURIComponent(opts.creds.phoneNumberId)}`,
    init: { headers: { authorization: auth, accept: 'application/json' } },
    signal,
    fail: graphFailure('media lookup'),
    log: { vendor: 'whatsapp', operation: 'media.lookup', secrets: [opts.creds.accessToken] },
  });
  if (!meta.ok) throw await errorFromResponse(meta, 'media lookup');
  const info = (await meta.json().catch(() => ({}))) as { url?: unknown; mime_type?: unknown; file_size?: unknown };
  if (typeof info.url !== 'string') throw new WhatsAppError({ message: 'WhatsApp media lookup: response without url', status: meta.status, permanent: false });
  const declaredSize = Number(info.file_size);
  if (Number.isFinite(declaredSize) && declaredSize > opts.maxBytes)
    throw new WhatsAppError({ message: `WhatsApp media: ${declaredSize} bytes exceeds the ${opts.maxBytes}-byte limit`, status: meta.status, permanent: true });

  const mediaOrigin = URL.canParse(info.url) ? new URL(info.url).origin : null;
  return downloadProviderMedia({
    url: info.url,
    maxBytes: opts.maxBytes,
    signal,
    isAllowed: (url) => whatsAppMediaHostAllowed(url, opts.creds.graphUrl),
    refusal: 'not a Meta host',
    headersFor: (url): Record<string, string> => (url.origin === mediaOrigin || url.origin === graphOrigin ? { authorization: auth } : {}),
    // The CDN sometimes answers a generic type; the lookup's mime_type is what the customer sent.
    contentType: typeof info.mime_type === 'string' ? info.mime_type : undefined,
    errorOf: (res) => errorFromResponse(res, 'media'),
    fail: graphFailure('media'),
    log: { vendor: 'whatsapp', operation: 'media.download', secrets: [opts.creds.accessToken] },
  });
}
