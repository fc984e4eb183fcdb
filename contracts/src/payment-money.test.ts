import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_MONEY_CENTS,
  MAX_QUANTITY_MILLI,
  MAX_TAX_RATE_MILLI,
  computeMoneyLine,
  computeMoneyTotals,
  divideRoundHalfAway,
  formatDecimalAmount,
  formatMoney,
  formatQuantity,
  parseDecimalAmount,
  parseMoney,
  parseQuantity,
  type TMoneyLine,
} from './payment-money';

const cents = fc.integer({ min: -MAX_MONEY_CENTS, max: MAX_MONEY_CENTS });
const priceCents = fc.integer({ min: -1_000_000, max: 1_000_000 });
const quantityMilli = fc.integer({ min: 1, max: MAX_QUANTITY_MILLI });
const line: fc.Arbitrary<TMoneyLine> = fc.record({
  name: fc.string({ maxLength: 20 }),
  unitPriceCents: priceCents,
  quantityMilli: fc.integer({ min: 1, max: 100_000 }),
  taxRateMilli: fc.option(fc.integer({ min: 0, max: MAX_TAX_RATE_MILLI }), { nil: null }),
  taxCents: fc.option(fc.integer({ min: -100_000, max: 100_000 }), { nil: null }),
});

describe('parseMoney', () => {
  it('reads what people type', () => {
    const ok = (text: string, allowNegative = false) => {
      const r = parseMoney(text, { allowNegative });
      return r.ok ? r.value : r.error;
    };
    expect(ok('12')).toBe(1200);
    expect(ok('12.3')).toBe(1230);
    expect(ok('12.34')).toBe(1234);
    expect(ok(' $1,234.56 ')).toBe(123456);
    expect(ok('.5')).toBe(50);
    expect(ok('3.')).toBe(300);
    expect(ok('0')).toBe(0);
    expect(ok('-$2.50', true)).toBe(-250);
    expect(ok('$-2.50', true)).toBe(-250);
    expect(ok('-0')).toBe(0);
  });
  it('refuses ambiguous or malformed text with a reason', () => {
    const err = (text: string) => {
      const r = parseMoney(text);
      return r.ok ? `accepted ${r.value}` : r.error;
    };
    expect(err('')).toBe('money_empty');
    expect(err('-2.50')).toBe('money_negative');
    expect(err('1.234')).toBe('money_too_many_decimals');
    expect(err('100000000.00')).toBe('money_too_large');
    expect(err('99999999999999999999')).toBe('money_too_large');
    for (const bad of ['12,34', '1,23', '1,2345', ',123', '1e3', '1 000', '$', '.', '--2', 'abc', '12.3.4', '$$1', '0x10', '١٢'])
      expect(err(bad), bad).toBe('money_invalid');
  });
  it('reads back whatever formatMoney shows (format ∘ parse identity)', () => {
    fc.assert(
      fc.property(cents, (c) => {
        const r = parseMoney(formatMoney(c), { allowNegative: true });
        expect(r).toEqual({ ok: true, value: c });
      }),
    );
  });
  it('never yields fractional cents or values beyond the cap', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 16 }), (text) => {
        const r = parseMoney(text, { allowNegative: true });
        if (r.ok) {
          expect(Number.isSafeInteger(r.value)).toBe(true);
          expect(Math.abs(r.value)).toBeLessThanOrEqual(MAX_MONEY_CENTS);
        }
      }),
    );
  });
});

describe('formatDecimalAmount / parseDecimalAmount (processor wire text)', () => {
  it('formats cents as "12.34" and reads it back for every amount', () => {
    expect(formatDecimalAmount(1234)).toBe('12.34');
    expect(formatDecimalAmount(5)).toBe('0.05');
    expect(formatDecimalAmount(-250)).toBe('-2.50');
    expect(formatDecimalAmount(0)).toBe('0.00');
    expect(() => formatDecimalAmount(1.5)).toThrow(RangeError);
    fc.assert(
      fc.property(cents, (c) => {
        expect(parseDecimalAmount(formatDecimalAmount(c))).toBe(c);
      }),
    );
  });
  it('reads processor variants and refuses junk', () => {
    expect(parseDecimalAmount('500.00')).toBe(50000);
    expect(parseDecimalAmount('8.8')).toBe(880);
    expect(parseDecimalAmount('7')).toBe(700);
    expect(parseDecimalAmount(99.99)).toBe(9999);
    for (const bad of ['1.234', '', 'x', null, undefined, {}, '1,000.00', NaN]) expect(parseDecimalAmount(bad), String(bad)).toBeNull();
  });
});

