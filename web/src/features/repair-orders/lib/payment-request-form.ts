import {
  computeMoneyTotals,
  formatDecimalAmount,
  parseMoney,
  parseQuantity,
  QUANTITY_SCALE,
  TAX_RATE_SCALE,
  type TMoneyTotals,
} from '@cd/contracts/payment-money';
import { PAYMENT_AMOUNT_ZERO, PAYMENT_PRODUCTS_MAX, type TPaymentProductInput, type TPaymentRequestCreate } from '@cd/contracts/payments';
import type { TRepairOrder } from '@cd/contracts/repair-order';

/**
 * The "Request payment" dialog of a repair order: lines as typed (text), prefilled from the order, and the totals the
 * server will compute, by the same rule (contracts/src/payment-money.ts), so what the advisor sees is what is charged.
 */
export interface TPaymentLineDraft {
  /** React key only. */
  key: string;
  name: string;
  /** "12.34", "$1,234.50", "-5" (a discount). */
  unitPrice: string;
  quantity: string;
  /** Percent, "8.875"; empty = no tax. */
  taxRate: string;
}

export type TLineField = 'name' | 'unitPrice' | 'quantity' | 'taxRate';
export type TLineErrors = Partial<Record<TLineField, string>>;

let nextKey = 0;
export function newLineDraft(fields: Partial<Omit<TPaymentLineDraft, 'key'>> = {}): TPaymentLineDraft {
  nextKey += 1;
  return { key: `l${nextKey}`, name: '', unitPrice: '', quantity: '1', taxRate: '', ...fields };
}

/** The order's approved lines (what the customer agreed to pay for); without any, one line with the order's price. */
export function defaultLinesOf(order: Pick<TRepairOrder, 'title' | 'number' | 'price' | 'repairOrderLines'>): TPaymentLineDraft[] {
  const approved = order.repairOrderLines.filter((l) => l.status === 'approved');
  if (approved.length > 0) return approved.map((l) => newLineDraft({ name: l.description, unitPrice: formatDecimalAmount(l.price) }));
  return [newLineDraft({ name: order.title || order.number, unitPrice: order.price ? formatDecimalAmount(order.price) : '' })];
}

/** "8.875" → 8.875 (percent, 0–100, up to 3 decimals); null = refused. Empty = no tax. */
export function parseTaxRate(text: string): number | null | 'empty' {
  const v = text.trim().replace(/%$/, '').trim();
  if (v === '') return 'empty';
  if (!/^\d{1,3}(\.\d{1,3})?$/.test(v)) return null;
  const milli = Math.round(Number(v) * TAX_RATE_SCALE);
  return milli > 100 * TAX_RATE_SCALE ? null : milli / TAX_RATE_SCALE;
}

export interface TPaymentFormResult {
  /** Per line, its fields' message keys. */
  lineErrors: TLineErrors[];
  /** A form-wide problem (no lines, zero total, too many lines). */
  formError: string | null;
  products: TPaymentProductInput[];
  /** Null while a line cannot be computed. */
  totals: TMoneyTotals | null;
}

/** Reads every line; the totals are shown as soon as every line parses, the errors once the advisor submits. */
export function readPaymentLines(lines: readonly TPaymentLineDraft[]): TPaymentFormResult {
  const lineErrors: TLineErrors[] = [];
  const products: TPaymentProductInput[] = [];
  for (const line of lines) {
    const errors: TLineErrors = {};
    const name = line.name.trim();
    if (!name) errors.name = 'payment_line_name_required';
    else if (name.length > 200) errors.name = 'payment_line_name_too_long';
    const price = parseMoney(line.unitPrice, { allowNegative: true });
    if (!price.ok) errors.unitPrice = price.error;
    const quantity = parseQuantity(line.quantity);
    if (!quantity.ok) errors.quantity = quantity.error;
    const rate = parseTaxRate(line.taxRate);
    if (rate === null) errors.taxRate = 'payment_tax_rate_invalid';
    lineErrors.push(errors);
    if (price.ok && quantity.ok && rate !== null)
      products.push({ name, unitPriceCents: price.value, quantity: quantity.value / QUANTITY_SCALE, taxRate: rate === 'empty' ? null : rate });
  }
  const parsedAll = products.length === lines.length;
  let totals: TMoneyTotals | null = null;
  let formError: string | null = null;
  if (lines.length === 0) formError = 'payment_lines_required';
  else if (lines.length > PAYMENT_PRODUCTS_MAX) formError = 'payment_lines_too_many';
  if (parsedAll && lines.length > 0) {
    const computed = computeMoneyTotals(
      products.map((p) => ({
        name: p.name,
        unitPriceCents: p.unitPriceCents,
        quantityMilli: Math.round((p.quantity ?? 1) * QUANTITY_SCALE),
        taxRateMilli: p.taxRate === null || p.taxRate === undefined ? null : Math.round(p.taxRate * TAX_RATE_SCALE),
      })),
    );
    if (computed.ok) totals = computed.value;
    else formError = 'payment_total_too_large';
  }
  if (totals && totals.totalCents === 0) formError = PAYMENT_AMOUNT_ZERO;
  return { lineErrors, formError, products, totals };
}

export function hasPaymentFormErrors(result: TPaymentFormResult): boolean {
  return result.formError !== null || result.lineErrors.some((e) => Object.keys(e).length > 0);
}

/** The POST body for a repair order's request. */
export function paymentRequestBodyOf(options: {
  orderId: number;
  invoice: string;
  billTo: string;
  products: TPaymentProductInput[];
  send: boolean;
}): TPaymentRequestCreate {
  const invoice = options.invoice.trim();
  const billTo = options.billTo.trim();
  return {
    repairOrder: options.orderId,
    ...(invoice ? { invoice } : {}),
    ...(billTo ? { billTo } : {}),
    products: options.products,
    send: options.send,
  };
}
