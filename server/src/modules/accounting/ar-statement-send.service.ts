import { AR_MESSAGES, type TArStatement } from '@cd/contracts/accounting';
import type { TRequestContext } from '../../context';
import { AppError, validationError } from '../../lib/errors';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { resolveRecordScope } from '../../tenant-scope';
import { cancelPaymentRequestById, createPaymentRequest } from '../payments/payments.api';
import { requireAccounting } from './accounting.access';
import { statementEvent, toStatementResource } from './accounting.presenter';
import * as repo from './accounting.repository';
import { statementViewOf } from './ar-statements.service';

/**
 * POST /api/automotive/statements/{id}/send: a payment request for the statement's amount (source 'ar_statement'),
 * texted to the charge customer's messaging customer by the automated-message engine with its payment link. Sending
 * again replaces the request (the old link is revoked), so only one link can pay a statement. The statement row is
 * locked for the whole send: two clicks make one request after the other, never two open ones.
 */
export async function sendStatement(opts: { ctx: TRequestContext; id: number }): Promise<TArStatement> {
  const { ctx } = opts;
  requireAccounting(ctx);
  const { scope, companyId: scoped } = resolveRecordScope({ ctx });
  const sent = await runWithLiveEvents({
    deps: ctx,
    scope,
    fn: async (tx, emit) => {
      const view = await statementViewOf(tx, { companyId: scoped, id: opts.id, lock: true });
      const companyId = view.companyId;
      if (view.paidAt) throw new AppError('conflict', AR_MESSAGES.statementPaid);
      if (view.amountCents <= 0) throw validationError([{ propertyPath: 'amount', message: AR_MESSAGES.nothingToPay }]);
      const customer = await repo.lockChargeCustomer(tx, { companyId, id: view.chargeCustomerId });
      if (!customer?.customerId) throw validationError([{ propertyPath: 'customer', message: AR_MESSAGES.noMessagingCustomer }]);
      if (view.paymentRequestId !== null) {
        // A request already paid or expired cannot be cancelled (409): the new one replaces it all the same.
        await cancelPaymentRequestById(tx, { deps: ctx, companyId, id: view.paymentRequestId, emit }).catch((err: unknown) => {
          if (!(err instanceof AppError) || err.status !== 409) throw err;
        });
      }
      const request = await createPaymentRequest({
        deps: ctx,
        tx,
        emit,
        companyId,
        userId: ctx.actor.user.id,
        customerId: customer.customerId,
        source: 'ar_statement',
        sourceId: view.id,
        invoice: `Statement ${view.id}`,
        billTo: `${view.customerName} (${view.accountNumber})`,
        amountCents: view.amountCents,
        send: true,
      });
      await repo.markStatementSent(tx, { companyId, id: view.id, paymentRequestId: request.id });
      const updated = await statementViewOf(tx, { companyId, id: view.id });
      emit([statementEvent(updated, 'updated', ctx.actor.user.id, ['status', 'sentAt', 'paymentRequest'])]);
      return toStatementResource(updated, []);
    },
  });
  // The text's job is committed: let the worker pick it up now.
  ctx.jobs.wake();
  return sent;
}
