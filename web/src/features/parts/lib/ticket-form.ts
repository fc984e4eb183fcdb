import { computeMoneyTotals, parseMoney, parseQuantity, QUANTITY_SCALE, type TMoneyTotals } from '@cd/contracts/payment-money';
import { moneyLineOf, type TPartsLineInput } from '@cd/contracts/parts';

/** A line as typed in the ticket dialog (text fields). */
export interface TLineDraft {
  partNumber: string;
  description: string;
  quantity: string;
  unitPrice: string;
  taxRate: string;
}

export const EMPTY_LINE: TLineDraft = { partNumber: '', description: '', quantity: '1', unitPrice: '', taxRate: '' };

/** The line for the API, or the field that is wrong. Prices may be negative (a return or a discount). */
export function parseLineDraft(d: TLineDraft): { ok: true; line: TPartsLineInput } | { ok: false; field: keyof TLineDraft } {
  const q = parseQuantity(d.quantity);
  if (!q.ok) return { ok: false, field: 'quantity' };
  const price = parseMoney(d.unitPrice, { allowNegative: true });
  if (!price.ok) return { ok: false, field: 'unitPrice' };
  let taxRate: number | null = null;
  const rateText = d.taxRate.trim().replace(/%$/, '');
  if (rateText !== '') {
    if (!/^\d{1,3}(\.\d{1,3})?$/.test(rateText) || Number(rateText) > 100) return { ok: false, field: 'taxRate' };
    taxRate = Number(rateText);
  }
  if (!d.partNumber.trim() && !d.description.trim()) return { ok: false, field: 'description' };
  return {
    ok: true,
    line: { partNumber: d.partNumber.trim(), description: d.description.trim(), quantity: q.value / QUANTITY_SCALE, unitPriceCents: price.value, taxRate },
  };
}

/** The totals the server will compute (same rule, same code), for the lines that parse; null when none does. */
export function previewTotals(drafts: TLineDraft[]): TMoneyTotals | null {
  const lines = drafts.map(parseLineDraft).flatMap((p) => (p.ok ? [moneyLineOf(p.line)] : []));
  if (!lines.length) return null;
  const t = computeMoneyTotals(lines);
  return t.ok ? t.value : null;
}