describe('parseQuantity / formatQuantity', () => {
  it('holds up to 3 decimals as thousandths, positive only', () => {
    expect(parseQuantity('2')).toEqual({ ok: true, value: 2000 });
    expect(parseQuantity('1.5')).toEqual({ ok: true, value: 1500 });
    expect(parseQuantity('.125')).toEqual({ ok: true, value: 125 });
    expect(parseQuantity('0')).toEqual({ ok: false, error: 'quantity_not_positive' });
    expect(parseQuantity('1.2345')).toEqual({ ok: false, error: 'quantity_too_many_decimals' });
    expect(parseQuantity('-1')).toEqual({ ok: false, error: 'quantity_invalid' });
    expect(parseQuantity('1000000')).toEqual({ ok: false, error: 'quantity_too_large' });
    expect(formatQuantity(2000)).toBe('2');
    expect(formatQuantity(1500)).toBe('1.5');
    expect(formatQuantity(125)).toBe('0.125');
  });
  it('round-trips every quantity', () => {
    fc.assert(
      fc.property(quantityMilli, (q) => {
        expect(parseQuantity(formatQuantity(q))).toEqual({ ok: true, value: q });
      }),
    );
  });
});

describe('divideRoundHalfAway', () => {
  it('rounds halves away from zero, symmetric for negatives', () => {
    expect(divideRoundHalfAway(5n, 10n)).toBe(1n);
    expect(divideRoundHalfAway(-5n, 10n)).toBe(-1n);
    expect(divideRoundHalfAway(4n, 10n)).toBe(0n);
    expect(divideRoundHalfAway(-15n, 10n)).toBe(-2n);
    expect(divideRoundHalfAway(25n, 10n)).toBe(3n);
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), fc.bigInt({ min: 1n, max: 10n ** 6n }), (n, d) => {
        const q = divideRoundHalfAway(n, d);
        expect(divideRoundHalfAway(-n, d)).toBe(-q);
        // within half a unit of the exact quotient: |n - q·d| ≤ d/2
        const diff = n - q * d;
        expect((diff < 0n ? -diff : diff) * 2n <= d).toBe(true);
      }),
    );
  });
});

