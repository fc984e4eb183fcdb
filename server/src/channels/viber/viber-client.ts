/**
 * Viber REST Bot API client (protocols/channels-and-live.md §3).
 * Speaks the real API; `apiUrl` is configurable (VIBER_API_URL) so tests point it at test/fakes/fake-viber.ts.
 * Uses Node's built-in fetch only.
 */
import { DEFAULT_PROVIDER_TIMEOUT_MS, downloadProviderMedia, requestProvider, type TProviderFailureMapper } from '../../lib/provider-http';

export const VIBER_API_URL = 'https://chatapi.viber.com/pa';
/** Viber's limit for `sender.name`. */
export const VIBER_SENDER_NAME_MAX = 28;

/** Viber's status codes (names of 5–11 and 13 are unconfirmed, see the protocol reference). */
export const VIBER_STATUS_NAMES: Record<number, string> = {
  1: 'invalidUrl',
  2: 'invalidAuthToken',
  3: 'badData',
  4: 'missingData',
  5: 'receiverNotRegistered',
  6: 'receiverNotSubscribed',
  7: 'publicAccountBlocked',
  8: 'publicAccountNotFound',
  9: 'publicAccountSuspended',
  10: 'webhookNotSet',
  11: 'receiverNoSuitableDevice',
  12: 'tooManyRequests',
  13: 'apiVersionNotSupported',
};
const VIBER_TOO_MANY_REQUESTS = 12;

export class ViberError extends Error {
  /** Viber's `status` (non-zero), null when the failure was not a Viber answer (HTTP error, network, bad body). */
  readonly viberStatus: number | null;
  /** HTTP status; 0 when no HTTP answer arrived (network error, timeout, abort). */
  readonly httpStatus: number;
  /** true when retrying cannot help */
  readonly permanent: boolean;
  /** true when the request may have reached Viber (no answer, or an unreadable one) */
  readonly outcomeUnknown: boolean;

  constructor(opts: { message: string; viberStatus?: number | null; httpStatus: number; permanent: boolean; outcomeUnknown?: boolean; cause?: unknown }) {
    super(opts.message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'ViberError';
    this.viberStatus = opts.viberStatus ?? null;
    this.httpStatus = opts.httpStatus;
    this.permanent = opts.permanent;
    this.outcomeUnknown = opts.outcomeUnknown ?? false;
  }
}

/**
 * Only "too many requests" (12) is worth retrying; every other non-zero status is an answer about this request,
 * this receiver (5/6 not registered / not subscribed, 11 no device) or this bot (2, 7–10) that a retry won't change.
 */
export function isPermanentViberStatus(status: number): boolean {
  return status !== VIBER_TOO_MANY_REQUESTS;
}

/** A non-2xx answer comes from a proxy or an outage (Viber itself answers 200): 408/429 and 5xx pass, other 4xx stay. */
function isPermanentHttpAnswer(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/**
 * JSON.parse for Viber bodies, keeping integers beyond 2^53 exact. `message_token` is such an integer written as a
 * bare JSON number, and JSON.parse rounds it before any reviver sees it; so the raw text is scanned first (outside
 * string literals) and every integer literal that is not a safe integer is quoted. Safe integers (timestamps…) and
 * decimals are left alone.
 */
export function parseViberJson(text: string): unknown {
  let out = '';
  let last = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      // Skip the string literal, escapes included.
      i++;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d === 0x5c /* \ */) i += 2;
        else if (d === 0x22) {
          i++;
          break;
        } else i++;
      }
      continue;
    }
    if (c === 0x2d /* - */ || (c >= 0x30 && c <= 0x39)) {
      const m = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
      if (!m) {
        i++;
        continue;
      }
      const literal = m[0];
      if (m[1] === undefined && m[2] === undefined && !Number.isSafeInteger(Number(literal))) {
        out += text.slice(last, i) + `"${literal}"`;
        last = i + literal.length;
      }
      i += literal.length;
      continue;
    }
    i++;
  }
  return JSON.parse(last === 0 ? text : out + text.slice(last));
}

/** A message token as the exact decimal string, whether it came as a (safe) number or a quoted big integer. */
export function messageTokenOf(value: unknown): string | null {
  if (typeof value === 'string' && /^-?\d{1,40}$/.test(value)) return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'bigint') return value.toString();
  return null;
}

/** A send_message body (without `receiver` it is also the welcome answer to conversation_started). */
export interface TViberOutgoing {
  receiver?: string;
  type: 'text' | 'picture' | 'file' | 'video';
  sender: { name: string; avatar?: string };
  text?: string;
  media?: string;
  size?: number;
  file_name?: string;
  tracking_data?: string;
  min_api_version?: number;
  keyboard?: unknown;
}

