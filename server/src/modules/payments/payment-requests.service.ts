import { computeMoneyTotals, type TMoneyLine } from '@cd/contracts/payment-money';
import {
  PAYMENT_AMOUNT_ZERO,
  PAYMENT_NOT_ENABLED,
  toMoneyLine,
  type TPaymentProduct,
  type TPaymentProductInput,
  type TPaymentRequest,
  type TPaymentRequestSource,
} from '@cd/contracts/payments';
import type { TAppDeps } from '../../context';
import type { TTx } from '../../db/client';
import { AppError, validationError } from '../../lib/errors';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { cancelAutomatedMessages, planNextOccurrence } from '../automations/automations.api';
import { findCompany, type TCompanyRow } from '../companies/companies.api';
import { revokeLinksOf } from '../customer-links/customer-links.api';
import * as customersApi from '../customers/customers.api';
import { addOrderPaymentRequestInTx } from '../repair-orders/repair-orders.api';
import { paymentEnabled, paymentSettingsOf, publishOrder, publishPaymentRequest, type TEmit } from './payment-requests.core';
import * as repo from './payment-requests.repository';
import type { TPaymentRequestRow } from './payment-requests.schema';

export type TPaymentDeps = Pick<TAppDeps, 'config' | 'db' | 'live' | 'jobs'>;

/** 422 answers of the create and resend rules (keys the screens translate). */
export const PAYMENT_TEXT_MISSING = 'payment_text_not_configured';
export const PAYMENT_CUSTOMER_REQUIRED = 'payment_request_needs_customer';
export const PAYMENT_REQUEST_CLOSED = 'payment_request_closed';

export interface TCreatePaymentRequestOptions {
  deps: TPaymentDeps;
  /** The caller's transaction (and `emit` for its live events); without it the request is made in its own. */
  tx?: TTx;
  emit?: TEmit;
  companyId: number;
  userId: number | null;
  customerId: number | null;
  source: TPaymentRequestSource;
  sourceId: number | null;
  /** The order a repair-order request is for (listed on RepairOrder.paymentRequests). */
  repairOrderId?: number | null;
  invoice: string;
  billTo: string;
  /** The lines; or `amountCents` alone (one line named after the invoice). */
  products?: TPaymentProductInput[];
  amountCents?: number;
  /** Text the customer the company's payment.text with the link now (through the engine). */
  send: boolean;
}

/** The lines and totals by the one money rule; 422 for a bad line, a zero total or no amount at all. */
export function computeRequestLines(opts: { products?: TPaymentProductInput[]; amountCents?: number; invoice: string }): {
  products: TPaymentProduct[];
  subtotalCents: number;
  taxCents: number;
  amountCents: number;
} {
  const inputs: TPaymentProductInput[] =
    opts.products && opts.products.length
      ? opts.products
      : opts.amountCents !== undefined
        ? [{ name: opts.invoice ? `Invoice ${opts.invoice}` : 'Payment', unitPriceCents: opts.amountCents, quantity: 1 }]
        : [];
  if (!inputs.length) throw validationError([{ propertyPath: 'amountCents', message: PAYMENT_AMOUNT_ZERO }]);
  const lines: TMoneyLine[] = inputs.map(toMoneyLine);
  const totals = computeMoneyTotals(lines);
  if (!totals.ok) throw validationError([{ propertyPath: `products.${totals.line ?? 0}`, message: totals.error }]);
  if (totals.value.totalCents === 0) throw validationError([{ propertyPath: 'amountCents', message: PAYMENT_AMOUNT_ZERO }]);
  return {
    products: inputs.map((p, i) => ({
      name: p.name,
      unitPriceCents: p.unitPriceCents,
      quantity: p.quantity,
      taxRate: p.taxRate ?? null,
      ...totals.value.lines[i]!,
    })),
    subtotalCents: totals.value.subtotalCents,
    taxCents: totals.value.taxCents,
    amountCents: totals.value.totalCents,
  };
}

const hasText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/** Asks the engine for the payment text of this request: a new occurrence each time (a resend is a new text). */
async function planSend(tx: TTx, opts: { company: TCompanyRow; row: TPaymentRequestRow }): Promise<void> {
  if (opts.row.customerId === null) throw validationError([{ propertyPath: 'customer', message: PAYMENT_CUSTOMER_REQUIRED }]);
  if (!hasText(paymentSettingsOf(opts.company).text)) throw validationError([{ propertyPath: 'send', message: PAYMENT_TEXT_MISSING }]);
  await planNextOccurrence(tx, { companyId: opts.row.companyId, customerId: opts.row.customerId, kind: 'payment_request', entityId: opts.row.id });
}

async function loadEnabledCompany(tx: TTx, companyId: number): Promise<TCompanyRow> {
  const company = await findCompany(tx, companyId);
  if (!company) throw new AppError('not_found', 'Company not found.');
  if (!paymentEnabled(company)) throw validationError([{ propertyPath: '', message: PAYMENT_NOT_ENABLED }]);
  return company;
}

/**
 * Makes a payment request in the caller's transaction: payments enabled (422), lines and a non-zero total (422), the
 * customer of this company (422), listed on its order, and — with `send` — its text planned with the engine (status
 * created; the engine's outcome moves it to sent or failed). Without `send` it is saved as not_created (no link yet).
 */
