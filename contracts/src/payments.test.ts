import { describe, expect, it } from 'vitest';
import {
  canMovePaymentRequestStatus,
  paymentStatusesBefore,
  toMoneyLine,
  ZPaymentProductInputSchema,
  ZPaymentRequestCreateSchema,
  ZPaymentRequestListQuerySchema,
  ZPublicChargeBodySchema,
  ZPublicCardTokenBodySchema,
} from './payments';

describe('payment request statuses', () => {
  it('lists what may precede a status for the conditional update', () => {
    expect(paymentStatusesBefore('paid').sort()).toEqual(['created', 'failed', 'not_created', 'sent']);
    expect(paymentStatusesBefore('expired').sort()).toEqual(['created', 'failed', 'sent']);
    expect(paymentStatusesBefore('not_created')).toEqual([]);
    expect(canMovePaymentRequestStatus({ from: 'failed', to: 'sent' })).toBe(true);
    expect(canMovePaymentRequestStatus({ from: 'expired', to: 'paid' })).toBe(false);
  });
});

describe('product lines', () => {
  it('turns quantities and rates into the money rule’s thousandths', () => {
    const line = ZPaymentProductInputSchema.parse({ name: ' Labour ', unitPriceCents: 9999, quantity: 1.5, taxRate: 8.875 });
    expect(line.name).toBe('Labour');
    expect(toMoneyLine(line)).toEqual({ name: 'Labour', unitPriceCents: 9999, quantityMilli: 1500, taxRateMilli: 8875, taxCents: null });
    expect(toMoneyLine(ZPaymentProductInputSchema.parse({ name: 'Part', unitPriceCents: -50 }))).toMatchObject({ quantityMilli: 1000, taxRateMilli: null });
  });

  it('refuses fractional cents, 4-decimal quantities, rates over 100 %, control characters and unknown keys', () => {
    const bad = [
      { name: 'A', unitPriceCents: 1.5 },
      { name: 'A', unitPriceCents: 100, quantity: 1.0001 },
      { name: 'A', unitPriceCents: 100, quantity: 0 },
      { name: 'A', unitPriceCents: 100, taxRate: 100.5 },
      { name: 'A\u0007', unitPriceCents: 100 },
      { name: '', unitPriceCents: 100 },
      { name: 'A', unitPriceCents: 100, extra: true },
    ];
    for (const b of bad) expect(ZPaymentProductInputSchema.safeParse(b).success, JSON.stringify(b)).toBe(false);
  });
});

describe('request and page bodies', () => {
  it('reads references as ids or IRIs and keeps the body strict', () => {
    expect(ZPaymentRequestCreateSchema.parse({ repairOrder: '/api/repair_orders/7', customer: 3 })).toMatchObject({ repairOrder: 7, customer: 3 });
    expect(ZPaymentRequestCreateSchema.safeParse({ repairOrder: '/api/customers/7' }).success).toBe(false);
    expect(ZPaymentRequestCreateSchema.safeParse({ amountCents: 100, status: 'paid' }).success).toBe(false);
  });

  it('list filters: one status or several', () => {
    expect(ZPaymentRequestListQuerySchema.parse({ 'status[]': 'paid' })['status[]']).toEqual(['paid']);
    expect(ZPaymentRequestListQuerySchema.parse({ 'status[]': ['paid', 'sent'] })['status[]']).toEqual(['paid', 'sent']);
    expect(ZPaymentRequestListQuerySchema.safeParse({ status: 'unknown' }).success).toBe(false);
  });

  it('a charge needs a UUID idempotency key; a card body is short', () => {
    expect(ZPublicChargeBodySchema.safeParse({ paymentKey: 'pk', idempotencyKey: '3b241101-e2bb-4255-8caf-4136c566a962' }).success).toBe(true);
    expect(ZPublicChargeBodySchema.safeParse({ paymentKey: 'pk', idempotencyKey: 'again' }).success).toBe(false);
    expect(ZPublicCardTokenBodySchema.safeParse({ number: '4'.repeat(41), expiration: '12/39', cvc: '123' }).success).toBe(false);
  });
});
