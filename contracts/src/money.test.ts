import { describe, expect, it } from 'vitest';
import { centsToDollarInput, dollarsToCents, formatCents } from './money';

describe('dollarsToCents', () => {
  it('converts dollar text to exact cents', () => {
    expect(dollarsToCents('12')).toBe(1200);
    expect(dollarsToCents('12.5')).toBe(1250);
    expect(dollarsToCents('0.29')).toBe(29);
    expect(dollarsToCents('1,234.56')).toBe(123456);
    expect(dollarsToCents(' $7.05 ')).toBe(705);
    expect(dollarsToCents('.5')).toBe(50);
    expect(dollarsToCents('3.')).toBe(300);
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents('0')).toBe(0);
  });
  it('rejects negatives, more than two decimals and junk', () => {
    for (const bad of ['-1', '1.234', 'abc', '', '1e3', '1.2.3', '.', '$']) expect(dollarsToCents(bad), bad).toBeNull();
  });
});

describe('formatCents', () => {
  it('shows two decimals, a thousands separator and $', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(-250)).toBe('-$2.50');
  });
  it('shows N/A for a missing price', () => {
    expect(formatCents(null)).toBe('N/A');
    expect(formatCents(undefined)).toBe('N/A');
  });
});

describe('centsToDollarInput', () => {
  it('round-trips with dollarsToCents', () => {
    for (const c of [0, 5, 29, 1250, 123456]) expect(dollarsToCents(centsToDollarInput(c))).toBe(c);
    expect(centsToDollarInput(null)).toBe('');
  });
});