export async function createPaymentRequestInTx(tx: TTx, opts: TCreatePaymentRequestOptions & { emit: TEmit }): Promise<TPaymentRequest> {
  const { companyId } = opts;
  const company = await loadEnabledCompany(tx, companyId);
  const lines = computeRequestLines({ products: opts.products, amountCents: opts.amountCents, invoice: opts.invoice });
  if (opts.customerId !== null) {
    const customer = await customersApi.findCustomer(tx, { companyId, ownerId: null, id: opts.customerId });
    if (!customer) throw validationError([{ propertyPath: 'customer', message: 'Customer not found.' }]);
  }
  if (opts.send && opts.customerId === null) throw validationError([{ propertyPath: 'customer', message: PAYMENT_CUSTOMER_REQUIRED }]);
  const row = await repo.insertPaymentRequest(tx, {
    companyId,
    customerId: opts.customerId,
    repairOrderId: opts.repairOrderId ?? null,
    source: opts.source,
    sourceId: opts.sourceId,
    invoice: opts.invoice,
    billTo: opts.billTo,
    ...lines,
    status: opts.send ? 'created' : 'not_created',
    createdById: opts.userId,
  });
  if (opts.send) await planSend(tx, { company, row });
  if (row.repairOrderId !== null) {
    const order = await addOrderPaymentRequestInTx(tx, { companyId, orderId: row.repairOrderId, paymentRequestId: row.id });
    if (order) await publishOrder(tx, { deps: opts.deps, order, emit: opts.emit });
  }
  return publishPaymentRequest(tx, { deps: opts.deps, row, event: 'created', emit: opts.emit });
}

/** createPaymentRequestInTx in the caller's transaction, or in a new one (live events broadcast after its commit). */
export async function createPaymentRequest(opts: TCreatePaymentRequestOptions): Promise<TPaymentRequest> {
  if (opts.tx) {
    if (!opts.emit) throw new Error('createPaymentRequest: a caller transaction needs emit');
    return createPaymentRequestInTx(opts.tx, { ...opts, emit: opts.emit });
  }
  const created = await runWithLiveEvents({
    deps: opts.deps,
    scope: { companyId: opts.companyId },
    fn: (tx, emit) => createPaymentRequestInTx(tx, { ...opts, emit }),
  });
  opts.deps.jobs.wake();
  return created;
}

function requireOpen(row: TPaymentRequestRow): void {
  if (row.cancelledAt !== null || row.status === 'paid' || row.status === 'expired') throw new AppError('conflict', PAYMENT_REQUEST_CLOSED);
}

/** Sends the text again (a new link in a new text); a request saved without sending is sent for the first time. */
export async function resendPaymentRequestInTx(tx: TTx, opts: { deps: TPaymentDeps; row: TPaymentRequestRow; emit: TEmit }): Promise<TPaymentRequest> {
  requireOpen(opts.row);
  const company = await loadEnabledCompany(tx, opts.row.companyId);
  let row = opts.row;
  if (row.status === 'not_created') {
    if (row.customerId === null) throw validationError([{ propertyPath: 'customer', message: PAYMENT_CUSTOMER_REQUIRED }]);
    row = (await repo.moveStatus(tx, { companyId: row.companyId, id: row.id, to: 'created' })) ?? row;
  }
  await planSend(tx, { company, row });
  return publishPaymentRequest(tx, { deps: opts.deps, row, event: 'updated', changes: ['status'], emit: opts.emit });
}

/** Cancels: no more texts, its links revoked, never payable again. Cancelling twice answers the cancelled request. */
export async function cancelPaymentRequestInTx(tx: TTx, opts: { deps: TPaymentDeps; row: TPaymentRequestRow; emit: TEmit }): Promise<TPaymentRequest> {
  const { row } = opts;
  if (row.cancelledAt !== null) return publishPaymentRequest(tx, { deps: opts.deps, row, event: 'updated', changes: [], emit: () => {} });
  const now = new Date();
  const cancelled = await repo.cancelPaymentRequest(tx, { companyId: row.companyId, id: row.id, now });
  if (!cancelled) throw new AppError('conflict', PAYMENT_REQUEST_CLOSED);
  await cancelAutomatedMessages(tx, { companyId: row.companyId, entity: 'payment_request', entityId: row.id });
  await revokeLinksOf(tx, { companyId: row.companyId, entity: 'payment_request', entityId: row.id, now });
  return publishPaymentRequest(tx, { deps: opts.deps, row: cancelled, event: 'updated', changes: ['cancelledAt', 'paymentUrl'], emit: opts.emit });
}

/** The expiry job's step for one request: expired (conditional, so a payment that just landed wins) and links revoked. */
export async function expirePaymentRequestInTx(
  tx: TTx,
  opts: { deps: Pick<TAppDeps, 'config'>; companyId: number; id: number; now: Date; emit: TEmit },
): Promise<boolean> {
  const { now } = opts;
  const row = await repo.findPaymentRequest(tx, { companyId: opts.companyId, id: opts.id, forUpdate: true });
  if (!row || row.expiresAt === null || row.expiresAt > now) return false;
  const expired = await repo.moveStatus(tx, { companyId: opts.companyId, id: opts.id, to: 'expired' });
  if (!expired) return false;
  await cancelAutomatedMessages(tx, { companyId: row.companyId, entity: 'payment_request', entityId: row.id });
  await revokeLinksOf(tx, { companyId: row.companyId, entity: 'payment_request', entityId: row.id, now });
  await publishPaymentRequest(tx, { deps: opts.deps, row: expired, event: 'updated', changes: ['status', 'statuses', 'paymentUrl'], emit: opts.emit });
  return true;
}

/** For parts and accounting (a statement withdrawn): cancels their request by id in the caller's transaction. */
export async function cancelPaymentRequestById(tx: TTx, opts: { deps: TPaymentDeps; companyId: number; id: number; emit: TEmit }): Promise<TPaymentRequest> {
  const row = await repo.findPaymentRequest(tx, { companyId: opts.companyId, id: opts.id, forUpdate: true });
  if (!row) throw new AppError('not_found', 'Payment request not found.');
  return cancelPaymentRequestInTx(tx, { deps: opts.deps, row, emit: opts.emit });
}
