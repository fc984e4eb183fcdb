import { describe, expect, it } from 'vitest';
import type { TRecurringRule } from '@cd/contracts/payment-operations';
import { canRevoke, expiryOf, monthLabel, monthsOf, statusColor } from './recurring-rule-view';

const card = (over: Partial<TRecurringRule['savedCard']> = {}): TRecurringRule['savedCard'] => ({
  '@id': '/api/payment/saved_cards/1',
  id: 1,
  cardBrand: 'visa',
  cardLast4: '2224',
  consentName: 'Pat',
  consentAt: '2026-01-01T00:00:00Z',
  revokedAt: null,
  expiryMonth: 3,
  expiryYear: 2027,
  expired: false,
  ...over,
});

describe('recurring rule view', () => {
  it('names the months', () => {
    expect(monthLabel('2027-03')).toBe('03/2027');
    expect(monthsOf({ startMonth: '2027-01', endMonth: '2027-06' })).toEqual({ key: 'recurring_rule_months', values: { start: '01/2027', end: '06/2027' } });
    expect(monthsOf({ startMonth: '2027-01', endMonth: null }).key).toBe('recurring_rule_from');
    expect(monthsOf({ startMonth: null, endMonth: '2027-06' })).toEqual({ key: 'recurring_rule_until', values: { end: '06/2027' } });
    expect(monthsOf({ startMonth: null, endMonth: null }).key).toBe('recurring_rule_every_month');
  });

  it('shows the expiry when known', () => {
    expect(expiryOf(card())).toBe('03/2027');
    expect(expiryOf(card({ expiryMonth: null, expiryYear: null }))).toBeNull();
  });

  it('colours statuses and offers revoking only an unrevoked card', () => {
    expect(statusColor('active')).toBe('success');
    expect(statusColor('card_expired')).toBe('warning');
    expect(statusColor('cancelled')).toBe('default');
    expect(canRevoke({ savedCard: card() } as TRecurringRule)).toBe(true);
    expect(canRevoke({ savedCard: card({ revokedAt: '2026-02-01T00:00:00Z' }) } as TRecurringRule)).toBe(false);
  });
});
