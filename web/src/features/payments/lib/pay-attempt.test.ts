import { describe, expect, it } from 'vitest';
import { beginAttempt, cardChanged, endAttempt, newAttemptKey, NO_ATTEMPT, withPaymentKey } from './pay-attempt';

const keys = () => {
  let n = 0;
  return () => `key-${++n}`;
};

describe('payment attempts', () => {
  it('keeps one idempotency key until the server has answered for sure', () => {
    const next = keys();
    let a = beginAttempt(NO_ATTEMPT, next);
    expect(a).toEqual({ key: 'key-1', paymentKey: null });
    a = withPaymentKey(a, 'pk-1');
    // The answer was lost: the next tap continues the same attempt, payment key included.
    a = endAttempt(a, false);
    a = beginAttempt(a, next);
    expect(a).toEqual({ key: 'key-1', paymentKey: 'pk-1' });
    // A clear answer ends it: the next tap is a new attempt.
    a = endAttempt(a, true);
    expect(a).toEqual(NO_ATTEMPT);
    expect(beginAttempt(a, next).key).toBe('key-2');
  });

  it('drops the old card’s one-time key when the card changes, but keeps the attempt key', () => {
    const a = withPaymentKey(beginAttempt(NO_ATTEMPT, keys()), 'pk-1');
    expect(cardChanged(a)).toEqual({ key: 'key-1', paymentKey: null });
    expect(cardChanged(NO_ATTEMPT)).toBe(NO_ATTEMPT);
  });

  it('makes UUID v4 keys (what the charge body requires)', () => {
    const a = newAttemptKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newAttemptKey()).not.toBe(a);
  });
});