describe('line and total arithmetic', () => {
  it('follows the documented rule on worked examples', () => {
    // 3 × $19.99 = $59.97; 8.875 % tax = 5.3223… → $5.32
    expect(computeMoneyLine({ name: 'Oil', unitPriceCents: 1999, quantityMilli: 3000, taxRateMilli: 8875 })).toEqual({
      netCents: 5997,
      taxCents: 532,
      totalCents: 6529,
    });
    // 1.5 h × $0.99 = 1.485 → $1.49 (half away from zero); no tax
    expect(computeMoneyLine({ name: 'Labour', unitPriceCents: 99, quantityMilli: 1500 })).toEqual({ netCents: 149, taxCents: 0, totalCents: 149 });
    // a discount line rounds symmetrically: -1.485 → -1.49
    expect(computeMoneyLine({ name: 'Discount', unitPriceCents: -99, quantityMilli: 1500 }).netCents).toBe(-149);
    // fixed tax cents win over a rate
    expect(computeMoneyLine({ name: 'Part', unitPriceCents: 1000, quantityMilli: 1000, taxRateMilli: 10_000, taxCents: 7 }).taxCents).toBe(7);
    // rounding per line: two lines of 1.5 × $0.01 = 0.015 → $0.02 each, total $0.04 (not round(0.03) = $0.03)
    const t = computeMoneyTotals([
      { name: 'a', unitPriceCents: 1, quantityMilli: 1500 },
      { name: 'b', unitPriceCents: 1, quantityMilli: 1500 },
    ]);
    expect(t.ok && t.value.totalCents).toBe(4);
  });

  it('total = subtotal + tax = Σ line totals, in whole cents, for any lines', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines) => {
        const r = computeMoneyTotals(lines);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        const t = r.value;
        expect(t.lines).toHaveLength(lines.length);
        expect(t.subtotalCents).toBe(t.lines.reduce((s, l) => s + l.netCents, 0));
        expect(t.taxCents).toBe(t.lines.reduce((s, l) => s + l.taxCents, 0));
        expect(t.totalCents).toBe(t.subtotalCents + t.taxCents);
        expect(t.totalCents).toBe(t.lines.reduce((s, l) => s + l.totalCents, 0));
        for (const v of [t.subtotalCents, t.taxCents, t.totalCents, ...t.lines.flatMap((l) => [l.netCents, l.taxCents, l.totalCents])])
          expect(Number.isSafeInteger(v)).toBe(true);
      }),
    );
  });

  it('a line is within half a cent of the exact product, and the order of lines does not change the totals', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 10 }), (lines) => {
        for (const l of lines) {
          const exactTimes1000 = BigInt(l.unitPriceCents) * BigInt(l.quantityMilli);
          const net = BigInt(computeMoneyLine(l).netCents);
          const diff = exactTimes1000 - net * 1000n;
          expect((diff < 0n ? -diff : diff) * 2n <= 1000n).toBe(true);
        }
        const a = computeMoneyTotals(lines);
        const b = computeMoneyTotals([...lines].reverse());
        expect(a.ok && b.ok && a.value.totalCents === b.value.totalCents).toBe(true);
      }),
    );
  });

  it('a discount line is the exact mirror of the same charge line (negative rule)', () => {
    fc.assert(
      fc.property(line, (l) => {
        const plain = { ...l, taxCents: null };
        const charged = computeMoneyLine(plain);
        const discounted = computeMoneyLine({ ...plain, unitPriceCents: -plain.unitPriceCents });
        expect(discounted.netCents).toBe(-charged.netCents || 0);
        expect(discounted.taxCents).toBe(-charged.taxCents || 0);
      }),
    );
  });

  it('zero quantity, a tax rate over 100 %, fractional cents and overflowing totals are refused with the line index', () => {
    expect(computeMoneyTotals([{ name: 'x', unitPriceCents: 100, quantityMilli: 0 }])).toEqual({ ok: false, error: 'quantity_invalid', line: 0 });
    expect(
      computeMoneyTotals([
        { name: 'ok', unitPriceCents: 100, quantityMilli: 1000 },
        { name: 'x', unitPriceCents: 100, quantityMilli: 1000, taxRateMilli: 100_001 },
      ]),
    ).toEqual({ ok: false, error: 'tax_rate_invalid', line: 1 });
    expect(computeMoneyTotals([{ name: 'x', unitPriceCents: 10.5, quantityMilli: 1000 }])).toMatchObject({ ok: false, error: 'unit_price_invalid' });
    expect(computeMoneyTotals([{ name: 'x', unitPriceCents: 100, quantityMilli: 1000, taxCents: 0.1 }])).toMatchObject({
      ok: false,
      error: 'tax_cents_invalid',
    });
    const big = { name: 'x', unitPriceCents: MAX_MONEY_CENTS, quantityMilli: 2000 };
    expect(computeMoneyTotals([big])).toMatchObject({ ok: false, error: 'total_too_large', line: 0 });
    expect(() => computeMoneyLine({ name: 'x', unitPriceCents: 1, quantityMilli: -1 })).toThrow(RangeError);
  });

  it('an empty list totals zero (the caller refuses a zero amount)', () => {
    expect(computeMoneyTotals([])).toEqual({ ok: true, value: { lines: [], subtotalCents: 0, taxCents: 0, totalCents: 0 } });
  });
});
