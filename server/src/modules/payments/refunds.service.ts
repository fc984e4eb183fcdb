import { randomUUID } from 'node:crypto';
import {
  PAYMENT_PROVIDER_FAILED,
  PAYMENT_REFUND_EXCEEDS,
  PAYMENT_REFUND_NOT_REFUNDABLE,
  type TPaymentRefundBody,
  type TPaymentTransactionDetail,
} from '@cd/contracts/payment-operations';
import { PAYMENT_NOT_ENABLED } from '@cd/contracts/payments';
import type { TRequestContext } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { AppError, validationError } from '../../lib/errors';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import type { TLiveEventInput } from '../../live/live.types';
import { PaymentError, type TPaymentTransaction } from '../../payments/payments';
import { resolveRecordScope } from '../../tenant-scope';
import { findCompany } from '../companies/companies.api';
import type { TPaymentTransactionRow } from './payment-requests.schema';
import { processorForCompany, type TPaymentLog } from './payments.processor';
import * as attempts from './refunds.repository';
import type { TRefundAttemptRow } from './refunds.schema';
import { toTransactionResource, transactionEvent } from './transactions.presenter';
import * as repo from './transactions.repository';
import { requirePaymentManager } from './transactions.service';

export const PAYMENT_REFUND_IN_PROGRESS = 'payment_refund_in_progress';
export const PAYMENT_REFUND_OUTCOME_UNKNOWN = 'payment_refund_outcome_unknown';

type TRefundResult = { sale: TPaymentTransactionDetail; refund: TPaymentTransactionDetail };

async function present(tx: TTx, companyId: number, id: number): Promise<TPaymentTransactionDetail> {
  return toTransactionResource((await repo.findTransactionWithRefs(tx, { companyId, id }))!);
}

const exceeds = (remaining: number) =>
  validationError([{ propertyPath: 'amountCents', message: `At most ${remaining} cents remain to refund.`, code: PAYMENT_REFUND_EXCEEDS }]);

/**
 * Step 1, one transaction: lock the sale, find or write the attempt (its idempotency key), and reserve the amount on the
 * sale by a conditional update. Parallel refunds queue on the sale's row lock and each sees what the others reserved,
 * so together they never exceed the sale.
 */
async function reserve(opts: {
  ctx: TRequestContext;
  id: number;
  body: NonNullable<TPaymentRefundBody>;
  idempotencyKey: string;
}): Promise<{ sale: TPaymentTransactionRow; attempt: TRefundAttemptRow; replay: boolean; claimed: boolean }> {
  const { ctx, body } = opts;
  const { scope, companyId: scoped } = resolveRecordScope({ ctx });
  return runInScope(ctx.db, scope, async (tx) => {
    const sale = await repo.lockTransaction(tx, { companyId: scoped, id: opts.id });
    if (!sale) throw new AppError('not_found', 'Transaction not found.');
    const earlier = await attempts.findRefundAttempt(tx, { companyId: sale.companyId, idempotencyKey: opts.idempotencyKey });
    if (earlier) {
      if (earlier.transactionId !== sale.id) throw new AppError('conflict', 'This idempotency key belongs to another refund.');
      // The attempt's row is locked (findRefundAttempt: FOR UPDATE, after the sale, the job's order): re-checked here,
      // an unknown outcome is claimed for this retry; whatever the job settled meanwhile is answered as it stands.
      if (earlier.state !== 'unknown') return { sale, attempt: earlier, replay: true, claimed: false };
      const claimed = await attempts.claimRefundAttempt(tx, { companyId: sale.companyId, id: earlier.id, now: new Date() });
      return { sale, attempt: claimed ?? earlier, replay: true, claimed: claimed !== undefined };
    }
    if (sale.kind !== 'sale' || (sale.status !== 'approved' && sale.status !== 'partially_refunded'))
      throw new AppError('conflict', PAYMENT_REFUND_NOT_REFUNDABLE);
    const remaining = sale.amountCents - sale.refundedCents;
    const amount = body.amountCents ?? remaining;
    if (amount <= 0 || amount > remaining) throw exceeds(Math.max(remaining, 0));
    const reserved = await repo.reserveRefund(tx, { companyId: sale.companyId, id: sale.id, amountCents: amount });
    if (!reserved) throw exceeds(Math.max(remaining, 0));
    const attempt = await attempts.insertRefundAttempt(tx, {
      companyId: sale.companyId,
      transactionId: sale.id,
      idempotencyKey: opts.idempotencyKey,
      amountCents: amount,
      createdById: ctx.actor.user.id,
    });
    return { sale, attempt, replay: false, claimed: true };
  });
}

