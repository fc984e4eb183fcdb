/**
 * Twilio webhooks (protocols/channels-and-live.md §1): X-Twilio-Signature verification, the URL to verify
 * against, inbound-message and status-callback parsing, TwiML answers.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mapTwilioStatus } from './twilio-client';

export type TTwilioParams = Record<string, string | string[]>;

/** twilio-node's toFormUrlEncodedParam: a repeated name contributes name+value for each distinct value, sorted. */
function paramData(name: string, value: string | string[]): string {
  if (Array.isArray(value)) {
    return Array.from(new Set(value))
      .sort()
      .map((v) => name + v)
      .join('');
  }
  return name + value;
}

/** base64(HMAC-SHA1(authToken, url + sorted(name)+value)), exactly twilio-node's getExpectedTwilioSignature. */
export function computeTwilioSignature(opts: { authToken: string; url: string; params: TTwilioParams }): string {
  const data = Object.keys(opts.params)
    .sort()
    .reduce((acc, name) => acc + paramData(name, opts.params[name]!), opts.url);
  return createHmac('sha1', opts.authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

const DEFAULT_PORTS: Record<string, string> = { http: '80', https: '443' };

/**
 * The URL as given plus its default-port twin: Twilio's backend is inconsistent about ":443"/":80", so the SDK
 * accepts both. Works on the string (not new URL().toString()) so no normalisation alters what was signed.
 */
function urlVariants(url: string): string[] {
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/([^/?#]*)(.*)$/s.exec(url);
  if (!m) return [url];
  const scheme = m[1]!;
  const authority = m[2]!;
  const rest = m[3]!;
  const defaultPort = DEFAULT_PORTS[scheme.toLowerCase()];
  if (!defaultPort) return [url];
  const a = /^((?:[^@]*@)?)(\[[^\]]*\]|[^:]*)(?::(\d*))?$/.exec(authority);
  if (!a) return [url];
  const userinfo = a[1]!;
  const host = a[2]!;
  const port = a[3];
  if (port === undefined || port === '') return [url, `${scheme}://${userinfo}${host}:${defaultPort}${rest}`];
  if (port === defaultPort) return [url, `${scheme}://${userinfo}${host}${rest}`];
  return [url];
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  // Length is not secret (a base64 SHA-1 is always 28 chars); only the content comparison must be constant-time.
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Checks X-Twilio-Signature against the URL with and without the default port. Missing signature → false. */
export function verifyTwilioSignature(opts: {
  authToken: string;
  url: string;
  params: TTwilioParams;
  signature: string | undefined;
}): boolean {
  if (!opts.signature || !opts.authToken) return false;
  let ok = false;
  // Evaluate every variant (no short-circuit) so timing does not reveal which one matched.
  for (const url of urlVariants(opts.url)) {
    if (safeEqual(computeTwilioSignature({ authToken: opts.authToken, url, params: opts.params }), opts.signature)) ok = true;
  }
  return ok;
}

function firstListValue(v: string | undefined): string | undefined {
  const first = v?.split(',')[0]?.trim();
  return first ? first : undefined;
}

/**
 * The URL the request was made to, as received: scheme://host + original url (path and query, untouched).
 * X-Forwarded-Proto/Host/Port (first value of each list) count only behind a trusted proxy — otherwise a
 * client could pick the URL the signature is checked against.
 */
export function requestUrlForSignature(opts: {
  protocol: string;
  host: string;
  url: string;
  trustedProxy: boolean;
  forwardedProto?: string;
  forwardedHost?: string;
  forwardedPort?: string;
}): string {
  let protocol = opts.protocol.replace(/:$/, '').toLowerCase();
  let host = opts.host;
  if (opts.trustedProxy) {
    const proto = firstListValue(opts.forwardedProto);
    const fHost = firstListValue(opts.forwardedHost);
    const fPort = firstListValue(opts.forwardedPort);
    if (proto) protocol = proto.replace(/:$/, '').toLowerCase();
    if (fHost) host = fHost;
    if (fPort && /^\d+$/.test(fPort)) host = `${host.replace(/:\d*$/, '')}:${fPort}`;
  }
  const path = opts.url.startsWith('/') ? opts.url : `/${opts.url}`;
  return `${protocol}://${host}${path}`;
}

function one(params: TTwilioParams, name: string): string | undefined {
  const v = params[name];
  return Array.isArray(v) ? v[0] : v;
}

function oneOrNull(params: TTwilioParams, name: string): string | null {
  const v = one(params, name);
  return v === undefined || v === '' ? null : v;
}

export type TTwilioOptOutType = 'STOP' | 'START' | 'HELP';

export interface TTwilioInbound {
  messageSid: string;
  accountSid: string | null;
  from: string;
  to: string;
  body: string;
  media: { url: string; contentType: string }[];
  optOutType: TTwilioOptOutType | null;
}

// Twilio's default keywords (long codes, toll-free); only a whole single-word message counts.
const KEYWORDS: Record<string, TTwilioOptOutType> = {
  STOP: 'STOP',
  STOPALL: 'STOP',
  UNSUBSCRIBE: 'STOP',
  CANCEL: 'STOP',
  END: 'STOP',
  QUIT: 'STOP',
  START: 'START',
  YES: 'START',
  UNSTOP: 'START',
  HELP: 'HELP',
  INFO: 'HELP',
};

/** Twilio's OptOutType when sent (not confirmed it always is), else the keyword rule Twilio itself applies. */
function optOutTypeOf(params: TTwilioParams, body: string): TTwilioOptOutType | null {
  const given = one(params, 'OptOutType')?.trim().toUpperCase();
  if (given === 'STOP' || given === 'START' || given === 'HELP') return given;
  const word = body.trim().toUpperCase();
  return Object.prototype.hasOwnProperty.call(KEYWORDS, word) ? (KEYWORDS[word] ?? null) : null;
}

// Twilio allows 10 media items; a bound keeps a forged NumMedia from driving a huge loop.
const MAX_INBOUND_MEDIA = 20;

export function parseTwilioInbound(params: TTwilioParams): TTwilioInbound {
  const messageSid = oneOrNull(params, 'MessageSid') ?? oneOrNull(params, 'SmsMessageSid') ?? oneOrNull(params, 'SmsSid');
  const from = oneOrNull(params, 'From');
  const to = oneOrNull(params, 'To');
  const missing = [!messageSid && 'MessageSid', !from && 'From', !to && 'To'].filter(Boolean);
  if (missing.length > 0) throw new Error(`Twilio inbound webhook: missing ${missing.join(', ')}`);
  const body = one(params, 'Body') ?? '';
  const numMedia = Math.min(Math.max(Number.parseInt(one(params, 'NumMedia') ?? '0', 10) || 0, 0), MAX_INBOUND_MEDIA);
  const media: { url: string; contentType: string }[] = [];
  for (let n = 0; n < numMedia; n++) {
    const url = oneOrNull(params, `MediaUrl${n}`);
    if (!url) continue;
    media.push({ url, contentType: oneOrNull(params, `MediaContentType${n}`) ?? 'application/octet-stream' });
  }
  return {
    messageSid: messageSid!,
    accountSid: oneOrNull(params, 'AccountSid'),
    from: from!,
    to: to!,
    body,
    media,
    optOutType: optOutTypeOf(params, body),
  };
}

export interface TTwilioStatus {
  messageSid: string;
  status: ReturnType<typeof mapTwilioStatus>;
  rawStatus: string;
  errorCode: string | null;
  errorMessage: string | null;
}

export function parseTwilioStatus(params: TTwilioParams): TTwilioStatus {
  const messageSid = oneOrNull(params, 'MessageSid') ?? oneOrNull(params, 'SmsSid');
  const rawStatus = oneOrNull(params, 'MessageStatus') ?? oneOrNull(params, 'SmsStatus');
  const missing = [!messageSid && 'MessageSid', !rawStatus && 'MessageStatus'].filter(Boolean);
  if (missing.length > 0) throw new Error(`Twilio status callback: missing ${missing.join(', ')}`);
  return {
    messageSid: messageSid!,
    status: mapTwilioStatus(rawStatus!),
    rawStatus: rawStatus!,
    errorCode: oneOrNull(params, 'ErrorCode'),
    errorMessage: oneOrNull(params, 'ErrorMessage'),
  };
}

function escapeXml(text: string): string {
  // Control characters are not allowed in XML 1.0 at all; drop them rather than emit invalid TwiML.
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** TwiML answer (serve as text/xml): no reply, or one <Message>. */
export function twimlResponse(message?: string): string {
  const head = '<?xml version="1.0" encoding="UTF-8"?>';
  if (!message) return `${head}<Response/>`;
  return `${head}<Response><Message>${escapeXml(message)}</Message></Response>`;
}
