import type { TDmsPushedLine, TDmsVendor } from './dms.types';

/**
 * - unavailable: the DMS did not answer usefully (down, 5xx, broken or oversized answer)
 * - timeout: no answer in time (request deadline, or a bulk job that never finished)
 * - auth: our credentials or the dealer's grant were refused
 * - rejected: the DMS understood and said no (validation, unknown order)
 * - rate_limited: too many calls; wait `retryAfterMs` when given
 */
export type TDmsErrorKind = 'unavailable' | 'timeout' | 'auth' | 'rejected' | 'rate_limited';

const RETRYABLE_BY_DEFAULT: Record<TDmsErrorKind, boolean> = {
  unavailable: true,
  timeout: true,
  auth: false,
  rejected: false,
  rate_limited: true,
};

/** The one error every DMS adapter throws; the module queues and retries pushes when `retryable`. */
export class DmsError extends Error {
  readonly vendor: TDmsVendor;
  readonly kind: TDmsErrorKind;
  readonly retryable: boolean;
  /** HTTP status when there was an answer. */
  readonly status: number | null;
  /** The vendor's own error code (Dealertrack `RO27`, `311`; Fortellis `TOKEN-EXPIRED`...). */
  readonly vendorCode: string | null;
  readonly retryAfterMs: number | null;
  /** Lines that did reach the DMS before a push failed part-way (never push them again). */
  readonly pushedLines: TDmsPushedLine[];

  constructor(opts: {
    vendor: TDmsVendor;
    kind: TDmsErrorKind;
    message: string;
    retryable?: boolean;
    status?: number | null;
    vendorCode?: string | null;
    retryAfterMs?: number | null;
    pushedLines?: TDmsPushedLine[];
    cause?: unknown;
  }) {
    super(opts.message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'DmsError';
    this.vendor = opts.vendor;
    this.kind = opts.kind;
    this.retryable = opts.retryable ?? RETRYABLE_BY_DEFAULT[opts.kind];
    this.status = opts.status ?? null;
    this.vendorCode = opts.vendorCode ?? null;
    this.retryAfterMs = opts.retryAfterMs ?? null;
    this.pushedLines = opts.pushedLines ?? [];
  }
}

/** A new error with the lines already pushed attached (the original kind, message and retry advice kept). */
export function withPushedLines(err: DmsError, pushedLines: TDmsPushedLine[]): DmsError {
  return new DmsError({ ...err, message: err.message, pushedLines, cause: err.cause });
}
