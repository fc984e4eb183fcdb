import { LOGGED_BODY_CHARS, recordOutsideCall, recordOutsideCallLater, type TOutsideCall } from './outside-calls/recorder';
import { headersRecordOf } from './outside-calls/redact';
import { BodyLimitError, readLimitedBody } from './read-limited-body';

/** How long one provider API request may take unless the client says otherwise. */
export const DEFAULT_PROVIDER_TIMEOUT_MS = 15_000;
/** How long an inbound media download may take, redirects included. */
export const DEFAULT_MEDIA_TIMEOUT_MS = 30_000;
const MAX_MEDIA_REDIRECTS = 3;

/** A request deadline, combined with the caller's own abort signal when there is one. */
export function timeoutSignal(timeoutMs: number, signal: AbortSignal | undefined): AbortSignal {
  const t = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([signal, t]) : t;
}

/** Why a fetch got no HTTP answer, in words for an error message (timeouts and aborts named as such). */
export function describeFetchFailure(err: unknown): string {
  const e = err as { name?: string; message?: string };
  return e.name === 'TimeoutError' ? 'timed out' : e.name === 'AbortError' ? 'aborted' : (e.message ?? String(err));
}

/** 4xx means the request itself is wrong; 408/425/429 (and 5xx, and no answer) are worth retrying. */
export function isPermanentHttpStatus(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 425 && status !== 429;
}

/**
 * A provider call that went wrong, handed to the client so it raises its own error class (TwilioError,
 * WhatsAppError…), which the channel adapters map to retry-or-fail.
 */
export interface TProviderFailure {
  /** What happened, without the provider's name: the client prefixes it ("Twilio media: …"). */
  detail: string;
  /** HTTP status; 0 when no HTTP answer arrived (network error, timeout, abort). */
  status: number;
  /** true when retrying cannot help. */
  permanent: boolean;
  cause?: unknown;
}

export type TProviderFailureMapper = (failure: TProviderFailure) => Error;

/**
 * fetch for provider APIs: an optional deadline joined to the caller's signal, and every failure without an HTTP
 * answer raised as the client's retryable error (status 0: the request may have arrived).
 */
export async function requestProvider(opts: {
  url: string;
  init?: Omit<RequestInit, 'signal'>;
  timeoutMs?: number;
  signal?: AbortSignal;
  fail: TProviderFailureMapper;
  /** Records the call in the outgoing API log (lib/outside-calls) under this vendor and operation. */
  log?: TProviderCallLog;
}): Promise<Response> {
  const signal = opts.timeoutMs === undefined ? opts.signal : timeoutSignal(opts.timeoutMs, opts.signal);
  const started = performance.now();
  let res: Response;
  try {
    res = await fetch(opts.url, { ...opts.init, signal });
  } catch (err) {
    if (opts.log) recordOutsideCall(providerCallOf({ opts, res: null, error: describeFetchFailure(err), durationMs: performance.now() - started }));
    throw opts.fail({ detail: describeFetchFailure(err), status: 0, permanent: false, cause: err });
  }
  if (opts.log) logProviderAnswer({ opts, res, durationMs: performance.now() - started });
  return res;
}

export interface TProviderCallLog {
  vendor: string;
  operation: string;
  /** false for media downloads: the answer is a file, not an exchange worth keeping. */
  captureBody?: boolean;
  /** Literal secrets the client holds (tokens), scrubbed wherever they appear. */
  secrets?: readonly string[];
}

function requestBodyText(body: RequestInit['body']): string | null {
  if (body === undefined || body === null) return null;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (typeof FormData !== 'undefined' && body instanceof FormData) return '[multipart form]';
  return '[binary body]';
}

function providerCallOf(o: {
  opts: { url: string; init?: Omit<RequestInit, 'signal'>; log?: TProviderCallLog };
  res: Response | null;
  error: string | null;
  durationMs: number;
  responseBody?: string | null;
}): TOutsideCall {
  const log = o.opts.log!;
  return {
    vendor: log.vendor,
    operation: log.operation,
    method: o.opts.init?.method ?? 'GET',
    url: o.opts.url,
    status: o.res?.status ?? null,
    durationMs: o.durationMs,
    error: o.error ?? (o.res && !o.res.ok ? `HTTP ${o.res.status}` : null),
    requestHeaders: headersRecordOf(o.opts.init?.headers),
    requestBody: log.captureBody === false ? null : requestBodyText(o.opts.init?.body),
    responseHeaders: o.res ? headersRecordOf(o.res.headers) : {},
    responseBody: o.responseBody ?? null,
    secrets: log.secrets,
  };
}

