import { describeFetchFailure, timeoutSignal } from '../lib/provider-http';
import { recordOutsideCall } from '../lib/outside-calls/recorder';
import { headersRecordOf } from '../lib/outside-calls/redact';
import { BodyLimitError, readLimitedBody } from '../lib/read-limited-body';
import { PaymentError } from './payment-error';
import type { TPaymentCallSink, TPaymentProviderName } from './payment-processor.types';
import { redactPaymentHeaders, redactPaymentText, redactPaymentUrl } from './payment-redact';

/** Card processors answer a sale in seconds; past this the outcome is unknown and gets reconciled. */
export const DEFAULT_PAYMENT_TIMEOUT_MS = 30_000;
const MAX_RESPONSE_BYTES = 2 * 1024 * 1024;
const LOGGED_BODY_CHARS = 16 * 1024;

export interface TPaymentHttpRequest {
  provider: TPaymentProviderName;
  operation: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** true for calls that move money (sale, refund, void, pay request): a lost answer leaves the outcome unknown. */
  movesMoney: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
  onCall?: TPaymentCallSink;
  /** Literal secrets (API key, PIN, secret, token in use) scrubbed from everything logged or put in an error. */
  secrets: readonly string[];
}

export interface TPaymentHttpResponse {
  status: number;
  headers: Headers;
  body: string;
}

/** The outgoing API log's vendor slug of each processor. */
const PAYMENT_VENDORS: Record<TPaymentProviderName, string> = { usaepay: 'usaepay', next: 'next_variant', simulator: 'payment_simulator' };

function clip(text: string): string {
  return text.length > LOGGED_BODY_CHARS ? `${text.slice(0, LOGGED_BODY_CHARS)}… [${text.length - LOGGED_BODY_CHARS} more characters]` : text;
}

/**
 * One HTTP exchange with a card processor: deadline, size cap, a redacted report to `onCall` whatever happens.
 * No answer (network failure, timeout) is a PaymentError, flagged `outcomeUnknown` when the call moves money.
 * An HTTP answer goes to `interpret`, which knows how its processor signals errors.
 */
export async function sendPaymentRequest<T>(req: TPaymentHttpRequest, interpret: (res: TPaymentHttpResponse) => T): Promise<T> {
  const timeoutMs = req.timeoutMs ?? DEFAULT_PAYMENT_TIMEOUT_MS;
  const controller = new AbortController();
  const deadline = timeoutSignal(timeoutMs, req.signal);
  const signal = AbortSignal.any([controller.signal, deadline]);
  const started = performance.now();
  let status: number | null = null;
  let responseText: string | null = null;
  let responseHeaders: Headers | null = null;
  let failure: PaymentError | null = null;
  try {
    let response: TPaymentHttpResponse;
    try {
      const res = await fetch(req.url, { method: req.method, headers: req.headers, body: req.body, signal, redirect: 'manual' });
      status = res.status;
      responseHeaders = res.headers;
      responseText = (await readLimitedBody({ res, maxBytes: MAX_RESPONSE_BYTES, abort: () => controller.abort() })).toString('utf8');
      response = { status: res.status, headers: res.headers, body: responseText };
    } catch (err) {
      const timedOut = deadline.aborted && !req.signal?.aborted;
      const tooLarge = err instanceof BodyLimitError && err.kind === 'too_large';
      const detail = redactPaymentText({ text: describeFetchFailure(err), secrets: req.secrets });
      throw new PaymentError({
        provider: req.provider,
        kind: timedOut ? 'timeout' : 'unavailable',
        status,
        // An oversized answer is still an answer we could not read: the money may have moved all the same.
        outcomeUnknown: req.movesMoney,
        retryable: !tooLarge,
        message: timedOut
          ? `${req.provider} did not answer ${req.operation} within ${Math.round(timeoutMs / 1000)} s.`
          : `${req.provider} could not be reached for ${req.operation} (${detail}).`,
        cause: err,
      });
    }
    return interpret(response);
  } catch (err) {
    failure =
      err instanceof PaymentError
        ? err
        : new PaymentError({
            provider: req.provider,
            kind: 'unavailable',
            status,
            outcomeUnknown: req.movesMoney,
            message: `The answer of ${req.provider} to ${req.operation} could not be read.`,
            cause: err,
          });
    throw failure;
  } finally {
    report({ req, status, responseText, responseHeaders, failure, durationMs: Math.round(performance.now() - started) });
  }
}

function report(o: {
  req: TPaymentHttpRequest;
  status: number | null;
  responseText: string | null;
  responseHeaders: Headers | null;
  failure: PaymentError | null;
  durationMs: number;
}): void {
  const secrets = o.req.secrets;
  // The outgoing API log (redacts with the same shared redactor; company and subject from runWithCallSubject).
  recordOutsideCall({
    vendor: PAYMENT_VENDORS[o.req.provider],
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
      provider: o.req.provider,
      operation: o.req.operation,
      method: o.req.method,
      url: redactPaymentUrl({ url: o.req.url, secrets }),
      requestHeaders: redactPaymentHeaders(o.req.headers),
      status: o.status,
      durationMs: o.durationMs,
      error: o.failure ? o.failure.message : null,
      requestBody: o.req.body === undefined ? null : clip(redactPaymentText({ text: o.req.body, secrets })),
      responseBody: o.responseText === null ? null : clip(redactPaymentText({ text: o.responseText, secrets })),
    });
  } catch {
    // A failing log sink must never break the payment call it reports on.
  }
}
