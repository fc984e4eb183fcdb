import { and, eq } from 'drizzle-orm';
import { companyAdminsTopic, companyRoleTopic, userTopic } from '@cd/contracts/live';
import { TERMINAL_PARTIAL_NOT_VOIDED, TERMINAL_PARTIAL_VOIDED, type TTerminalRequestResource } from '@cd/contracts/payment-operations';
import { formatMoney } from '@cd/contracts/payment-money';
import type { TAppDeps } from '../../context';
import type { TTx } from '../../db/client';
import { iri } from '../../lib/hydra';
import type { TLiveEventInput } from '../../live/live.types';
import { PaymentError, type TPaymentProcessor, type TPaymentTransaction, type TTerminalRequest } from '../../payments/payments';
import * as attempts from './payment-requests.attempts';
import type { TPaymentLog } from './payments.processor';
import type { TEmit } from './payment-requests.core';
import * as requests from './payment-requests.repository';
import { paymentTransactions } from './payment-requests.schema';
import { recordAttemptResult } from './payment-requests.settle';
import { transactionIri } from './transactions.presenter';
import * as repo from './terminals.repository';
import type { TTerminalRequestRow } from './terminals.schema';

/** The request's terminal message when the request was paid another way while the terminal ran (a second charge). */
export const TERMINAL_ALREADY_PAID = 'payment_terminal_request_already_paid';