/** The answer's body is read from a clone (the caller reads its own), capped, and the call recorded once it is in. */
function logProviderAnswer(o: { opts: Parameters<typeof requestProvider>[0]; res: Response; durationMs: number }): void {
  const capture = o.opts.log?.captureBody !== false && o.res.body !== null && o.res.status !== 204;
  if (!capture) {
    recordOutsideCall(providerCallOf({ opts: o.opts, res: o.res, error: null, durationMs: o.durationMs }));
    return;
  }
  const copy = o.res.clone();
  recordOutsideCallLater(
    readHead(copy).then(
      (text) => providerCallOf({ opts: o.opts, res: o.res, error: null, durationMs: o.durationMs, responseBody: text }),
      () => providerCallOf({ opts: o.opts, res: o.res, error: null, durationMs: o.durationMs, responseBody: '[body not readable]' }),
    ),
  );
}

/** The first LOGGED_BODY_CHARS bytes of a body; the rest is cancelled so the clone never buffers a large answer. */
async function readHead(res: Response): Promise<string> {
  const reader = res.body!.getReader();
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
    total += value.byteLength;
    if (total > LOGGED_BODY_CHARS) {
      await reader.cancel().catch(() => undefined);
      return `${Buffer.concat(chunks).toString('utf8', 0, LOGGED_BODY_CHARS)}… [cut at ${LOGGED_BODY_CHARS} bytes]`;
    }
  }
  return Buffer.concat(chunks, total).toString('utf8');
}

/** An error answer's body as JSON, or null when it cannot be read (dropped connection) or is no JSON (a proxy's page). */
export async function readErrorJson(res: Response): Promise<unknown> {
  let text: string;
  try {
    text = await res.text();
  } catch {
    return null;
  }
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A provider error code sent as a number or as a string of digits; null otherwise. */
export function numericCodeOf(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return null;
}

/** Retry-After as milliseconds (seconds or an HTTP date); null when absent or unreadable. */
export function parseRetryAfter(value: string | null): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : null;
}

/** A MIME type without parameters, lowercased; '' when absent. */
function bareMimeType(value: string | null | undefined): string {
  return (value ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * Downloads an inbound attachment from a provider. Redirects are followed by hand (at most 3) so every hop passes
 * `isAllowed` (the SSRF guard); `headersFor` adds credentials only where the client allows them. The body is
 * streamed and the download aborted past `maxBytes`. A type the provider declared elsewhere (`contentType`) wins
 * over the answer's header, then application/octet-stream.
 */
export async function downloadProviderMedia(opts: {
  url: string;
  maxBytes: number;
  isAllowed: (url: URL) => boolean;
  /** Why a refused host is refused, for the message: "not a Viber host". */
  refusal: string;
  headersFor?: (url: URL) => Record<string, string>;
  contentType?: string;
  /** Turns a non-2xx answer into the client's error. */
  errorOf: (res: Response) => Promise<Error>;
  fail: TProviderFailureMapper;
  /** The deadline of the whole download (default 30 s), or the caller's signal when it set one already. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Logged without bodies (each hop one entry). */
  log?: TProviderCallLog;
}): Promise<{ contentType: string; data: Buffer }> {
  const { fail } = opts;
  const controller = new AbortController();
  const signal = AbortSignal.any([controller.signal, opts.signal ?? AbortSignal.timeout(opts.timeoutMs ?? DEFAULT_MEDIA_TIMEOUT_MS)]);
  let current: URL;
  try {
    current = new URL(opts.url);
  } catch {
    throw fail({ detail: `invalid URL ${JSON.stringify(opts.url.slice(0, 200))}`, status: 0, permanent: true });
  }
  for (let hop = 0; ; hop++) {
    if (!opts.isAllowed(current)) throw fail({ detail: `refusing to fetch from ${current.origin} (${opts.refusal})`, status: 0, permanent: true });
    const headers = { accept: '*/*', ...opts.headersFor?.(current) };
    const log = opts.log && { ...opts.log, captureBody: false };
    const res = await requestProvider({ url: current.toString(), init: { headers, redirect: 'manual' }, signal, fail, log });
    if (res.status >= 300 && res.status < 400 && res.status !== 304) {
      const location = res.headers.get('location');
      await res.body?.cancel().catch(() => undefined);
      if (!location) throw fail({ detail: `redirect (${res.status}) without Location`, status: res.status, permanent: false });
      if (hop >= MAX_MEDIA_REDIRECTS) throw fail({ detail: 'too many redirects', status: res.status, permanent: true });
      current = new URL(location, current);
      continue;
    }
    if (!res.ok) throw await opts.errorOf(res);
    const contentType = bareMimeType(opts.contentType) || bareMimeType(res.headers.get('content-type')) || 'application/octet-stream';
    try {
      return { contentType, data: await readLimitedBody({ res, maxBytes: opts.maxBytes, abort: () => controller.abort() }) };
    } catch (err) {
      if (!(err instanceof BodyLimitError)) throw err;
      const tooLarge = err.kind === 'too_large';
      throw fail({ detail: err.message, status: tooLarge ? res.status : 0, permanent: tooLarge, cause: err });
    }
  }
}
