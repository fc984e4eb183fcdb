/**
 * One payment attempt on the public page: the idempotency key is made once per attempt and kept until the server
 * has answered it for sure, so a double tap, or "try again" after the connection dropped mid-charge, sends the same
 * key and the server answers the first result instead of charging twice. A clear answer (approved, declined, error)
 * ends the attempt: the next try is a new attempt with a new key.
 */

export interface TAttempt {
  /** The idempotency key of the attempt in progress; null between attempts. */
  key: string | null;
  /** The one-time payment key the tokenise step gave for this attempt's card (reused while the charge is unresolved). */
  paymentKey: string | null;
}

export const NO_ATTEMPT: TAttempt = { key: null, paymentKey: null };

/** Starts an attempt, or continues the unresolved one (its key is kept: the server may already have it). */
export function beginAttempt(attempt: TAttempt, newKey: () => string): TAttempt {
  return attempt.key ? attempt : { key: newKey(), paymentKey: null };
}

/** The card was tokenised for this attempt. */
export function withPaymentKey(attempt: TAttempt, paymentKey: string): TAttempt {
  return { ...attempt, paymentKey };
}

/**
 * The customer changed the card while an attempt is unresolved: the one-time payment key belongs to the old card and
 * is dropped, the idempotency key stays (if the first charge did go through, the server answers it, not a second).
 */
export function cardChanged(attempt: TAttempt): TAttempt {
  return attempt.paymentKey ? { ...attempt, paymentKey: null } : attempt;
}

/**
 * After a call: `settled` true when the server answered the charge (any result it stores, approved or declined),
 * false when the outcome is unknown (network failure, timeout, 5xx) and the same key must be sent again.
 */
export function endAttempt(attempt: TAttempt, settled: boolean): TAttempt {
  return settled ? NO_ATTEMPT : attempt;
}

/** A browser-made attempt key (UUID v4); crypto.randomUUID is in every browser the app supports. */
export function newAttemptKey(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  // Older WebViews: v4 from random bytes.
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
