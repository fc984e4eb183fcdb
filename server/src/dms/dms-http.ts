import { recordedExchange, type TExchangeRedaction, type TExchangeResponse, type TNoAnswer } from '../lib/outside-calls/recorded-exchange';
import { DmsError } from './dms-error';
import { redactDmsHeaders, redactDmsText, redactDmsUrl } from './dms-redact';
import type { TDmsCallSink, TDmsVendor } from './dms.types';

export const DEFAULT_DMS_TIMEOUT_MS = 60_000;
export const DEFAULT_DMS_MAX_RESPONSE_BYTES = 20 * 1024 * 1024;

/** The call sink keeps at most 64 KiB of each body (a full RO export can be megabytes). */
const DMS_REDACTION: TExchangeRedaction = { url: redactDmsUrl, headers: redactDmsHeaders, text: redactDmsText, loggedBodyChars: 64 * 1024 };

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

export type TDmsHttpResponse = TExchangeResponse;

/**
 * One HTTP exchange with a DMS: deadline, size cap, and a redacted report to `onCall` (and the outgoing API log)
 * whatever happens. Network failures and timeouts become DmsError; an HTTP answer goes to `interpret`, which knows
 * how its vendor signals errors (SOAP faults, `<Errors>` lists, JSON gateway codes) and throws the DmsError, so the
 * logged call carries the same error the caller gets.
 */
export function sendDmsRequest<T>(req: TDmsHttpRequest, interpret: (res: TDmsHttpResponse) => T): Promise<T> {
  const timeoutMs = req.timeoutMs ?? DEFAULT_DMS_TIMEOUT_MS;
  const maxResponseBytes = req.maxResponseBytes ?? DEFAULT_DMS_MAX_RESPONSE_BYTES;
  const onCall = req.onCall;
  return recordedExchange({
    req: { ...req, timeoutMs, maxResponseBytes },
    interpret,
    isOwnError: (err): err is DmsError => err instanceof DmsError,
    noAnswer: (why) => toDmsError({ why, req, timeoutMs, maxBytes: maxResponseBytes }),
    unreadable: ({ err, status }) =>
      new DmsError({ vendor: req.vendor, kind: 'unavailable', status, message: `The answer to ${req.operation} could not be read.`, cause: err }),
    redaction: DMS_REDACTION,
    sink: onCall && ((call) => onCall({ vendor: req.vendor, ...call })),
  });
}

function toDmsError(o: { why: TNoAnswer; req: TDmsHttpRequest; timeoutMs: number; maxBytes: number }): DmsError {
  const { vendor, operation } = o.req;
  const { err, status } = o.why;
  const name = vendor === 'cdk' ? 'CDK' : 'Dealertrack';
  if (o.why.timedOut)
    return new DmsError({
      vendor,
      kind: 'timeout',
      message: `${name} did not answer ${operation} within ${o.timeoutMs >= 1000 ? `${Math.round(o.timeoutMs / 1000)} s` : `${o.timeoutMs} ms`}.`,
      cause: err,
    });
  if (o.why.tooLarge)
    return new DmsError({
      vendor,
      kind: 'unavailable',
      retryable: false,
      status,
      message: `${name} answered ${operation} with more than ${o.maxBytes} bytes; the answer was refused.`,
      cause: err,
    });
  if (o.why.cancelled) return new DmsError({ vendor, kind: 'timeout', message: `${name} ${operation} was cancelled.`, cause: err });
  const detail = redactDmsText({ text: (err as Error).message ?? String(err), secrets: o.req.secrets });
  return new DmsError({ vendor, kind: 'unavailable', status, message: `${name} could not be reached for ${operation} (${detail}).`, cause: err });
}

// Shared with the payment adapters; kept importable from here for the DMS adapters.
export { parseRetryAfter } from '../lib/provider-http';