type TEmit = (events: TLiveEventInput[]) => void;

/**
 * A definite "no" from the processor: the reservation is given back and the attempt closed. In the caller's
 * transaction, so the reconcile job (refunds.jobs.ts) does it under its lock on the attempt.
 */
export async function releaseRefundAttempt(
  tx: TTx,
  emit: TEmit,
  opts: { sale: TPaymentTransactionRow; attempt: TRefundAttemptRow; message: string },
): Promise<void> {
  const { sale, attempt } = opts;
  await repo.releaseRefund(tx, { companyId: sale.companyId, id: sale.id, amountCents: attempt.amountCents });
  await attempts.finishRefundAttempt(tx, { companyId: sale.companyId, id: attempt.id, state: 'failed', message: opts.message });
  emit([transactionEvent(sale.companyId, await present(tx, sale.companyId, sale.id), 'updated', ['refundedCents', 'status'])]);
}

/**
 * The attempt this request claimed, locked (sale first, then the attempt: the job's order) and re-checked: still
 * pending = still ours to settle. Anything else was settled meanwhile (the reconcile job after a very slow answer):
 * left as it stands.
 */
async function lockOurAttempt(tx: TTx, opts: { sale: TPaymentTransactionRow; attempt: TRefundAttemptRow }) {
  const sale = await repo.lockTransaction(tx, { companyId: opts.sale.companyId, id: opts.sale.id });
  const attempt = await attempts.lockRefundAttempt(tx, { companyId: opts.sale.companyId, id: opts.attempt.id });
  return sale && attempt?.state === 'pending' ? { sale, attempt } : null;
}

/** The answer of an attempt settled by someone else while this request asked the processor. */
async function answerSettled(ctx: TRequestContext, opts: { sale: TPaymentTransactionRow; attempt: TRefundAttemptRow }): Promise<TRefundResult> {
  const { companyId } = opts.sale;
  const current = await runInScope(ctx.db, { companyId }, (tx) => attempts.lockRefundAttempt(tx, { companyId, id: opts.attempt.id }));
  if (current?.state === 'approved' && current.refundTransactionId !== null)
    return runInScope(ctx.db, { companyId }, async (tx) => ({
      sale: await present(tx, companyId, opts.sale.id),
      refund: await present(tx, companyId, current.refundTransactionId!),
    }));
  if (current?.state === 'failed')
    throw new AppError('validation_failed', PAYMENT_PROVIDER_FAILED, [{ propertyPath: 'amountCents', message: current.message ?? '' }]);
  throw new AppError('conflict', PAYMENT_REFUND_IN_PROGRESS);
}

async function fail(ctx: TRequestContext, sale: TPaymentTransactionRow, attempt: TRefundAttemptRow, message: string): Promise<never> {
  const released = await runWithLiveEvents({
    deps: ctx,
    scope: { companyId: sale.companyId },
    fn: async (tx, emit) => {
      const ours = await lockOurAttempt(tx, { sale, attempt });
      if (ours) await releaseRefundAttempt(tx, emit, { sale: ours.sale, attempt: ours.attempt, message });
      return ours !== null;
    },
  });
  if (!released) await answerSettled(ctx, { sale, attempt });
  throw new AppError('validation_failed', PAYMENT_PROVIDER_FAILED, [{ propertyPath: 'amountCents', message, code: PAYMENT_PROVIDER_FAILED }]);
}

/**
 * Step 3: the refund the processor made becomes a row (kind refund, parent = the sale); the attempt is closed. In the
 * caller's transaction: the request path below and the reconcile job (refunds.jobs.ts, under its lock) share it.
 */
