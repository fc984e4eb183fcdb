/**
 * Money is kept in integer cents (spec part 1 §3, part 2 §9). These convert what a person types in dollars and
 * show stored cents, without floating-point drift (0.29 * 100 is 28.999… in binary floating point).
 */

/** "12.5", "1,234.56", "$7" → cents; null when the text is not a non-negative amount with at most 2 decimals. */
export function dollarsToCents(input: string | number): number | null {
  const text = String(input).trim().replace(/^\$/, '').replace(/,/g, '').trim();
  const m = /^(\d+)(?:\.(\d{0,2}))?$/.exec(text) ?? /^()\.(\d{1,2})$/.exec(text);
  if (!m) return null;
  const whole = m[1] ? Number(m[1]) : 0;
  const fraction = Number((m[2] ?? '').padEnd(2, '0'));
  const cents = whole * 100 + fraction;
  return Number.isSafeInteger(cents) ? cents : null;
}

const usd = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Cents → "$1,234.56" (currency symbol always $, part 2 §9); "N/A" when missing. */
export function formatCents(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return 'N/A';
  const sign = cents < 0 ? '-' : '';
  return `${sign}$${usd.format(Math.abs(cents) / 100)}`;
}

/** Cents → the plain dollar text an edit field starts with ("1234.50"); empty when missing. */
export function centsToDollarInput(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return '';
  const abs = Math.abs(Math.trunc(cents));
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
