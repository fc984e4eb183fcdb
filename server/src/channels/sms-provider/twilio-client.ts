/**
 * Twilio Programmable Messaging adapter (protocols/channels-and-live.md §1).
 * Speaks Twilio's real REST API; `baseUrl` is configurable so tests point it at test/fakes/fake-twilio.ts.
 * Uses Node's built-in fetch only.
 */
import type { TMessageStatus } from '@cd/contracts/message';
import {
  DEFAULT_PROVIDER_TIMEOUT_MS,
  downloadProviderMedia,
  isPermanentHttpStatus,
  numericCodeOf,
  readErrorJson,
  requestProvider,
  type TProviderFailureMapper,
} from '../../lib/provider-http';

export interface TTwilioCredentials {
  accountSid: string;
  authToken: string;
  /** e.g. https://api.twilio.com (no trailing path) */
  baseUrl: string;
}

export const TWILIO_API_BASE_URL = 'https://api.twilio.com';
const MAX_LIST_PAGES = 3;
/** Twilio's date_created has second granularity and clocks drift; accept this much before `sentAfter`. */
const RECONCILE_SLACK_MS = 5_000;

export class TwilioError extends Error {
  /** HTTP status; 0 when no HTTP answer arrived (network error, timeout, abort). */
  readonly status: number;
  /** Twilio error code (21211, 21610, 20003…), null when the body carried none. */
  readonly code: number | null;
  readonly moreInfo: string | null;
  /** true when retrying cannot help (4xx like 21211 invalid To, 21610 recipient opted out) */
  readonly permanent: boolean;

