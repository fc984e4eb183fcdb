import { eq, and } from 'drizzle-orm';
import { PARTS_MESSAGES, type TPartsStatement, type TPartsTicket, type TPartsTicketKind } from '@cd/contracts/parts';
import type { TRequestContext } from '../../context';
import type { TTx } from '../../db/client';
import { AppError, validationError } from '../../lib/errors';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { createPaymentRequest, paymentRequests, type TPaymentRequestPaid } from '../payments/payments.api';
import { loadPartsStatement, loadPartsTicket } from './parts-tickets.service';
import { partsCompanyOf } from './parts.access';
import { partsStatementEvent, partsTicketEvent, toPartsStatementResource, toPartsTicketResource } from './parts.presenter';
import * as repo from './parts.repository';

/**
 * A ticket or a statement sent to the trade customer by text with a payment link (the payments module makes the
 * request and the engine sends its `payment.text`), and settled when that request is paid (paymentRequestPaid).
 */

/** A request still waiting for the customer: sending again would put two live links on one debt. */
async function hasPendingRequest(tx: TTx, opts: { companyId: number; id: number | null }): Promise<boolean> {
  if (opts.id === null) return false;
  const [row] = await tx
    .select({ status: paymentRequests.status, cancelledAt: paymentRequests.cancelledAt })
    .from(paymentRequests)
    .where(and(eq(paymentRequests.companyId, opts.companyId), eq(paymentRequests.id, opts.id)));
  if (!row) return false;
  return row.cancelledAt === null && (row.status === 'not_created' || row.status === 'created' || row.status === 'sent' || row.status === 'paid');
}

/** The messaging customer the account's texts go to (422 when the account is not linked to one). */
async function textRecipientOf(tx: TTx, opts: { companyId: number; partsCustomerId: number }) {
  const customer = await repo.findPartsCustomer(tx, { companyId: opts.companyId, id: opts.partsCustomerId });
  if (!customer) throw new AppError('not_found', 'Parts customer not found.');
  if (customer.customerId === null) throw validationError([{ propertyPath: 'customer', message: PARTS_MESSAGES.notLinked }]);
  return { customer, customerId: customer.customerId };
}

/**
 * The guard steps a ticket and a statement share before a payment request is made, in the caller's transaction on
 * the locked row: not paid yet (409), an amount above zero (422 on `amountPath`), no request still waiting (409), and
 * an account linked to a messaging customer (422). Answers the text's recipient.
 */
async function guardSend(
  tx: TTx,
  opts: { companyId: number; row: { status: string; paymentRequestId: number | null; partsCustomerId: number }; amountCents: number; amountPath: string },
) {
  const { companyId, row } = opts;
  if (row.status === 'paid') throw new AppError('conflict', PARTS_MESSAGES.alreadyPaid);
  if (opts.amountCents <= 0) throw validationError([{ propertyPath: opts.amountPath, message: PARTS_MESSAGES.notPositive }]);
  if (await hasPendingRequest(tx, { companyId, id: row.paymentRequestId })) throw new AppError('conflict', PARTS_MESSAGES.alreadySent);
  return textRecipientOf(tx, { companyId, partsCustomerId: row.partsCustomerId });
}

export async function sendPartsTicket(opts: { ctx: TRequestContext; kind: TPartsTicketKind; id: number }): Promise<TPartsTicket> {
  const { ctx } = opts;
  const companyId = partsCompanyOf(ctx);
  const result = await runWithLiveEvents({
    deps: ctx,
    scope: { companyId },
    fn: async (tx, emit) => {
      // Locked: two taps on "send" wait for each other, and the second finds the first's pending request.
      const row = await loadPartsTicket(tx, { companyId, id: opts.id, kind: opts.kind, lock: true });
      // A ticket on a statement is paid through the statement (a paid one says "paid" first, as before).
      if (row.status !== 'paid' && row.statementId !== null) throw new AppError('conflict', PARTS_MESSAGES.onStatement);
      const { customer, customerId } = await guardSend(tx, { companyId, row, amountCents: row.totalCents, amountPath: 'totalCents' });
      const request = await createPaymentRequest({
        deps: ctx,
        tx,
        emit,
        companyId,
        userId: ctx.actor.user.id,
        customerId,
        source: 'parts_ticket',
        sourceId: row.id,
        invoice: row.number,
        billTo: customer.name,
        products: row.lines.map((l) => ({
          name: ([l.partNumber, l.description].filter(Boolean).join(' ') || 'Part').slice(0, 200),
          unitPriceCents: l.unitPriceCents,
          quantity: l.quantity,
          // The ticket's own tax, so the link asks exactly what the ticket says.
          taxCents: l.taxCents,
        })),
        send: true,
      });
      await repo.markTicketSent(tx, { companyId, id: row.id, paymentRequestId: request.id });
      const sent = await loadPartsTicket(tx, { companyId, id: row.id });
      emit([partsTicketEvent(sent, 'updated')]);
      return toPartsTicketResource(sent);
    },
  });
  ctx.jobs.wake();
  return result;
}

export async function sendPartsStatement(opts: { ctx: TRequestContext; id: number }): Promise<TPartsStatement> {
  const { ctx } = opts;
  const companyId = partsCompanyOf(ctx);
  const result = await runWithLiveEvents({
    deps: ctx,
    scope: { companyId },
    fn: async (tx, emit) => {
      const row = await loadPartsStatement(tx, { companyId, id: opts.id, lock: true });
      const { customer, customerId } = await guardSend(tx, { companyId, row, amountCents: row.amountCents, amountPath: 'amountCents' });
      const request = await createPaymentRequest({
        deps: ctx,
        tx,
        emit,
        companyId,
        userId: ctx.actor.user.id,
        customerId,
        source: 'parts_statement',
        sourceId: row.id,
        invoice: row.number,
        billTo: customer.name,
        products: row.tickets.map((t) => ({ name: `${t.number} (${t.date})`.slice(0, 200), unitPriceCents: t.totalCents, quantity: 1, taxCents: 0 })),
        send: true,
      });
      await repo.markStatementSent(tx, { companyId, id: row.id, paymentRequestId: request.id });
      const sent = await loadPartsStatement(tx, { companyId, id: row.id });
      emit([partsStatementEvent(sent, 'updated')]);
      return toPartsStatementResource(sent);
    },
  });
  ctx.jobs.wake();
  return result;
}

/** paymentRequestPaid: the ticket or the statement (and its tickets) paid, in the payment's transaction; once. */
export async function settlePartsOnPayment(e: TPaymentRequestPaid): Promise<void> {
  if (e.sourceId === null) return;
  if (e.source === 'parts_ticket') {
    if (!(await repo.markTicketPaid(e.tx, { companyId: e.companyId, id: e.sourceId, paymentRequestId: e.paymentRequestId }))) return;
    const row = await repo.findPartsTicket(e.tx, { companyId: e.companyId, id: e.sourceId });
    if (row) e.emit([partsTicketEvent(row, 'updated')]);
  } else if (e.source === 'parts_statement') {
    if (!(await repo.markStatementPaid(e.tx, { companyId: e.companyId, id: e.sourceId, paymentRequestId: e.paymentRequestId }))) return;
    const row = await repo.findPartsStatement(e.tx, { companyId: e.companyId, id: e.sourceId });
    if (row) e.emit([partsStatementEvent(row, 'updated')]);
  }
}