export async function recordRefundAttempt(
  tx: TTx,
  emit: TEmit,
  opts: { sale: TPaymentTransactionRow; attempt: TRefundAttemptRow; result: TPaymentTransaction; createdById: number | null },
): Promise<TRefundResult> {
  const { sale, attempt, result } = opts;
  const inserted = await repo.insertTransaction(tx, {
    companyId: sale.companyId,
    paymentRequestId: sale.paymentRequestId,
    attemptId: null,
    parentId: sale.id,
    provider: sale.provider,
    providerKey: result.key,
    kind: 'refund',
    method: sale.method,
    status: 'approved',
    amountCents: attempt.amountCents,
    refundedCents: 0,
    feeCents: null,
    cardBrand: sale.cardBrand,
    cardLast4: sale.cardLast4,
    customerId: sale.customerId,
    createdById: opts.createdById,
  });
  if (!inserted) throw new AppError('conflict', 'This refund is already recorded.');
  await attempts.finishRefundAttempt(tx, { companyId: sale.companyId, id: attempt.id, state: 'approved', refundTransactionId: inserted.id });
  const out = { sale: await present(tx, sale.companyId, sale.id), refund: await present(tx, sale.companyId, inserted.id) };
  emit([transactionEvent(sale.companyId, out.sale, 'updated', ['refundedCents', 'status']), transactionEvent(sale.companyId, out.refund, 'created')]);
  return out;
}

async function record(ctx: TRequestContext, sale: TPaymentTransactionRow, attempt: TRefundAttemptRow, result: TPaymentTransaction): Promise<TRefundResult> {
  const out = await runWithLiveEvents({
    deps: ctx,
    scope: { companyId: sale.companyId },
    fn: async (tx, emit) => {
      const ours = await lockOurAttempt(tx, { sale, attempt });
      return ours ? recordRefundAttempt(tx, emit, { sale: ours.sale, attempt: ours.attempt, result, createdById: ctx.actor.user.id }) : null;
    },
  });
  return out ?? answerSettled(ctx, { sale, attempt });
}

/**
 * POST /api/payment/transactions/{id}/refund {amountCents?, idempotencyKey?}: a full (omitted amount: all that
 * remains) or partial refund, for the payment role and company admins. The same idempotency key answers the first
 * result; an attempt whose outcome the processor left unknown is asked again with the same key (the processor folds
 * it into the first), never as a new refund.
 */
export async function refundTransaction(opts: {
  ctx: TRequestContext;
  id: number;
  body: NonNullable<TPaymentRefundBody>;
  log: TPaymentLog;
}): Promise<TRefundResult> {
  const { ctx } = opts;
  requirePaymentManager(ctx);
  const idempotencyKey = opts.body.idempotencyKey ?? randomUUID();
  const { sale, attempt, replay, claimed } = await reserve({ ctx, id: opts.id, body: opts.body, idempotencyKey });
  if (replay && !claimed) {
    if (attempt.state === 'approved' && attempt.refundTransactionId !== null)
      return runInScope(ctx.db, { companyId: sale.companyId }, async (tx) => ({
        sale: await present(tx, sale.companyId, sale.id),
        refund: await present(tx, sale.companyId, attempt.refundTransactionId!),
      }));
    if (attempt.state === 'failed')
      throw new AppError('validation_failed', PAYMENT_PROVIDER_FAILED, [{ propertyPath: 'amountCents', message: attempt.message ?? '' }]);
    // Pending: another request (or retry) holds it and is asking the processor now.
    throw new AppError('conflict', PAYMENT_REFUND_IN_PROGRESS);
  }
  const company = await runInScope(ctx.db, { companyId: sale.companyId }, (tx) => findCompany(tx, sale.companyId));
  let processor;
  try {
    processor = company ? processorForCompany({ config: ctx.config, company, log: opts.log, paymentRequestId: sale.paymentRequestId }) : null;
  } catch (err) {
    if (err instanceof PaymentError) return fail(ctx, sale, attempt, err.message);
    throw err;
  }
  if (!processor) return fail(ctx, sale, attempt, PAYMENT_NOT_ENABLED);
  let result: TPaymentTransaction;
  try {
    result = await processor.refund({ transactionKey: sale.providerKey, amountCents: attempt.amountCents, idempotencyKey });
  } catch (err) {
    if (!(err instanceof PaymentError)) throw err;
    if (err.outcomeUnknown) {
      // The money may have moved: keep the reservation; a retry with the same key asks the processor again.
      await runInScope(ctx.db, { companyId: sale.companyId }, async (tx) => {
        if (await lockOurAttempt(tx, { sale, attempt }))
          await attempts.finishRefundAttempt(tx, { companyId: sale.companyId, id: attempt.id, state: 'unknown', message: err.message });
      });
      throw new AppError('conflict', PAYMENT_REFUND_OUTCOME_UNKNOWN);
    }
    return fail(ctx, sale, attempt, err.message);
  }
  if (result.outcome !== 'approved' && result.outcome !== 'partial') return fail(ctx, sale, attempt, result.message || 'The refund was refused.');
  return record(ctx, sale, attempt, result);
}
