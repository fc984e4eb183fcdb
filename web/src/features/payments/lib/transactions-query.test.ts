import { describe, expect, it } from 'vitest';
import {
  EMPTY_TRANSACTION_FILTERS,
  filtersProblem,
  readRefundAmount,
  readTransactionFilters,
  transactionApiQuery,
  transactionsCsvName,
  writeTransactionFilters,
} from './transactions-query';

describe('transaction filters', () => {
  it('round-trips through the address and ignores what it cannot read', () => {
    const f = { status: 'approved' as const, method: 'card' as const, from: '2026-11-01', to: '2026-11-30', search: 'RO-1' };
    expect(readTransactionFilters(writeTransactionFilters(f))).toEqual(f);
    expect(writeTransactionFilters(EMPTY_TRANSACTION_FILTERS).toString()).toBe('');
    expect(readTransactionFilters(new URLSearchParams('status=robbed&method=cash&from=2026-02-30&to=yesterday'))).toEqual(EMPTY_TRANSACTION_FILTERS);
  });

  it('asks for whole local days, the last one included', () => {
    const q = transactionApiQuery({ ...EMPTY_TRANSACTION_FILTERS, from: '2026-11-01', to: '2026-11-30', search: '  Smith ' });
    expect(q['createdAt[after]']).toBe(new Date(2026, 10, 1).toISOString());
    expect(q['createdAt[before]']).toBe(new Date(2026, 11, 1).toISOString());
    expect(q.search).toBe('Smith');
    expect(transactionApiQuery(EMPTY_TRANSACTION_FILTERS)).toEqual({});
  });

  it('refuses a range that ends before it starts', () => {
    expect(filtersProblem({ ...EMPTY_TRANSACTION_FILTERS, from: '2026-11-02', to: '2026-11-01' })).toBe('payment_filter_dates_reversed');
    expect(filtersProblem({ ...EMPTY_TRANSACTION_FILTERS, from: '2026-11-01', to: '2026-11-01' })).toBeNull();
  });

  it('names the CSV after its filter', () => {
    expect(transactionsCsvName(EMPTY_TRANSACTION_FILTERS, '2026-11-28')).toBe('transactions.csv');
    expect(transactionsCsvName({ ...EMPTY_TRANSACTION_FILTERS, from: '2026-11-01', status: 'approved' }, '2026-11-28')).toBe(
      'transactions-2026-11-01-2026-11-28-approved.csv',
    );
  });
});

describe('refund amount', () => {
  it('is everything that remains, or a part above zero within it', () => {
    expect(readRefundAmount({ full: true, text: 'junk', refundableCents: 5000 })).toEqual({ ok: true, amountCents: null });
    expect(readRefundAmount({ full: false, text: '12.50', refundableCents: 5000 })).toEqual({ ok: true, amountCents: 1250 });
    expect(readRefundAmount({ full: false, text: '$50.00', refundableCents: 5000 })).toEqual({ ok: true, amountCents: null });
    expect(readRefundAmount({ full: false, text: '50.01', refundableCents: 5000 })).toEqual({ ok: false, error: 'refund_amount_too_large' });
    expect(readRefundAmount({ full: false, text: '0', refundableCents: 5000 })).toEqual({ ok: false, error: 'refund_amount_zero' });
    expect(readRefundAmount({ full: false, text: '-5', refundableCents: 5000 })).toEqual({ ok: false, error: 'refund_amount_invalid' });
    expect(readRefundAmount({ full: false, text: '1.234', refundableCents: 5000 })).toEqual({ ok: false, error: 'refund_amount_invalid' });
  });
});