export function toTerminalRequestResource(row: TTerminalRequestRow): TTerminalRequestResource {
  return {
    '@id': `/api/payment_terminal_requests/${row.id}`,
    '@type': 'PaymentTerminalRequest',
    id: row.id,
    paymentRequest: iri('payment_requests', row.paymentRequestId),
    terminalSerial: row.terminalSerial,
    state: row.state,
    providerStatus: row.providerStatus,
    amountCents: row.amountCents,
    transaction: row.transactionId === null ? null : transactionIri(row.transactionId),
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** The person at the counter who sent it, the company admins and the payment role (the payment screens). */
export function terminalEvent(row: TTerminalRequestRow, event: 'created' | 'updated'): TLiveEventInput {
  const topics = [companyAdminsTopic(row.companyId), companyRoleTopic(row.companyId, 'ROLE_PAYMENT')];
  if (row.createdById !== null) topics.push(userTopic(row.createdById));
  return { companyId: row.companyId, topics, event, entity: 'payment_terminal_request', data: toTerminalRequestResource(row), changes: null };
}

async function saleIdOf(tx: TTx, opts: { companyId: number; provider: string; providerKey: string }): Promise<number | null> {
  const [row] = await tx
    .select({ id: paymentTransactions.id })
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.companyId, opts.companyId),
        eq(paymentTransactions.provider, opts.provider),
        eq(paymentTransactions.providerKey, opts.providerKey),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/**
 * Gives a terminal's partial approval back (before it is recorded: a hold the customer never agreed to pay in part).
 * Already voided (a run that crashed after the void) counts as voided; any other failure is logged and recorded as
 * not voided, for staff to refund.
 */
async function voidPartial(processor: TPaymentProcessor, transactionKey: string, log: TPaymentLog): Promise<boolean> {
  try {
    await processor.void({ transactionKey });
    return true;
  } catch (err) {
    if (!(err instanceof PaymentError)) throw err;
    const now = await processor.getTransaction({ transactionKey }).catch(() => null);
    if (now?.settlement === 'voided') return true;
    log.warn({ err: err.message, transactionKey }, 'terminal: could not void a partial approval');
    return false;
  }
}

/** Voids the partial approval in a finished terminal state, if it holds one (the poll job, a cancel); false otherwise. */
export async function voidPartialOf(opts: {
  processor: TPaymentProcessor | null;
  row: TTerminalRequestRow;
  state: TTerminalRequest;
  log: TPaymentLog;
}): Promise<boolean> {
  const t = opts.state.transaction;
  if (!opts.processor || !t || !isPartialApproval(t, opts.row.amountCents)) return false;
  return voidPartial(opts.processor, t.key, opts.log);
}

type TSaleOutcome = { attemptId: number | null; transactionId: number | null; message: string | null; approved: boolean };

/** The terminal approved less than asked (a card with too little left): never a payment of the request. */
export const isPartialApproval = (result: TPaymentTransaction, askedCents: number) =>
  result.outcome === 'partial' || (result.outcome === 'approved' && result.authorizedCents < askedCents);

/**
 * A partial approval at the terminal (the poll job voided it first, see terminals.jobs.ts): the attempt fails with the
 * reason (errorCode partial_approval_voided, or _not_voided when the void failed), the request stays payable, and the
 * sale is kept on the transactions list for the record: voided, or approved (money held: refund it there) when the void
 * did not go through.
 */
async function recordPartial(
  tx: TTx,
  opts: { row: TTerminalRequestRow; attemptId: number; customerId: number | null; result: TPaymentTransaction; voided: boolean },
): Promise<TSaleOutcome> {
  const { row, result } = opts;
  const asked = formatMoney(row.amountCents);
  const got = formatMoney(result.authorizedCents);
  const message = opts.voided
    ? `The terminal approved only ${got} of ${asked}; the partial approval was voided. Take the payment again with another card.`
    : `The terminal approved only ${got} of ${asked} and the void failed: refund it on the transactions screen.`;
  await attempts.insertSaleTransaction(tx, {
    companyId: row.companyId,
    paymentRequestId: row.paymentRequestId,
    attemptId: opts.attemptId,
    provider: row.provider,
    providerKey: result.key,
    method: 'terminal',
    status: opts.voided ? 'voided' : 'approved',
    amountCents: result.authorizedCents,
    cardBrand: result.card.brand,
    cardLast4: result.card.last4 && /^\d{4}$/.test(result.card.last4) ? result.card.last4 : null,
    customerId: opts.customerId,
    createdById: row.createdById,
  });
  await attempts.settleAttempt(tx, {
    companyId: row.companyId,
    id: opts.attemptId,
    outcome: {
      state: 'error',
      errorCode: opts.voided ? 'partial_approval_voided' : 'partial_approval_not_voided',
      declineReason: 'insufficient_funds',
      providerKey: result.key,
      message: message.slice(0, 500),
    },
  });
  return {
    attemptId: opts.attemptId,
    transactionId: await saleIdOf(tx, { companyId: row.companyId, provider: row.provider, providerKey: result.key }),
    message: opts.voided ? TERMINAL_PARTIAL_VOIDED : TERMINAL_PARTIAL_NOT_VOIDED,
    approved: false,
  };
}

/**
 * The money a terminal took: an attempt (method terminal, the terminal request's idempotency key) settled through the
 * payments' one recording path (recordAttemptResult: the sale row once per processor key, the request paid once, the
 * paid hook, live events). The attempt is written only now, when the outcome is known, so the reconcile job never
 * mistakes a card still being dipped for a lost charge. A request paid meanwhile by link keeps its payment; this
 * second sale is recorded all the same (the money moved) and flagged for a refund.
 */
async function recordTerminalSale(
  tx: TTx,
  opts: {
    deps: Pick<TAppDeps, 'config'>;
    row: TTerminalRequestRow;
    result: NonNullable<TTerminalRequest['transaction']>;
    emit: TEmit;
    partialVoided: boolean;
  },
): Promise<TSaleOutcome> {
  const { row, result } = opts;
  const request = await requests.findPaymentRequest(tx, { companyId: row.companyId, id: row.paymentRequestId, forUpdate: true });
  if (!request) return { attemptId: null, transactionId: null, message: 'The payment request no longer exists.', approved: false };
  const attempt =
    (await attempts.insertAttempt(tx, {
      companyId: row.companyId,
      paymentRequestId: row.paymentRequestId,
      idempotencyKey: row.idempotencyKey,
      method: 'terminal',
      amountCents: row.amountCents,
      provider: row.provider,
    })) ?? (await attempts.findAttemptByKey(tx, { companyId: row.companyId, idempotencyKey: row.idempotencyKey }))!;
  if (isPartialApproval(result, row.amountCents))
    return recordPartial(tx, { row, attemptId: attempt.id, customerId: request.customerId, result, voided: opts.partialVoided });
  const moved = result.outcome === 'approved' || result.outcome === 'partial';
  const paidBefore = await attempts.findApprovedAttempt(tx, { companyId: row.companyId, paymentRequestId: row.paymentRequestId });
  if (moved && paidBefore && paidBefore.id !== attempt.id) {
    await attempts.insertSaleTransaction(tx, {
      companyId: row.companyId,
      paymentRequestId: row.paymentRequestId,
      attemptId: attempt.id,
      provider: row.provider,
      providerKey: result.key,
      method: 'terminal',
      status: 'approved',
      amountCents: result.authorizedCents,
      cardBrand: result.card.brand,
      cardLast4: result.card.last4 && /^\d{4}$/.test(result.card.last4) ? result.card.last4 : null,
      customerId: request.customerId,
      createdById: row.createdById,
    });
    await attempts.settleAttempt(tx, {
      companyId: row.companyId,
      id: attempt.id,
      outcome: { state: 'error', errorCode: 'already_paid', providerKey: result.key },
    });
    return {
      attemptId: attempt.id,
      transactionId: await saleIdOf(tx, { companyId: row.companyId, provider: row.provider, providerKey: result.key }),
      message: TERMINAL_ALREADY_PAID,
      approved: true,
    };
  }
  const settled = await recordAttemptResult(tx, { deps: opts.deps, request, attempt, provider: row.provider, result, emit: opts.emit });
  const approved = settled.state === 'approved';
  return {
    attemptId: attempt.id,
    transactionId: approved ? await saleIdOf(tx, { companyId: row.companyId, provider: row.provider, providerKey: result.key }) : null,
    message: approved ? null : (settled.declineReason ?? settled.errorCode ?? result.message),
    approved,
  };
}

/**
 * Applies what the processor says of a terminal request to its row (the poll job, a cancel): still running → the
 * processor's words; done → the final state, with the payment recorded when the card went through. Conditional on
 * the row still running, so the job and a cancel racing each other record it once. Null when it had finished already.
 */
export async function applyTerminalState(
  tx: TTx,
  opts: {
    deps: Pick<TAppDeps, 'config'>;
    row: TTerminalRequestRow;
    state: TTerminalRequest;
    emit: TEmit;
    /** A partial approval in `state` was voided at the processor (the poll job's void). */
    partialVoided?: boolean;
  },
): Promise<TTerminalRequestRow | null> {
  const { row, state } = opts;
  const locked = await repo.findTerminalRequest(tx, { companyId: row.companyId, id: row.id, forUpdate: true });
  if (!locked || !['creating', 'pending', 'processing'].includes(locked.state)) return null;
  const providerStatus = state.providerStatus.slice(0, 200);
  let values: repo.TTerminalUpdate;
  if (state.state === 'pending' || state.state === 'processing') {
    values = { state: state.state, providerStatus, polls: locked.polls + 1 };
  } else if (state.transaction) {
    const sale = await recordTerminalSale(tx, {
      deps: opts.deps,
      row: locked,
      result: state.transaction,
      emit: opts.emit,
      partialVoided: opts.partialVoided ?? false,
    });
    values = {
      state: sale.approved ? 'complete' : 'failed',
      providerStatus,
      attemptId: sale.attemptId,
      transactionId: sale.transactionId,
      message: sale.message,
      finishedAt: new Date(),
    };
  } else {
    values = {
      state: state.state === 'complete' ? 'error' : state.state,
      providerStatus,
      message: state.providerStatus.slice(0, 200) || null,
      finishedAt: new Date(),
    };
  }
  const updated = await repo.updateRunning(tx, { companyId: row.companyId, id: row.id, values });
  if (updated) opts.emit([terminalEvent(updated, 'updated')]);
  return updated ?? null;
}
