import { recordOutsideCall } from '../lib/outside-calls/recorder';
import { headersRecordOf } from '../lib/outside-calls/redact';
import { BodyLimitError, readLimitedBody } from '../lib/read-limited-body';
import { DmsError } from './dms-error';
import { redactDmsHeaders, redactDmsText, redactDmsUrl } from './dms-redact';
import type { TDmsCallSink, TDmsVendor } from './dms.types';

export const DEFAULT_DMS_TIMEOUT_MS = 60_000;
export const DEFAULT_DMS_MAX_RESPONSE_BYTES = 20 * 1024 * 1024;
/** The call log keeps at most this much of each body (a full RO export can be megabytes). */
const LOGGED_BODY_CHARS = 64 * 1024;

export interface TDmsHttpRequest {
  vendor: TDmsVendor;
  operation: string;
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs?: number;
  maxResponseBytes?: number;
  signal?: AbortSignal;
  onCall?: TDmsCallSink;
  /** Literal secrets to scrub from everything logged or put in an error message. */
  secrets: readonly string[];
  fetch?: typeof fetch;
}

export interface TDmsHttpResponse {
  status: number;
  headers: Headers;
  body: string;
}

function clip(text: string): string {
  return text.length > LOGGED_BODY_CHARS ? `${text.slice(0, LOGGED_BODY_CHARS)}… [${text.length - LOGGED_BODY_CHARS} more characters]` : text;
}

/**
 * One HTTP exchange with a DMS: deadline, size cap, and a redacted report to `onCall` whatever happens.
 * Network failures and timeouts become DmsError; an HTTP answer goes to `interpret`, which knows how its vendor
 * signals errors (SOAP faults, `<Errors>` lists, JSON gateway codes) and throws the DmsError, so the logged call
 * carries the same error the caller gets.
 */
export async function sendDmsRequest<T>(req: TDmsHttpRequest, interpret: (res: TDmsHttpResponse) => T): Promise<T> {
  const timeoutMs = req.timeoutMs ?? DEFAULT_DMS_TIMEOUT_MS;
  const maxBytes = req.maxResponseBytes ?? DEFAULT_DMS_MAX_RESPONSE_BYTES;
  const controller = new AbortController();
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = AbortSignal.any([controller.signal, deadline, ...(req.signal ? [req.signal] : [])]);
  const started = performance.now();
  let status: number | null = null;
  let responseText: string | null = null;
  let responseHeaders: Headers | null = null;
  let failure: DmsError | null = null;
  try {
    let response: TDmsHttpResponse;
    try {
      const res = await (req.fetch ?? fetch)(req.url, { method: req.method, headers: req.headers, body: req.body, signal, redirect: 'manual' });
      status = res.status;
      responseHeaders = res.headers;
      const bytes = await readLimitedBody({ res, maxBytes, abort: () => controller.abort() });
      responseText = bytes.toString('utf8');
      response = { status: res.status, headers: res.headers, body: responseText };
    } catch (err) {
      throw toDmsError({ err, req, timedOut: deadline.aborted, timeoutMs, maxBytes, status });
    }
    return interpret(response);
  } catch (err) {
    failure =
      err instanceof DmsError
        ? err
        : new DmsError({ vendor: req.vendor, kind: 'unavailable', status, message: `The answer to ${req.operation} could not be read.`, cause: err });
    throw failure;
  } finally {
    report({ req, status, responseText, responseHeaders, failure, durationMs: Math.round(performance.now() - started) });
  }
}

function toDmsError(o: { err: unknown; req: TDmsHttpRequest; timedOut: boolean; timeoutMs: number; maxBytes: number; status: number | null }): DmsError {
  const { vendor, operation } = o.req;
  const name = vendor === 'cdk' ? 'CDK' : 'Dealertrack';
  if (o.timedOut)
    return new DmsError({
      vendor,
      kind: 'timeout',
      message: `${name} did not answer ${operation} within ${o.timeoutMs >= 1000 ? `${Math.round(o.timeoutMs / 1000)} s` : `${o.timeoutMs} ms`}.`,
      cause: o.err,
    });
  if (o.err instanceof BodyLimitError && o.err.kind === 'too_large')
    return new DmsError({
      vendor,
      kind: 'unavailable',
      retryable: false,
      status: o.status,
      message: `${name} answered ${operation} with more than ${o.maxBytes} bytes; the answer was refused.`,
      cause: o.err,
    });
  if (o.req.signal?.aborted) return new DmsError({ vendor, kind: 'timeout', message: `${name} ${operation} was cancelled.`, cause: o.err });
  const detail = redactDmsText({ text: (o.err as Error).message ?? String(o.err), secrets: o.req.secrets });
  return new DmsError({ vendor, kind: 'unavailable', status: o.status, message: `${name} could not be reached for ${operation} (${detail}).`, cause: o.err });
}

function report(o: {
  req: TDmsHttpRequest;
  status: number | null;
  responseText: string | null;
  responseHeaders: Headers | null;
  failure: DmsError | null;
  durationMs: number;
}): void {
  const secrets = o.req.secrets;
  // The outgoing API log (redacts with the same shared redactor; company and subject from runWithCallSubject).
  recordOutsideCall({
    vendor: o.req.vendor,
    operation: o.req.operation,
    method: o.req.method,
    url: o.req.url,
    status: o.status,
    durationMs: o.durationMs,
    error: o.failure ? o.failure.message : null,
    requestHeaders: o.req.headers,
    requestBody: o.req.body ?? null,
    responseHeaders: headersRecordOf(o.responseHeaders),
    responseBody: o.responseText,
    secrets,
  });
  if (!o.req.onCall) return;
  try {
    o.req.onCall({
      vendor: o.req.vendor,
      operation: o.req.operation,
      method: o.req.method,
      url: redactDmsUrl({ url: o.req.url, secrets }),
      requestHeaders: redactDmsHeaders(o.req.headers),
      status: o.status,
      durationMs: o.durationMs,
      error: o.failure ? o.failure.message : null,
      requestBody: o.req.body === undefined ? null : clip(redactDmsText({ text: o.req.body, secrets })),
      responseBody: o.responseText === null ? null : clip(redactDmsText({ text: o.responseText, secrets })),
    });
  } catch {
    // A failing log sink must never break the DMS call it reports on.
  }
}

// Shared with the payment adapters; kept importable from here for the DMS adapters.
export { parseRetryAfter } from '../lib/provider-http';
