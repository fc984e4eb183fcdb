/**
 * Money for payment requests, parts tickets and statements (issue 17): strict parsing of what a person types, the
 * decimal text card processors want on the wire, and line arithmetic in integer cents with ONE rounding rule.
 *
 * The rule (docs/payments.md, "Money"):
 *   line net   = unit price (cents) × quantity, rounded half away from zero to a whole cent
 *   line tax   = the line's tax in cents when given, else line net × tax rate, rounded half away from zero
 *   line total = line net + line tax
 *   subtotal = Σ line net;  tax = Σ line tax;  total = subtotal + tax   (sums of whole cents: no rounding after)
 * Rounding per line (not on the sum) is what a printed invoice shows: every line's figures add up on paper.
 * Quantities carry up to 3 decimals (1.5 h of labour, 2.125 gal) and are held as integer thousandths; tax rates
 * carry up to 3 decimals of a percent (8.875 %) and are held as integer thousandths of a percent. All products are
 * computed in BigInt, so no intermediate loses precision whatever the size.
 */
import { formatCents } from './money';

/** Largest amount accepted anywhere: $99,999,999.99 (processors cap far lower; this keeps every sum a safe integer). */
export const MAX_MONEY_CENTS = 9_999_999_999;
/** Quantities: up to 3 decimals, held as thousandths; at most 999,999.999. */
export const QUANTITY_SCALE = 1000;
export const MAX_QUANTITY_MILLI = 999_999_999;
/** Tax rates: up to 3 decimals of a percent, held as thousandths of a percent (8.875 % = 8875); 0–100 %. */
export const TAX_RATE_SCALE = 1000;
export const MAX_TAX_RATE_MILLI = 100 * TAX_RATE_SCALE;

/** Why typed money was refused (message keys for the forms). */
export type TMoneyParseError = 'money_empty' | 'money_invalid' | 'money_negative' | 'money_too_many_decimals' | 'money_too_large';
export type TParsed<T, E extends string> = { ok: true; value: T } | { ok: false; error: E };

// "$", optional sign, digits either plain or grouped by commas in threes, then an optional fraction.
const MONEY_TEXT = /^(-)?\$?(-)?(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d*))?$/;

/**
 * Strictly parses "12", "12.3", "12.34", ".5", "$1,234.56", "-$2.50" (negatives only with `allowNegative`).
 * Refused: misplaced commas ("1,23", "12,34"), 3+ decimals, exponents, spaces inside, a lone "." or "$".
 */
export function parseMoney(input: string, options: { allowNegative?: boolean } = {}): TParsed<number, TMoneyParseError> {
  const text = input.trim();
  if (text === '') return { ok: false, error: 'money_empty' };
  const m = MONEY_TEXT.exec(text);
  if (!m || (m[1] && m[2]) || (m[3] === undefined && !m[4])) return { ok: false, error: 'money_invalid' };
  const fraction = m[4] ?? '';
  if (fraction.length > 2) return { ok: false, error: 'money_too_many_decimals' };
  const whole = (m[3] ?? '0').replace(/,/g, '');
  if (whole.length > 10) return { ok: false, error: 'money_too_large' };
  const magnitude = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (magnitude > MAX_MONEY_CENTS) return { ok: false, error: 'money_too_large' };
  const negative = Boolean(m[1] ?? m[2]) && magnitude !== 0;
  if (negative && !options.allowNegative) return { ok: false, error: 'money_negative' };
  return { ok: true, value: negative ? -magnitude : magnitude };
}

/** Cents → "$1,234.56" / "-$2.50" (the display form; parseMoney reads it back). */
export function formatMoney(cents: number): string {
  return formatCents(cents);
}

