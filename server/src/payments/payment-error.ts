import type { TPaymentProviderName } from './payment-processor.types';

/**
 * - unavailable: no useful answer (down, 5xx, unreadable or oversized answer)
 * - timeout: no answer in time
 * - auth: our credentials were refused (bad key, bad PIN hash, PIN missing for refunds)
 * - rejected: the processor understood and said no (unknown command, refund over the amount, key already used)
 * - rate_limited: too many calls; wait `retryAfterMs` when given
 * - not_found: the transaction, device or request is unknown
 * - busy / offline: a card terminal is processing another request or is not connected
 */
export type TPaymentErrorKind = 'unavailable' | 'timeout' | 'auth' | 'rejected' | 'rate_limited' | 'not_found' | 'busy' | 'offline';

const RETRYABLE: Record<TPaymentErrorKind, boolean> = {
  unavailable: true,
  timeout: true,
  auth: false,
  rejected: false,
  rate_limited: true,
  not_found: false,
  busy: true,
  offline: true,
};

/** The one error every payment adapter throws. Its message is already free of card data and secrets. */
export class PaymentError extends Error {
  readonly provider: TPaymentProviderName;
  readonly kind: TPaymentErrorKind;
  readonly retryable: boolean;
  /** The request may have reached the processor and charged: reconcile (findTransaction) before retrying. */
  readonly outcomeUnknown: boolean;
  readonly status: number | null;
  /** The processor's own code ("155", "21146"), as text. */
  readonly providerCode: string | null;
  readonly retryAfterMs: number | null;

  constructor(opts: {
    provider: TPaymentProviderName;
    kind: TPaymentErrorKind;
    message: string;
    retryable?: boolean;
    outcomeUnknown?: boolean;
    status?: number | null;
    providerCode?: string | null;
    retryAfterMs?: number | null;
    cause?: unknown;
  }) {
    super(opts.message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'PaymentError';
    this.provider = opts.provider;
    this.kind = opts.kind;
    this.retryable = opts.retryable ?? RETRYABLE[opts.kind];
    this.outcomeUnknown = opts.outcomeUnknown ?? false;
    this.status = opts.status ?? null;
    this.providerCode = opts.providerCode ?? null;
    this.retryAfterMs = opts.retryAfterMs ?? null;
  }
}
