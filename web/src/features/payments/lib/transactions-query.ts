import { parseMoney } from '@cd/contracts/payment-money';
import { PAYMENT_METHODS, PAYMENT_TRANSACTION_STATUSES, type TPaymentMethod, type TPaymentTransactionStatus } from '@cd/contracts/payments';
import type { TQuery } from '../../../lib/api-client';

/**
 * /payment/transactions filters, kept in the address (a filtered list can be bookmarked and shared): status, method,
 * a day range (YYYY-MM-DD, both days included, in the browser's time zone) and words of the invoice or customer.
 */
export interface TTransactionFilters {
  status: TPaymentTransactionStatus | '';
  method: TPaymentMethod | '';
  from: string;
  to: string;
  search: string;
}

export const EMPTY_TRANSACTION_FILTERS: TTransactionFilters = { status: '', method: '', from: '', to: '', search: '' };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day as local midnight, else null. */
export function localMidnightOf(day: string): Date | null {
  const m = DAY.exec(day);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return d.getFullYear() === Number(m[1]) && d.getMonth() === Number(m[2]) - 1 && d.getDate() === Number(m[3]) ? d : null;
}

const oneOf = <T extends string>(list: readonly T[], v: string | null): T | '' => (v && (list as readonly string[]).includes(v) ? (v as T) : '');

export function readTransactionFilters(params: URLSearchParams): TTransactionFilters {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return {
    status: oneOf(PAYMENT_TRANSACTION_STATUSES, params.get('status')),
    method: oneOf(PAYMENT_METHODS, params.get('method')),
    from: localMidnightOf(from) ? from : '',
    to: localMidnightOf(to) ? to : '',
    search: (params.get('q') ?? '').slice(0, 100),
  };
}

/** Only the filters that are set, so the plain page has a plain address. */
export function writeTransactionFilters(filters: TTransactionFilters): URLSearchParams {
  const p = new URLSearchParams();
  if (filters.status) p.set('status', filters.status);
  if (filters.method) p.set('method', filters.method);
  if (filters.from) p.set('from', filters.from);
  if (filters.to) p.set('to', filters.to);
  if (filters.search.trim()) p.set('q', filters.search.trim());
  return p;
}

/** The API's filter parameters (list, totals and CSV alike). `to` is inclusive: the next day's midnight is the bound. */
export function transactionApiQuery(filters: TTransactionFilters): TQuery {
  const q: TQuery = {};
  if (filters.status) q.status = filters.status;
  if (filters.method) q.method = filters.method;
  const from = filters.from ? localMidnightOf(filters.from) : null;
  const to = filters.to ? localMidnightOf(filters.to) : null;
  if (from) q['createdAt[after]'] = from.toISOString();
  if (to) q['createdAt[before]'] = new Date(to.getFullYear(), to.getMonth(), to.getDate() + 1).toISOString();
  const search = filters.search.trim();
  if (search) q.search = search;
  return q;
}

/** A day range whose end is before its start is not asked for. */
export function filtersProblem(filters: TTransactionFilters): 'payment_filter_dates_reversed' | null {
  return filters.from && filters.to && filters.from > filters.to ? 'payment_filter_dates_reversed' : null;
}

/** "transactions-2026-11-01-2026-11-30-approved.csv": the file says what it holds. */
export function transactionsCsvName(filters: TTransactionFilters, today: string): string {
  const parts = ['transactions', filters.from || null, filters.to || (filters.from ? today : null), filters.status || null, filters.method || null];
  return `${parts.filter(Boolean).join('-')}.csv`;
}

export type TRefundError = 'refund_amount_invalid' | 'refund_amount_zero' | 'refund_amount_too_large';

/** The refund dialog's amount: empty or "full" is all that remains; a partial one is above zero and within it. */
export function readRefundAmount(options: {
  full: boolean;
  text: string;
  refundableCents: number;
}): { ok: true; amountCents: number | null } | { ok: false; error: TRefundError } {
  if (options.full) return { ok: true, amountCents: null };
  const parsed = parseMoney(options.text);
  if (!parsed.ok) return { ok: false, error: 'refund_amount_invalid' };
  if (parsed.value <= 0) return { ok: false, error: 'refund_amount_zero' };
  if (parsed.value > options.refundableCents) return { ok: false, error: 'refund_amount_too_large' };
  // All that remains typed by hand is a full refund (the server then needs no amount).
  return { ok: true, amountCents: parsed.value === options.refundableCents ? null : parsed.value };
}
