import { describe, expect, it } from 'vitest';
import type { TArTransaction } from '@cd/contracts/accounting';
import {
  agingShares,
  arErrorKeyOf,
  formatAgingCell,
  isSelectable,
  nextCursorOf,
  periodOf,
  selectedTransactions,
  selectionSum,
  statementFileName,
  worstBucketOf,
} from './ar-screen';

const tx = (id: number, amount: number, transactionAt: string, extra: Partial<TArTransaction> = {}): TArTransaction => ({
  '@id': `/api/automotive/transactions/${id}`,
  '@type': 'Transaction',
  id,
  customer: '/api/charge_customers/1',
  documentNumber: `D-${id}`,
  transactionNumber: '',
  sequenceNumber: 1,
  transactionAt,
  amount,
  journal: 'SJ',
  source: 'parts',
  reconciled: false,
  inStatement: false,
  statement: null,
  ...extra,
});

describe('selection', () => {
  const rows = [
    tx(1, 123456, '2025-03-10T15:00:00.000Z'),
    tx(2, -3456, '2025-03-02T04:30:00.000Z'),
    tx(3, 1, '2025-03-05T12:00:00.000Z', { inStatement: true, statement: '/api/automotive/statements/9' }),
    tx(4, 10, '2025-03-06T12:00:00.000Z', { reconciled: true }),
    tx(5, 10, '2025-01-01T12:00:00.000Z'),
  ];

  it('sums the picked transactions in exact signed cents', () => {
    expect(selectionSum(selectedTransactions(rows, new Set([1, 2])))).toBe(120000);
    expect(selectionSum([tx(7, 10, ''), tx(8, 20, ''), tx(9, -0, '')])).toBe(30);
    expect(selectionSum([])).toBe(0);
  });

  it('drops picked rows that are no longer open (a live update put them on a statement or reconciled them)', () => {
    expect(selectedTransactions(rows, new Set([1, 3, 4, 99])).map((r) => r.id)).toEqual([1]);
    expect(rows.map(isSelectable)).toEqual([true, true, false, false, true]);
  });

  it('takes the period from the picked days in the company’s zone', () => {
    const picked = selectedTransactions(rows, new Set([1, 2]));
    // 04:30 UTC on March 2 is still March 1 in New York.
    expect(periodOf(picked, 'America/New_York')).toEqual({ from: '2025-03-01', to: '2025-03-10' });
    expect(periodOf(picked, 'UTC')).toEqual({ from: '2025-03-02', to: '2025-03-10' });
    expect(periodOf([], 'UTC')).toBeNull();
  });
});

describe('aging formatting', () => {
  it('shows a dash for an empty bucket and money otherwise', () => {
    expect(formatAgingCell(0)).toBe('—');
    expect(formatAgingCell(123456)).toContain('1,234.56');
    expect(formatAgingCell(-500)).toContain('5.00');
  });

  it('splits the owed balance into whole percents, ignoring credits', () => {
    expect(agingShares({ current: 5000, days30: 2500, days60: 0, days90: 2500, total: 10000 })).toEqual({ current: 50, days30: 25, days60: 0, days90: 25 });
    expect(agingShares({ current: -100, days30: 0, days60: 0, days90: 0, total: -100 })).toEqual({ current: 0, days30: 0, days60: 0, days90: 0 });
  });

  it('names the oldest bucket holding money', () => {
    expect(worstBucketOf({ current: 1, days30: 0, days60: 5, days90: 0, total: 6 })).toBe('days60');
    expect(worstBucketOf({ current: 0, days30: 0, days60: 0, days90: 0, total: 0 })).toBeNull();
  });
});

describe('paging and errors', () => {
  it('reads the keyset cursor from view.next', () => {
    expect(nextCursorOf('/api/automotive/transactions?customer=3&before=2025-03-01T05%3A00%3A00.000Z_42')).toBe('2025-03-01T05:00:00.000Z_42');
    expect(nextCursorOf(undefined)).toBeNull();
    expect(nextCursorOf('/api/automotive/transactions?customer=3')).toBeNull();
  });

  it('explains the server’s refusals, and leaves unknown ones to the server text', () => {
    expect(arErrorKeyOf({ violations: [{ propertyPath: 'customer', message: 'charge_customer_has_no_messaging_customer' }] })).toBe(
      'ar_err_no_messaging_customer',
    );
    expect(arErrorKeyOf({ violations: [{ propertyPath: 'payment', message: 'payment_not_enabled' }] })).toBe('ar_err_payments_off');
    expect(arErrorKeyOf({ status: 409, description: 'transaction_reconciled_or_in_statement' })).toBe('ar_err_transaction_unavailable');
    expect(arErrorKeyOf({ description: 'Something else' })).toBeNull();
    expect(arErrorKeyOf(null)).toBeNull();
  });

  it('names the PDF file safely', () => {
    expect(statementFileName({ id: 7, accountNumber: 'AR/10 01', to: '2025-03-31' })).toBe('statement-AR_10_01-2025-03-31-7.pdf');
  });
});