/**
 * POST {apiUrl}/send_message. Resolves with the message token as an exact decimal string. A non-zero `status`
 * (answered with HTTP 200) becomes a ViberError carrying it.
 */
export async function sendViberMessage(opts: {
  apiUrl: string;
  token: string;
  message: TViberOutgoing;
  signal?: AbortSignal;
  /** default 15 s */
  timeoutMs?: number;
}): Promise<{ messageToken: string }> {
  const res = await requestProvider({
    url: `${opts.apiUrl.replace(/\/+$/, '')}/send_message`,
    init: {
      method: 'POST',
      // The official header; the token is not repeated in the body, so request bodies can be logged safely.
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-viber-auth-token': opts.token },
      body: JSON.stringify(opts.message),
    },
    timeoutMs: opts.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS,
    signal: opts.signal,
    // No answer: the request may have reached Viber.
    fail: (f) => new ViberError({ message: `Viber send: ${f.detail}`, httpStatus: 0, permanent: false, outcomeUnknown: true, cause: f.cause }),
    log: { vendor: 'viber', operation: 'send_message', secrets: [opts.token] },
  });
  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    throw new ViberError({ message: 'Viber send: response interrupted', httpStatus: res.status, permanent: false, outcomeUnknown: res.ok, cause: err });
  }
  if (!res.ok) throw new ViberError({ message: `Viber send failed (HTTP ${res.status})`, httpStatus: res.status, permanent: isPermanentHttpAnswer(res.status) });
  let json: { status?: unknown; status_message?: unknown; message_token?: unknown };
  try {
    json = parseViberJson(text) as typeof json;
    if (!json || typeof json !== 'object') throw new Error('not an object');
  } catch (err) {
    // 2xx but unreadable: the message may exist.
    throw new ViberError({ message: 'Viber send: unreadable response', httpStatus: res.status, permanent: false, outcomeUnknown: true, cause: err });
  }
  const status = typeof json.status === 'number' ? json.status : Number(json.status);
  if (status !== 0) {
    const code = Number.isInteger(status) ? status : null;
    const name = code !== null ? VIBER_STATUS_NAMES[code] : undefined;
    const detail = typeof json.status_message === 'string' && json.status_message ? json.status_message : 'error';
    throw new ViberError({
      message: `Viber send failed (status ${code ?? '?'}${name ? ` ${name}` : ''}): ${detail}`.slice(0, 500),
      viberStatus: code,
      httpStatus: res.status,
      permanent: code === null ? false : isPermanentViberStatus(code),
    });
  }
  const messageToken = messageTokenOf(json.message_token);
  if (!messageToken) throw new ViberError({ message: 'Viber send: response without message_token', httpStatus: res.status, permanent: false, outcomeUnknown: true });
  return { messageToken };
}

/**
 * May we fetch this URL? Viber announces inbound media as public CDN links; only https on viber.com hosts (which
 * covers *.cdn.viber.com and dl-media.viber.com) is followed, or the configured API origin (the fake in tests).
 * Anything else would let a forged-looking link (or a redirect) make the server fetch internal addresses.
 */
export function isViberMediaUrlAllowed(url: URL, apiUrl: string): boolean {
  if (url.username || url.password) return false;
  if (url.origin === new URL(apiUrl).origin) return true;
  if (url.protocol !== 'https:' || (url.port !== '' && url.port !== '443')) return false;
  const host = url.hostname.toLowerCase();
  return host === 'viber.com' || host.endsWith('.viber.com');
}

/**
 * Downloads an inbound attachment (every hop checked against the host rule). No credentials are sent: the links
 * are public, and the bot token must not travel to a CDN.
 */
export async function fetchViberMedia(opts: {
  apiUrl: string;
  url: string;
  maxBytes: number;
  /** default 30 s for the whole download */
  timeoutMs?: number;
}): Promise<{ contentType: string; data: Buffer }> {
  const fail: TProviderFailureMapper = (f) =>
    new ViberError({ message: `Viber media: ${f.detail}`, httpStatus: f.status, permanent: f.permanent, cause: f.cause });
  return downloadProviderMedia({
    url: opts.url,
    maxBytes: opts.maxBytes,
    timeoutMs: opts.timeoutMs,
    isAllowed: (url) => isViberMediaUrlAllowed(url, opts.apiUrl),
    refusal: 'not a Viber host',
    errorOf: async (res) => {
      await res.body?.cancel().catch(() => undefined);
      return fail({ detail: `HTTP ${res.status}`, status: res.status, permanent: isPermanentHttpAnswer(res.status) });
    },
    fail,
    log: { vendor: 'viber', operation: 'media.download' },
  });
}
