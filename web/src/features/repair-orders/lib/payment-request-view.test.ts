import { describe, expect, it } from 'vitest';
import { PAYMENT_REQUEST_STATUSES } from '@cd/contracts/payments';
import en from '../../../locales/en/translation.json';
import { canCancelRequest, canResendRequest, paymentStatusLabelKey, requestTimeline } from './payment-request-view';

const base = { createdAt: '2026-11-01T10:00:00Z', sentAt: null, paidAt: null, expiresAt: null, cancelledAt: null };

describe('payment requests on the order', () => {
  it('names every status and "cancelled"', () => {
    for (const s of [...PAYMENT_REQUEST_STATUSES, 'cancelled' as const]) expect(en).toHaveProperty(paymentStatusLabelKey(s));
  });

  it('offers resend and cancel only while the request is open', () => {
    expect(canResendRequest({ status: 'sent', cancelledAt: null })).toBe(true);
    expect(canResendRequest({ status: 'failed', cancelledAt: null })).toBe(true);
    expect(canResendRequest({ status: 'sent', cancelledAt: '2026-11-02T00:00:00Z' })).toBe(false);
    expect(canResendRequest({ status: 'not_created', cancelledAt: null })).toBe(false);
    expect(canCancelRequest({ status: 'paid', cancelledAt: null })).toBe(false);
    expect(canCancelRequest({ status: 'expired', cancelledAt: null })).toBe(false);
    expect(canCancelRequest({ status: 'created', cancelledAt: null })).toBe(true);
  });

  it('lists the dates that matter, oldest first', () => {
    expect(requestTimeline({ ...base, status: 'created' }).map((e) => e.key)).toEqual(['payment_created_at']);
    expect(requestTimeline({ ...base, status: 'sent', sentAt: '2026-11-01T10:01:00Z', expiresAt: '2026-11-08T10:01:00Z' }).map((e) => e.key)).toEqual([
      'payment_created_at',
      'payment_sent_at',
      'payment_expires_at',
    ]);
    expect(requestTimeline({ ...base, status: 'expired', sentAt: '2026-11-01T10:01:00Z', expiresAt: '2026-11-08T10:01:00Z' }).at(-1)!.key).toBe(
      'payment_expired_at',
    );
    expect(requestTimeline({ ...base, status: 'paid', paidAt: '2026-11-02T00:00:00Z', expiresAt: '2026-11-08T10:01:00Z' }).at(-1)!.key).toBe('payment_paid_at');
    expect(requestTimeline({ ...base, status: 'sent', cancelledAt: '2026-11-02T00:00:00Z' }).at(-1)!.key).toBe('payment_cancelled_at');
  });
});
