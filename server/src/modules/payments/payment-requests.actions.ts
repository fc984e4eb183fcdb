import { customerDisplayName } from '@cd/contracts/customer';
import type { TPaymentProductInput, TPaymentRequest, TPaymentRequestCreate, TPaymentRequestListQuery } from '@cd/contracts/payments';
import type { TRequestContext } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { AppError, validationError } from '../../lib/errors';
import type { TListTotal } from '../../lib/hydra';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { resolveReadableCompanyId, resolveRecordScope } from '../../tenant-scope';
import * as customersApi from '../customers/customers.api';
import { findOrder, listLinesOf, type TRepairOrderRow } from '../repair-orders/repair-orders.api';
import { canSeeSource, requireSource, visibleSources } from './payment-requests.access';
import { presentPaymentRequest, type TEmit } from './payment-requests.core';
import { toPaymentRequestResource } from './payment-requests.presenter';
import * as repo from './payment-requests.repository';
import type { TPaymentRequestRow } from './payment-requests.schema';
import { cancelPaymentRequestInTx, createPaymentRequestInTx, resendPaymentRequestInTx } from './payment-requests.service';

export const PAYMENT_REQUESTS_PER_PAGE = 30;

/** A repair order's default lines: its approved lines with their prices, else one line of the order's price. */
async function orderDefaults(tx: TTx, order: TRepairOrderRow): Promise<TPaymentProductInput[]> {
  const lines = await listLinesOf(tx, { companyId: order.companyId, orderIds: [order.id] });
  const approved = lines.filter((l) => l.status === 'approved' && l.priceCents !== 0);
  if (approved.length) return approved.map((l) => ({ name: l.description.slice(0, 200) || order.title, unitPriceCents: l.priceCents, quantity: 1 }));
  return [{ name: order.title.slice(0, 200) || `Repair order ${order.number}`, unitPriceCents: order.priceCents, quantity: 1 }];
}

/**
 * POST /api/payment_requests. For a repair order (every company user): the customer, invoice, bill-to and lines
 * default from the order. Standalone (payment role / company admin): a customer to text it to, the lines or amount.
 */
export async function createPaymentRequestAction(opts: { ctx: TRequestContext; body: TPaymentRequestCreate }): Promise<TPaymentRequest> {
  const { ctx, body } = opts;
  const companyId = resolveReadableCompanyId({ ctx });
  requireSource(ctx, body.repairOrder ? 'repair_order' : 'standalone');
  const created = await runWithLiveEvents({
    deps: ctx,
    scope: { companyId },
    fn: async (tx, emit) => {
      let order: TRepairOrderRow | undefined;
      if (body.repairOrder) {
        order = await findOrder(tx, { companyId, id: body.repairOrder, forUpdate: true });
        if (!order) throw validationError([{ propertyPath: 'repairOrder', message: 'Repair order not found.' }]);
        if (body.customer && body.customer !== order.customerId)
          throw validationError([{ propertyPath: 'customer', message: 'The customer is not the repair order’s customer.' }]);
      }
      const customerId = body.customer ?? order?.customerId ?? null;
      let billTo = body.billTo;
      if (billTo === undefined && customerId !== null) {
        const customer = await customersApi.findCustomer(tx, { companyId, ownerId: null, id: customerId });
        billTo = customer ? customerDisplayName(customer) : '';
      }
      const products = body.products?.length || body.amountCents !== undefined ? body.products : order ? await orderDefaults(tx, order) : undefined;
      return createPaymentRequestInTx(tx, {
        deps: ctx,
        emit,
        companyId,
        userId: ctx.actor.user.id,
        customerId,
        source: order ? 'repair_order' : 'standalone',
        sourceId: order?.id ?? null,
        repairOrderId: order?.id ?? null,
        invoice: body.invoice ?? order?.number ?? '',
        billTo: billTo ?? '',
        products,
        amountCents: body.amountCents,
        send: body.send ?? true,
      });
    },
  });
  ctx.jobs.wake();
  return created;
}