/** Cents → the processor's decimal text: 1234 → "12.34", 5 → "0.05", -250 → "-2.50" (no grouping, no symbol). */
export function formatDecimalAmount(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`);
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A processor's decimal amount ("12.34", "12.3", "12", 12.34) → cents; null when it is not one (more decimals, junk). */
export function parseDecimalAmount(value: unknown): number | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? value.toFixed(2) : '') : typeof value === 'string' ? value.trim() : '';
  const m = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return m[1] && cents !== 0 ? -cents : cents;
}

export type TQuantityParseError = 'quantity_invalid' | 'quantity_not_positive' | 'quantity_too_many_decimals' | 'quantity_too_large';

/** "2", "1.5", "0.125" → thousandths (2000, 1500, 125). Quantities are positive; a discount is a negative price. */
export function parseQuantity(input: string): TParsed<number, TQuantityParseError> {
  const m = /^(\d+)?(?:\.(\d*))?$/.exec(input.trim());
  if (!m || (m[1] === undefined && !m[2])) return { ok: false, error: 'quantity_invalid' };
  const fraction = m[2] ?? '';
  if (fraction.length > 3) return { ok: false, error: 'quantity_too_many_decimals' };
  const whole = m[1] ?? '0';
  if (whole.length > 6) return { ok: false, error: 'quantity_too_large' };
  const milli = Number(whole) * QUANTITY_SCALE + Number(fraction.padEnd(3, '0'));
  if (milli === 0) return { ok: false, error: 'quantity_not_positive' };
  return { ok: true, value: milli };
}

/** Thousandths → the shortest text: 2000 → "2", 1500 → "1.5", 125 → "0.125". */
export function formatQuantity(milli: number): string {
  const whole = Math.floor(milli / QUANTITY_SCALE);
  const fraction = String(milli % QUANTITY_SCALE)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** n / d rounded half away from zero (d > 0), exactly. */
export function divideRoundHalfAway(n: bigint, d: bigint): bigint {
  const q = n / d; // truncates toward zero
  const r = n % d;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice >= d) return n < 0n ? q - 1n : q + 1n;
  return q;
}

export interface TMoneyLine {
  name: string;
  /** May be negative for a discount line. */
  unitPriceCents: number;
  /** Thousandths of a unit (1 = 1000), > 0. */
  quantityMilli: number;
  /** Either a rate in thousandths of a percent (8.875 % = 8875)… */
  taxRateMilli?: number | null;
  /** …or the line's tax in cents as printed by the DMS / entered by hand (wins over the rate). */
  taxCents?: number | null;
}

export interface TMoneyLineTotals {
  netCents: number;
  taxCents: number;
  totalCents: number;
}

export interface TMoneyTotals {
  lines: TMoneyLineTotals[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
}

export type TMoneyLineError = 'unit_price_invalid' | 'quantity_invalid' | 'tax_rate_invalid' | 'tax_cents_invalid' | 'total_too_large';

/** The first thing wrong with a line, or null. */
export function checkMoneyLine(line: TMoneyLine): TMoneyLineError | null {
  if (!Number.isSafeInteger(line.unitPriceCents) || Math.abs(line.unitPriceCents) > MAX_MONEY_CENTS) return 'unit_price_invalid';
  if (!Number.isSafeInteger(line.quantityMilli) || line.quantityMilli <= 0 || line.quantityMilli > MAX_QUANTITY_MILLI) return 'quantity_invalid';
  const rate = line.taxRateMilli;
  if (rate !== null && rate !== undefined && (!Number.isSafeInteger(rate) || rate < 0 || rate > MAX_TAX_RATE_MILLI)) return 'tax_rate_invalid';
  const tax = line.taxCents;
  if (tax !== null && tax !== undefined && (!Number.isSafeInteger(tax) || Math.abs(tax) > MAX_MONEY_CENTS)) return 'tax_cents_invalid';
  return null;
}

/** One line by the rule above. Throws RangeError on a line checkMoneyLine refuses. */
export function computeMoneyLine(line: TMoneyLine): TMoneyLineTotals {
  const error = checkMoneyLine(line);
  if (error) throw new RangeError(error);
  const net = divideRoundHalfAway(BigInt(line.unitPriceCents) * BigInt(line.quantityMilli), BigInt(QUANTITY_SCALE));
  const tax =
    line.taxCents !== null && line.taxCents !== undefined
      ? BigInt(line.taxCents)
      : divideRoundHalfAway(net * BigInt(line.taxRateMilli ?? 0), BigInt(100 * TAX_RATE_SCALE));
  const netCents = Number(net);
  const taxCents = Number(tax);
  return { netCents, taxCents, totalCents: netCents + taxCents };
}

/**
 * Every line, the subtotal, the tax and the total. `ok: false` when a line is invalid (its index given) or the
 * total leaves the accepted range; whether a zero or negative total may be charged is the caller's rule
 * (payment requests refuse a zero amount, spec part 2 §5).
 */
export function computeMoneyTotals(lines: readonly TMoneyLine[]): TParsed<TMoneyTotals, TMoneyLineError> & { line?: number } {
  const out: TMoneyLineTotals[] = [];
  let subtotal = 0;
  let tax = 0;
  for (const [index, line] of lines.entries()) {
    const error = checkMoneyLine(line);
    if (error) return { ok: false, error, line: index };
    const t = computeMoneyLine(line);
    out.push(t);
    subtotal += t.netCents;
    tax += t.taxCents;
    if (Math.abs(subtotal) > MAX_MONEY_CENTS || Math.abs(subtotal + tax) > MAX_MONEY_CENTS) return { ok: false, error: 'total_too_large', line: index };
  }
  return { ok: true, value: { lines: out, subtotalCents: subtotal, taxCents: tax, totalCents: subtotal + tax } };
}
