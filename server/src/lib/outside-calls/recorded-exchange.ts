import { BodyLimitError, readLimitedBody } from '../read-limited-body';
import { recordOutsideCall } from './recorder';
import { headersRecordOf } from './redact';

/** One HTTP request to an outside business system (a DMS, a card processor), with what its log needs. */
export interface TExchangeRequest {
  /** The outgoing API log's vendor slug. */
  vendor: string;
  operation: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** Literal secrets scrubbed from everything logged or put in an error message. */
  secrets: readonly string[];
  timeoutMs: number;
  maxResponseBytes: number;
  /** The caller's cancellation. */
  signal?: AbortSignal;
  fetch?: typeof fetch;
}

export interface TExchangeResponse {
  status: number;
  headers: Headers;
  body: string;
}

/** Why no HTTP answer could be read, for the caller's own error. */
export interface TNoAnswer {
  err: unknown;
  /** The status of an answer whose body could not be read, else null. */
  status: number | null;
  /** The deadline passed (the caller's signal may have aborted too: see `cancelled`). */
  timedOut: boolean;
  /** The caller's signal aborted the exchange. */
  cancelled: boolean;
  /** The answer was larger than `maxResponseBytes` and refused. */
  tooLarge: boolean;
}

/** The exchange as a vendor's own call sink gets it: every part already redacted and bodies clipped. */
export interface TRedactedExchange {
  /** The vendor's operation name (SOAP action, endpoint, or a short name such as `token`, `bulk-status`). */
  operation: string;
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  /** null when no HTTP answer came (network error, timeout) */
  status: number | null;
  durationMs: number;
  error: string | null;
  requestBody: string | null;
  responseBody: string | null;
}

/** The vendor family's redactors (they know its secret fields) and how much of a body its sink keeps. */
export interface TExchangeRedaction {
  url: (o: { url: string; secrets: readonly string[] }) => string;
  headers: (headers: Record<string, string>) => Record<string, string>;
  text: (o: { text: string; secrets: readonly string[] }) => string;
  loggedBodyChars: number;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}… [${text.length - max} more characters]` : text;
}

/**
 * One HTTP exchange with an outside business system: a deadline, a size cap on the answer, no redirects followed,
 * and, whatever happens, one row in the outgoing API log (the shared redactor; company and subject from
 * runWithCallSubject) plus a redacted report to the caller's `sink`.
 *
 * No answer becomes the caller's error through `noAnswer`; an HTTP answer goes to `interpret`, which knows how its
 * vendor signals errors and throws the caller's error (`isOwnError`), so the logged call carries the error the
 * caller gets. Anything else `interpret` throws is wrapped by `unreadable`.
 */
export async function recordedExchange<T, E extends Error>(o: {
  req: TExchangeRequest;
  interpret: (res: TExchangeResponse) => T;
  isOwnError: (err: unknown) => err is E;
  noAnswer: (why: TNoAnswer) => E;
  unreadable: (o: { err: unknown; status: number | null }) => E;
  redaction: TExchangeRedaction;
  sink?: (call: TRedactedExchange) => void;
}): Promise<T> {
  const { req } = o;
  const controller = new AbortController();
  const deadline = AbortSignal.timeout(req.timeoutMs);
  const signal = AbortSignal.any([controller.signal, deadline, ...(req.signal ? [req.signal] : [])]);
  const started = performance.now();
  let status: number | null = null;
  let responseText: string | null = null;
  let responseHeaders: Headers | null = null;
  let failure: E | null = null;
  try {
    let response: TExchangeResponse;
    try {
      const res = await (req.fetch ?? fetch)(req.url, { method: req.method, headers: req.headers, body: req.body, signal, redirect: 'manual' });
      status = res.status;
      responseHeaders = res.headers;
      responseText = (await readLimitedBody({ res, maxBytes: req.maxResponseBytes, abort: () => controller.abort() })).toString('utf8');
      response = { status: res.status, headers: res.headers, body: responseText };
    } catch (err) {
      const cancelled = req.signal?.aborted ?? false;
      const tooLarge = err instanceof BodyLimitError && err.kind === 'too_large';
      throw o.noAnswer({ err, status, timedOut: deadline.aborted, cancelled, tooLarge });
    }
    return o.interpret(response);
  } catch (err) {
    failure = o.isOwnError(err) ? err : o.unreadable({ err, status });
    throw failure;
  } finally {
    const durationMs = Math.round(performance.now() - started);
    report({ ...o, outcome: { status, responseText, responseHeaders, error: failure ? failure.message : null, durationMs } });
  }
}

function report(o: {
  req: TExchangeRequest;
  redaction: TExchangeRedaction;
  sink?: (call: TRedactedExchange) => void;
  outcome: { status: number | null; responseText: string | null; responseHeaders: Headers | null; error: string | null; durationMs: number };
}): void {
  const { req, redaction, outcome } = o;
  const secrets = req.secrets;
  recordOutsideCall({
    vendor: req.vendor,
    operation: req.operation,
    method: req.method,
    url: req.url,
    status: outcome.status,
    durationMs: outcome.durationMs,
    error: outcome.error,
    requestHeaders: req.headers,
    requestBody: req.body ?? null,
    responseHeaders: headersRecordOf(outcome.responseHeaders),
    responseBody: outcome.responseText,
    secrets,
  });
  if (!o.sink) return;
  const text = (t: string) => clip(redaction.text({ text: t, secrets }), redaction.loggedBodyChars);
  try {
    o.sink({
      operation: req.operation,
      method: req.method,
      url: redaction.url({ url: req.url, secrets }),
      requestHeaders: redaction.headers(req.headers),
      status: outcome.status,
      durationMs: outcome.durationMs,
      error: outcome.error,
      requestBody: req.body === undefined ? null : text(req.body),
      responseBody: outcome.responseText === null ? null : text(outcome.responseText),
    });
  } catch {
    // A failing log sink must never break the call it reports on.
  }
}