  constructor(opts: { message: string; status: number; code?: number | null; moreInfo?: string | null; permanent?: boolean; cause?: unknown }) {
    super(opts.message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'TwilioError';
    this.status = opts.status;
    this.code = opts.code ?? null;
    this.moreInfo = opts.moreInfo ?? null;
    this.permanent = opts.permanent ?? isPermanentHttpStatus(opts.status);
  }
}

/** Raises a failed `what` (send, list messages, media) as a TwilioError. */
function twilioFailure(what: string): TProviderFailureMapper {
  return (f) => new TwilioError({ message: `Twilio ${what}: ${f.detail}`, status: f.status, permanent: f.permanent, cause: f.cause });
}

function basicAuth(creds: TTwilioCredentials): string {
  return 'Basic ' + Buffer.from(`${creds.accountSid}:${creds.authToken}`, 'utf8').toString('base64');
}

function messagesUrl(creds: TTwilioCredentials): string {
  return `${creds.baseUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(creds.accountSid)}/Messages.json`;
}

/** Builds a TwilioError from a non-2xx answer; Twilio's body is {code,message,more_info,status} (RestException). */
async function errorFromResponse(res: Response, what: string): Promise<TwilioError> {
  const json = (await readErrorJson(res)) as { code?: unknown; message?: unknown; more_info?: unknown } | null;
  const code = numericCodeOf(json?.code);
  const moreInfo = typeof json?.more_info === 'string' ? json.more_info : null;
  const message = typeof json?.message === 'string' && json.message ? json.message : `${res.status} ${res.statusText}`.trim();
  return new TwilioError({
    message: `Twilio ${what} failed (HTTP ${res.status}${code !== null ? `, code ${code}` : ''}): ${message}`,
    status: res.status,
    code,
    moreInfo,
  });
}

export async function sendTwilioMessage(opts: {
  creds: TTwilioCredentials;
  from: string;
  to: string;
  body: string;
  mediaUrls?: string[];
  statusCallback?: string;
  signal?: AbortSignal;
  /** default 15 s */
  timeoutMs?: number;
}): Promise<{ sid: string; status: string }> {
  const form = new URLSearchParams();
  form.append('To', opts.to);
  form.append('From', opts.from);
  // Twilio rejects an empty Body only when there is no media either; omit it for media-only messages.
  if (opts.body !== '' || !opts.mediaUrls?.length) form.append('Body', opts.body);
  for (const u of opts.mediaUrls ?? []) form.append('MediaUrl', u);
  if (opts.statusCallback) form.append('StatusCallback', opts.statusCallback);

  const res = await requestProvider({
    url: messagesUrl(opts.creds),
    init: {
      method: 'POST',
      headers: {
        authorization: basicAuth(opts.creds),
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: form.toString(),
    },
    timeoutMs: opts.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS,
    signal: opts.signal,
    fail: twilioFailure('send'),
    log: { vendor: 'twilio', operation: 'messages.create', secrets: [opts.creds.authToken] },
  });
  if (!res.ok) throw await errorFromResponse(res, 'send');
  let json: { sid?: unknown; status?: unknown };
  try {
    json = (await res.json()) as typeof json;
  } catch (err) {
    // 2xx but unreadable: the message may exist; not permanent so the caller reconciles (findTwilioMessage) before retrying.
    throw new TwilioError({ message: 'Twilio send: unreadable 2xx response', status: res.status, permanent: false, cause: err });
  }
  if (typeof json.sid !== 'string' || !json.sid) {
    throw new TwilioError({ message: 'Twilio send: response without sid', status: res.status, permanent: false });
  }
  return { sid: json.sid, status: typeof json.status === 'string' ? json.status : 'queued' };
}

interface TTwilioListedMessage {
  sid?: unknown;
  body?: unknown;
  status?: unknown;
  date_created?: unknown;
}

async function listMessagesPages(
  creds: TTwilioCredentials,
  firstUrl: string,
  accept: (m: TTwilioListedMessage) => void,
  /** stop paging once a page holds only messages older than this (Twilio lists newest first) */
  stopBefore?: number,
): Promise<void> {
  const origin = new URL(creds.baseUrl).origin;
  let url: string | null = firstUrl;
  for (let page = 0; url && page < MAX_LIST_PAGES; page++) {
    const res: Response = await requestProvider({
      url,
      init: { headers: { authorization: basicAuth(creds), accept: 'application/json' } },
      timeoutMs: DEFAULT_PROVIDER_TIMEOUT_MS,
      fail: twilioFailure('list messages'),
      log: { vendor: 'twilio', operation: 'messages.list', secrets: [creds.authToken] },
    });
    if (!res.ok) throw await errorFromResponse(res, 'list messages');
    const json = (await res.json()) as { messages?: unknown; next_page_uri?: unknown };
    const messages = Array.isArray(json.messages) ? (json.messages as TTwilioListedMessage[]) : [];
    let anyRecent = false;
    for (const m of messages) {
      accept(m);
      const created = typeof m.date_created === 'string' ? Date.parse(m.date_created) : NaN;
      if (!(created < (stopBefore ?? -Infinity))) anyRecent = true;
    }
    if (stopBefore !== undefined && messages.length > 0 && !anyRecent) break;
    const next = typeof json.next_page_uri === 'string' && json.next_page_uri ? new URL(json.next_page_uri, origin) : null;
    // next_page_uri is relative to the API host; never send credentials anywhere else.
    url = next && next.origin === origin ? next.toString() : null;
  }
}

/**
 * Reconciliation after a crash between the provider call and our commit: did Twilio accept this message?
 * Lists To/From messages with DateSent>= the day of (sentAfter - 5 s) and picks the one with the same body
 * created closest to sentAfter (not earlier than sentAfter - 5 s).
 * A message still `queued` has no date_sent and so escapes the DateSent filter; when the filtered list finds
 * nothing, a second pass lists To/From without it (newest first, stopping at older messages).
 */
export async function findTwilioMessage(opts: {
  creds: TTwilioCredentials;
  from: string;
  to: string;
  body: string;
  sentAfter: Date;
}): Promise<{ sid: string; status: string } | null> {
  const threshold = opts.sentAfter.getTime() - RECONCILE_SLACK_MS;
  let best: { sid: string; status: string; distance: number } | null = null;
  const accept = (m: TTwilioListedMessage) => {
    if (typeof m.sid !== 'string' || m.body !== opts.body || typeof m.date_created !== 'string') return;
    const created = Date.parse(m.date_created);
    if (!Number.isFinite(created) || created < threshold) return;
    const distance = Math.abs(created - opts.sentAfter.getTime());
    if (!best || distance < best.distance) best = { sid: m.sid, status: typeof m.status === 'string' ? m.status : 'queued', distance };
  };
  const query = (withDate: boolean) => {
    const q = new URLSearchParams({ To: opts.to, From: opts.from });
    // Twilio's real filter: parameter name "DateSent>" (serialised DateSent%3E=YYYY-MM-DD), day granularity, UTC.
    if (withDate) q.append('DateSent>', new Date(threshold).toISOString().slice(0, 10));
    q.append('PageSize', '50');
    return `${messagesUrl(opts.creds)}?${q.toString()}`;
  };
  await listMessagesPages(opts.creds, query(true), accept);
  if (!best) await listMessagesPages(opts.creds, query(false), accept, threshold);
  const found = best as { sid: string; status: string } | null;
  return found ? { sid: found.sid, status: found.status } : null;
}

export type TTwilioMappedStatus = Extract<TMessageStatus, 'SENDING' | 'SENT' | 'DELIVERED' | 'UNDELIVERED' | 'FAILED' | 'READ' | 'RECEIVED'>;

const STATUS_MAP: Record<string, TTwilioMappedStatus> = {
  queued: 'SENDING',
  accepted: 'SENDING',
  scheduled: 'SENDING',
  sending: 'SENDING',
  sent: 'SENT',
  delivered: 'DELIVERED',
  // some recipients got it: the conversation treats it as delivered
  partially_delivered: 'DELIVERED',
  undelivered: 'UNDELIVERED',
  failed: 'FAILED',
  canceled: 'FAILED',
  read: 'READ',
  received: 'RECEIVED',
  receiving: 'RECEIVED',
};

/** Twilio status (OpenAPI enum) → our message status; unknown (Twilio adds values without notice) → null. */
export function mapTwilioStatus(status: string): TTwilioMappedStatus | null {
  const key = status.trim().toLowerCase();
  return Object.prototype.hasOwnProperty.call(STATUS_MAP, key) ? (STATUS_MAP[key] ?? null) : null;
}

/**
 * May we fetch (and, for the API origin, authenticate to) this URL? Only the provider's own hosts: the
 * configured base URL's origin, or for real Twilio its API host and CDN. Anything else would be SSRF.
 */
function mediaHostAllowed(url: URL, baseUrl: string): boolean {
  if (url.username || url.password) return false;
  const base = new URL(baseUrl);
  if (url.origin === base.origin) return true;
  if (base.origin !== TWILIO_API_BASE_URL) return false;
  if (url.protocol !== 'https:' || (url.port !== '' && url.port !== '443')) return false;
  const host = url.hostname.toLowerCase();
  return host === 'api.twilio.com' || host.endsWith('.twiliocdn.com');
}

/**
 * Downloads inbound media (every hop checked against the host rule). Basic auth goes only to the API origin, never
 * to the CDN hop (its signed URLs reject a second auth mechanism, and the token must not leak).
 */
export async function fetchTwilioMedia(opts: {
  creds: TTwilioCredentials;
  url: string;
  maxBytes: number;
  /** default 30 s for the whole download */
  timeoutMs?: number;
}): Promise<{ contentType: string; data: Buffer }> {
  const apiOrigin = new URL(opts.creds.baseUrl).origin;
  return downloadProviderMedia({
    url: opts.url,
    maxBytes: opts.maxBytes,
    timeoutMs: opts.timeoutMs,
    isAllowed: (url) => mediaHostAllowed(url, opts.creds.baseUrl),
    refusal: "not the provider's host",
    headersFor: (url): Record<string, string> => (url.origin === apiOrigin ? { authorization: basicAuth(opts.creds) } : {}),
    errorOf: (res) => errorFromResponse(res, 'media'),
    fail: twilioFailure('media'),
    log: { vendor: 'twilio', operation: 'media.download', secrets: [opts.creds.authToken] },
  });
}