export async function listPaymentRequestsAction(opts: {
  ctx: TRequestContext;
  query: TPaymentRequestListQuery;
  before?: Date;
  idLt?: number;
}): Promise<{ member: TPaymentRequest[]; total: TListTotal | null; full: boolean; last: { at: Date; id: number } | null }> {
  const { ctx, query } = opts;
  const companyId = resolveReadableCompanyId({ ctx });
  const statuses = query['status[]'] ?? (query.status ? [query.status] : undefined);
  const allowed = visibleSources(ctx);
  const filter: repo.TPaymentRequestFilter = {
    companyId,
    customerId: query.customer,
    repairOrderId: query.repairOrder,
    statuses,
    sources: query.source ? allowed.filter((s) => s === query.source) : allowed.length === 5 ? undefined : allowed,
  };
  const limit = query.itemsPerPage ?? PAYMENT_REQUESTS_PER_PAGE;
  return runInScope(ctx.db, { companyId }, async (tx) => {
    const rows = await repo.listPaymentRequests(tx, { filter, before: opts.before, idLt: opts.idLt, limit });
    const total = opts.before ? null : await repo.countPaymentRequests(tx, { filter, exact: query.exactTotal });
    const lastRow = rows.at(-1);
    return {
      member: rows.map((r) => toPaymentRequestResource(r, { publicUrl: ctx.config.publicUrl })),
      total,
      full: rows.length === limit,
      last: lastRow ? { at: lastRow.createdAt, id: lastRow.id } : null,
    };
  });
}

/** One request in the caller's reach: another company's is not found (404), a source the caller may not see is 403. */
async function loadVisible(tx: TTx, opts: { ctx: TRequestContext; companyId: number | null; id: number; forUpdate?: boolean }): Promise<TPaymentRequestRow> {
  const row = await repo.findPaymentRequest(tx, { companyId: opts.companyId, id: opts.id, forUpdate: opts.forUpdate });
  if (!row) throw new AppError('not_found', 'Payment request not found.');
  if (!canSeeSource(opts.ctx, row.source)) throw new AppError('forbidden', 'You do not have access to this payment request.');
  return row;
}

export async function getPaymentRequestAction(opts: { ctx: TRequestContext; id: number }): Promise<TPaymentRequest> {
  const { scope, companyId } = resolveRecordScope({ ctx: opts.ctx });
  return runInScope(opts.ctx.db, scope, async (tx) => presentPaymentRequest(tx, { deps: opts.ctx, row: await loadVisible(tx, { ...opts, companyId }) }));
}

async function changeRequest(
  opts: { ctx: TRequestContext; id: number },
  fn: (tx: TTx, row: TPaymentRequestRow, emit: TEmit) => Promise<TPaymentRequest>,
): Promise<TPaymentRequest> {
  const { scope, companyId } = resolveRecordScope({ ctx: opts.ctx });
  const out = await runWithLiveEvents({
    deps: opts.ctx,
    scope,
    fn: async (tx, emit) => fn(tx, await loadVisible(tx, { ctx: opts.ctx, companyId, id: opts.id, forUpdate: true }), emit),
  });
  opts.ctx.jobs.wake();
  return out;
}

/** POST /api/payment_requests/{id}/resend: a new text with a new link; 409 once paid, expired or cancelled. */
export function resendPaymentRequestAction(opts: { ctx: TRequestContext; id: number }): Promise<TPaymentRequest> {
  return changeRequest(opts, (tx, row, emit) => resendPaymentRequestInTx(tx, { deps: opts.ctx, row, emit }));
}

/** POST /api/payment_requests/{id}/cancel: revokes the links; 409 once paid or expired. */
export function cancelPaymentRequestAction(opts: { ctx: TRequestContext; id: number }): Promise<TPaymentRequest> {
  return changeRequest(opts, (tx, row, emit) => cancelPaymentRequestInTx(tx, { deps: opts.ctx, row, emit }));
}
