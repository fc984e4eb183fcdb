import { AR_AGING_BUCKETS, AR_MESSAGES, type TArAging, type TArAgingBucket, type TArTransaction } from '@cd/contracts/accounting';
import { formatMoney } from '@cd/contracts/payment-money';
import { PAYMENT_NOT_ENABLED } from '@cd/contracts/payments';
import { localDayOf } from '@cd/contracts/survey-dates';

/** Column headers of the aging buckets, in order (current, 30, 60, 90+). */
export const AGING_LABEL_KEYS: Record<TArAgingBucket, string> = {
  current: 'ar_aging_current',
  days30: 'ar_aging_30',
  days60: 'ar_aging_60',
  days90: 'ar_aging_90',
};
export const AGING_COLUMNS = AR_AGING_BUCKETS;

/** An aging cell: a dash for an empty bucket, so the figures that matter stand out in a wide table. */
export function formatAgingCell(cents: number): string {
  return cents === 0 ? '—' : formatMoney(cents);
}

/** The share of the balance in each bucket (whole percent, for the bar above the table); all zero when nothing is owed. */
export function agingShares(aging: TArAging): Record<TArAgingBucket, number> {
  const positive = AR_AGING_BUCKETS.reduce((sum, b) => sum + Math.max(0, aging[b]), 0);
  const out = { current: 0, days30: 0, days60: 0, days90: 0 };
  if (positive === 0) return out;
  for (const b of AR_AGING_BUCKETS) out[b] = Math.round((Math.max(0, aging[b]) * 100) / positive);
  return out;
}

/** The oldest bucket holding money, for the colour of a row's balance. */
export function worstBucketOf(aging: TArAging): TArAgingBucket | null {
  for (const b of [...AR_AGING_BUCKETS].reverse()) if (aging[b] > 0) return b;
  return null;
}

/** A transaction can go on a statement while it is open: not reconciled and not on another statement. */
export function isSelectable(tx: Pick<TArTransaction, 'reconciled' | 'inStatement'>): boolean {
  return !tx.reconciled && !tx.inStatement;
}

/** The selected transactions, in list order, keeping only those still selectable (a live update may have taken one). */
export function selectedTransactions(list: readonly TArTransaction[], selected: ReadonlySet<number>): TArTransaction[] {
  return list.filter((tx) => selected.has(tx.id) && isSelectable(tx));
}

/** The statement's amount: the exact integer sum of the selection's signed cents. */
export function selectionSum(list: readonly Pick<TArTransaction, 'amount'>[]): number {
  return list.reduce((sum, tx) => sum + tx.amount, 0);
}

/** The period covering the selection, in the company's days (the server checks each transaction's day against it). */
export function periodOf(list: readonly Pick<TArTransaction, 'transactionAt'>[], timeZone: string): { from: string; to: string } | null {
  if (list.length === 0) return null;
  const days = list.map((tx) => localDayOf({ instant: new Date(tx.transactionAt), timeZone })).sort();
  return { from: days[0]!, to: days[days.length - 1]! };
}

/** The `before` cursor of a keyset `view.next` IRI (`…&before=<ISO>_<id>`), or null at the end. */
export function nextCursorOf(next: string | undefined): string | null {
  if (!next) return null;
  const q = next.indexOf('?');
  return q < 0 ? null : new URLSearchParams(next.slice(q + 1)).get('before');
}

const MESSAGE_KEYS: Record<string, string> = {
  [AR_MESSAGES.transactionNotFound]: 'ar_err_transaction_not_found',
  [AR_MESSAGES.transactionNotOfCustomer]: 'ar_err_transaction_not_of_customer',
  [AR_MESSAGES.transactionUnavailable]: 'ar_err_transaction_unavailable',
  [AR_MESSAGES.transactionOutsidePeriod]: 'ar_err_transaction_outside_period',
  [AR_MESSAGES.amountMismatch]: 'ar_err_amount_mismatch',
  [AR_MESSAGES.nothingToPay]: 'ar_err_nothing_to_pay',
  [AR_MESSAGES.noMessagingCustomer]: 'ar_err_no_messaging_customer',
  [AR_MESSAGES.statementPaid]: 'ar_err_statement_paid',
  [PAYMENT_NOT_ENABLED]: 'ar_err_payments_off',
};

/**
 * The catalogue key explaining a refused statement action, from the problem body's violations or description; null
 * when the server said something this screen has no words for (the caller shows the server's text).
 */
export function arErrorKeyOf(body: unknown): string | null {
  const b = (body ?? {}) as { violations?: { message?: unknown }[]; description?: unknown; detail?: unknown };
  const candidates = [...(Array.isArray(b.violations) ? b.violations.map((v) => v.message) : []), b.description, b.detail];
  for (const c of candidates) {
    if (typeof c !== 'string') continue;
    if (MESSAGE_KEYS[c]) return MESSAGE_KEYS[c];
  }
  return null;
}

/** The file name the PDF is saved under. */
export function statementFileName(st: { id: number; accountNumber: string; to: string }): string {
  const account = st.accountNumber.replace(/[^\w.-]+/g, '_').slice(0, 40) || 'account';
  return `statement-${account}-${st.to}-${st.id}.pdf`;
}
