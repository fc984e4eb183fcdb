import { formatMoney } from '@cd/contracts/payment-money';
import type { TPaymentMethod, TPublicPaymentReceipt } from '@cd/contracts/payments';
import type { TAppDeps } from '../../context';
import type { TTx } from '../../db/client';
import type { TPaymentTransaction } from '../../payments/payments';
import * as attempts from './payment-requests.attempts';
import { publishPaymentRequest, type TEmit } from './payment-requests.core';
import { paymentRequestPaid } from './payment-requests.hooks';
import * as repo from './payment-requests.repository';
import type { TPaymentAttemptRow, TPaymentRequestRow, TPaymentTransactionRow } from './payment-requests.schema';

type TDeps = Pick<TAppDeps, 'config'>;

const CARD_BRANDS = new Set(['visa', 'mastercard', 'amex', 'discover', 'other']);
const brandOf = (b: string | null) => (b && CARD_BRANDS.has(b) ? (b as TPublicPaymentReceipt['cardBrand']) : null);
const last4Of = (v: string | null) => (v && /^\d{4}$/.test(v) ? v : null);

/**
 * Records that money moved for a request: the sale transaction (once per processor key), the request paid (a
 * conditional move: once, even when cancelled meanwhile — the money is real), the paid hook and the live events.
 * Called by the charge, the webhook, the reconcile job and terminals; whichever comes first records it, the others
 * find it done (`paid: false`).
 */
export async function recordPaid(
  tx: TTx,
  opts: {
    deps: TDeps;
    request: TPaymentRequestRow;
    attemptId: number | null;
    method: TPaymentMethod;
    provider: string;
    result: TPaymentTransaction;
    createdById?: number | null;
    emit: TEmit;
  },
): Promise<{ request: TPaymentRequestRow; paid: boolean }> {
  const { request, result } = opts;
  await attempts.insertSaleTransaction(tx, {
    companyId: request.companyId,
    paymentRequestId: request.id,
    attemptId: opts.attemptId,
    provider: opts.provider,
    providerKey: result.key,
    method: opts.method,
    status: 'approved',
    amountCents: result.authorizedCents,
    cardBrand: result.card.brand,
    cardLast4: last4Of(result.card.last4),
    customerId: request.customerId,
    createdById: opts.createdById ?? null,
  });
  const now = new Date();
  const paid = await repo.moveStatus(tx, {
    companyId: request.companyId,
    id: request.id,
    to: 'paid',
    values: { paidAt: now, paidCents: result.authorizedCents, statusReason: null },
    evenCancelled: true,
  });
  if (!paid) return { request, paid: false };
  await paymentRequestPaid.run({
    tx,
    deps: opts.deps,
    companyId: paid.companyId,
    paymentRequestId: paid.id,
    source: paid.source,
    sourceId: paid.sourceId,
    paidCents: result.authorizedCents,
    paidAt: now,
    emit: opts.emit,
  });
  await publishPaymentRequest(tx, { deps: opts.deps, row: paid, event: 'updated', changes: ['status', 'statuses', 'paidAt', 'paidCents'], emit: opts.emit });
  return { request: paid, paid: true };
}

/**
 * An attempt's processor answer → the attempt's outcome, and the payment when approved in full. A partial approval
 * is not a payment of the request (the caller voids it); a decline keeps the request payable with another card.
 */
export async function recordAttemptResult(
  tx: TTx,
  opts: { deps: TDeps; request: TPaymentRequestRow; attempt: TPaymentAttemptRow; provider: string; result: TPaymentTransaction; emit: TEmit },
): Promise<TPaymentAttemptRow> {
  const { result, attempt } = opts;
  const card = { cardBrand: result.card.brand, cardLast4: last4Of(result.card.last4), providerKey: result.key, message: result.message.slice(0, 500) };
  const full = result.outcome === 'approved' && result.authorizedCents >= attempt.amountCents;
  if (full) {
    const settled = await attempts.settleAttempt(tx, { companyId: attempt.companyId, id: attempt.id, outcome: { state: 'approved', ...card } });
    if (!settled) return (await attempts.findAttemptByKey(tx, { companyId: attempt.companyId, idempotencyKey: attempt.idempotencyKey }))!;
    await recordPaid(tx, {
      deps: opts.deps,
      request: opts.request,
      attemptId: attempt.id,
      method: attempt.method,
      provider: opts.provider,
      result,
      emit: opts.emit,
    });
    return settled;
  }
  const outcome: attempts.TAttemptOutcome =
    result.outcome === 'approved' || result.outcome === 'partial'
      ? { state: 'partial', ...card, errorCode: 'partial_approval', declineReason: 'insufficient_funds' }
      : result.outcome === 'declined'
        ? { state: 'declined', ...card, declineReason: result.declineReason ?? 'other', errorCode: result.errorCode }
        : { state: 'error', ...card, errorCode: result.errorCode ?? result.outcome };
  const settled = await attempts.settleAttempt(tx, { companyId: attempt.companyId, id: attempt.id, outcome });
  return settled ?? (await attempts.findAttemptByKey(tx, { companyId: attempt.companyId, idempotencyKey: attempt.idempotencyKey }))!;
}

/** The receipt of a paid request (its sale), for the page and the e-mail; null while not paid. */
export function receiptOf(opts: { request: TPaymentRequestRow; sale: TPaymentTransactionRow | undefined }): TPublicPaymentReceipt | null {
  const { request, sale } = opts;
  if (request.status !== 'paid' || !request.paidAt) return null;
  return {
    invoice: request.invoice,
    amountCents: request.paidCents ?? request.amountCents,
    paidAt: request.paidAt.toISOString(),
    cardBrand: brandOf(sale?.cardBrand ?? null),
    cardLast4: last4Of(sale?.cardLast4 ?? null),
    reference: sale ? `P${request.id}-T${sale.id}` : `P${request.id}`,
    emailedTo: request.receiptEmail,
  };
}

/** The e-mailed receipt: plain text, the figures of the page; no card data beyond brand and last 4. */
export function receiptMail(opts: { companyName: string; receipt: TPublicPaymentReceipt; to: string }) {
  const r = opts.receipt;
  const card = r.cardLast4 ? `${(r.cardBrand ?? 'card').toUpperCase()} •••• ${r.cardLast4}` : 'card';
  return {
    to: opts.to,
    subject: `${opts.companyName}: payment receipt${r.invoice ? ` for invoice ${r.invoice}` : ''}`,
    text: [
      `Thank you for your payment to ${opts.companyName}.`,
      '',
      r.invoice ? `Invoice: ${r.invoice}` : null,
      `Amount paid: ${formatMoney(r.amountCents)}`,
      `Paid with: ${card}`,
      `Date: ${r.paidAt}`,
      `Reference: ${r.reference}`,
    ]
      .filter((l) => l !== null)
      .join('\n'),
  };
}
