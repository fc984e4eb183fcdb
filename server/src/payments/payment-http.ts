import { describeFetchFailure } from '../lib/provider-http';
import { recordedExchange, type TExchangeRedaction, type TExchangeResponse } from '../lib/outside-calls/recorded-exchange';
import { PaymentError } from './payment-error';
import type { TPaymentCallSink, TPaymentProviderName } from './payment-processor.types';
import { redactPaymentHeaders, redactPaymentText, redactPaymentUrl } from './payment-redact';

/** Card processors answer a sale in seconds; past this the outcome is unknown and gets reconciled. */
export const DEFAULT_PAYMENT_TIMEOUT_MS = 30_000;
const MAX_RESPONSE_BYTES = 2 * 1024 * 1024;
const PAYMENT_REDACTION: TExchangeRedaction = { url: redactPaymentUrl, headers: redactPaymentHeaders, text: redactPaymentText, loggedBodyChars: 16 * 1024 };

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

export type TPaymentHttpResponse = TExchangeResponse;

/** The outgoing API log's vendor slug of each processor. */
const PAYMENT_VENDORS: Record<TPaymentProviderName, string> = { usaepay: 'usaepay', next: 'next_variant', simulator: 'payment_simulator' };

/**
 * One HTTP exchange with a card processor: deadline, size cap, a redacted report to `onCall` (and the outgoing API
 * log) whatever happens. No answer (network failure, timeout) is a PaymentError, flagged `outcomeUnknown` when the
 * call moves money. An HTTP answer goes to `interpret`, which knows how its processor signals errors.
 */
export function sendPaymentRequest<T>(req: TPaymentHttpRequest, interpret: (res: TPaymentHttpResponse) => T): Promise<T> {
  const timeoutMs = req.timeoutMs ?? DEFAULT_PAYMENT_TIMEOUT_MS;
  const { provider, operation, movesMoney } = req;
  const onCall = req.onCall;
  return recordedExchange({
    req: { ...req, vendor: PAYMENT_VENDORS[provider], timeoutMs, maxResponseBytes: MAX_RESPONSE_BYTES },
    interpret,
    isOwnError: (err): err is PaymentError => err instanceof PaymentError,
    noAnswer: ({ err, status, timedOut: deadlinePassed, cancelled, tooLarge }) => {
      const timedOut = deadlinePassed && !cancelled;
      const detail = redactPaymentText({ text: describeFetchFailure(err), secrets: req.secrets });
      return new PaymentError({
        provider,
        kind: timedOut ? 'timeout' : 'unavailable',
        status,
        // An oversized answer is still an answer we could not read: the money may have moved all the same.
        outcomeUnknown: movesMoney,
        retryable: !tooLarge,
        message: timedOut
          ? `${provider} did not answer ${operation} within ${Math.round(timeoutMs / 1000)} s.`
          : `${provider} could not be reached for ${operation} (${detail}).`,
        cause: err,
      });
    },
    unreadable: ({ err, status }) =>
      new PaymentError({
        provider,
        kind: 'unavailable',
        status,
        outcomeUnknown: movesMoney,
        message: `The answer of ${provider} to ${operation} could not be read.`,
        cause: err,
      }),
    redaction: PAYMENT_REDACTION,
    sink: onCall && ((call) => onCall({ provider, ...call })),
  });
}
