import { randomUUID } from 'node:crypto';
import {
  PAYMENT_REQUEST_NOT_PAYABLE,
  TERMINAL_BUSY,
  TERMINAL_NOT_ASSIGNED,
  type TPaymentTerminal,
  type TTerminalRequestResource,
} from '@cd/contracts/payment-operations';
import { PAYMENT_NOT_ENABLED } from '@cd/contracts/payments';
import type { TRequestContext } from '../../context';
import { runInScope } from '../../db/client';
import { enqueueJob } from '../../jobs/outbox';
import { AppError, validationError } from '../../lib/errors';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { PaymentError, type TPaymentProcessor, type TTerminalRequest } from '../../payments/payments';
import { resolveReadableCompanyId, resolveRecordScope } from '../../tenant-scope';
import { findCompany, type TCompanyRow } from '../companies/companies.api';
import { requireSource } from './payment-requests.access';
import { paymentEnabled, paymentSettingsOf } from './payment-requests.core';
import * as requests from './payment-requests.repository';
import { processorForCompany, type TPaymentLog } from './payments.processor';
import { applyTerminalState, terminalEvent, toTerminalRequestResource, voidPartialOf } from './terminals.outcome';
import * as repo from './terminals.repository';
import type { TTerminalRequestRow } from './terminals.schema';

export const TERMINAL_POLL_KIND = 'payments.terminal_poll';
/** How often the job asks the processor while a card is being dipped. */
export const TERMINAL_POLL_MS = 2_000;

/** Terminals of the grid the caller may use: assignedTo holds 0 (all users) or their id; company admins use any. */
function usableTerminals(ctx: TRequestContext, company: Pick<TCompanyRow, 'payment'>): TPaymentTerminal[] {
  const grid = paymentSettingsOf(company).terminals ?? [];
  const me = ctx.actor.user.id;
  const admin = ctx.actor.isCompanyAdmin || ctx.actor.isSuperAdmin;
  return grid
    .filter((t) => admin || t.assignedTo.includes(0) || t.assignedTo.includes(me))
    .map((t) => ({ serial: t.serial, description: t.description || t.serial }));
}

/** GET /api/payment/terminals: the grid filtered by assignment (empty when payments are off). */
export async function listTerminals(opts: { ctx: TRequestContext; companyId?: number }): Promise<TPaymentTerminal[]> {
  const companyId = resolveReadableCompanyId({ ctx: opts.ctx, requested: opts.companyId });
  const company = await runInScope(opts.ctx.db, { companyId }, (tx) => findCompany(tx, companyId));
  if (!company) throw new AppError('not_found', 'Company not found.');
  return paymentEnabled(company) ? usableTerminals(opts.ctx, company) : [];
}

function processorOf(ctx: TRequestContext, company: TCompanyRow, log: TPaymentLog, paymentRequestId?: number): TPaymentProcessor {
  let processor: TPaymentProcessor | null;
  try {
    processor = processorForCompany({ config: ctx.config, company, log, paymentRequestId });
  } catch (err) {
    if (err instanceof PaymentError) throw new AppError('validation_failed', err.message, [{ propertyPath: 'serial', message: err.message }]);
    throw err;
  }
  if (!processor) throw new AppError('validation_failed', PAYMENT_NOT_ENABLED, [{ propertyPath: 'serial', message: PAYMENT_NOT_ENABLED }]);
  return processor;
}

/** Ends a request that never reached a terminal (the processor refused or did not answer). */
async function endUnsent(ctx: TRequestContext, row: TTerminalRequestRow, message: string): Promise<void> {
  await runWithLiveEvents({
    deps: ctx,
    scope: { companyId: row.companyId },
    fn: async (tx, emit) => {
      const ended = await repo.updateRunning(tx, { companyId: row.companyId, id: row.id, values: { state: 'error', message, finishedAt: new Date() } });
      if (ended) emit([terminalEvent(ended, 'updated')]);
    },
  });
}

/**
 * POST /api/payment_requests/{id}/terminal {serial}: sends the request's amount to a terminal of the grid. The row
 * (with the idempotency key the processor gets) is written first; one request runs per payment request and per
 * terminal (409 otherwise). The poll job follows it until the card is done.
 */
export async function sendToTerminal(opts: { ctx: TRequestContext; id: number; serial: string; log: TPaymentLog }): Promise<TTerminalRequestResource> {
  const { ctx } = opts;
  const { scope, companyId: scoped } = resolveRecordScope({ ctx });
  const { row, company } = await runWithLiveEvents({
    deps: ctx,
    scope,
    fn: async (tx, emit) => {
      const request = await requests.findPaymentRequest(tx, { companyId: scoped, id: opts.id, forUpdate: true });
      if (!request) throw new AppError('not_found', 'Payment request not found.');
      requireSource(ctx, request.source);
      const company = await findCompany(tx, request.companyId);
      if (!company || !paymentEnabled(company))
        throw new AppError('validation_failed', PAYMENT_NOT_ENABLED, [{ propertyPath: 'serial', message: PAYMENT_NOT_ENABLED }]);
      if (request.cancelledAt !== null || request.status === 'paid' || request.status === 'expired' || request.amountCents <= 0)
        throw new AppError('conflict', PAYMENT_REQUEST_NOT_PAYABLE);
      const grid = paymentSettingsOf(company).terminals ?? [];
      if (!grid.some((t) => t.serial === opts.serial)) throw validationError([{ propertyPath: 'serial', message: 'No such terminal in the company’s grid.' }]);
      if (!usableTerminals(ctx, company).some((t) => t.serial === opts.serial)) throw new AppError('forbidden', TERMINAL_NOT_ASSIGNED);
      const processor = processorOf(ctx, company, opts.log, request.id);
      const row = await repo.insertTerminalRequest(tx, {
        companyId: request.companyId,
        paymentRequestId: request.id,
        terminalSerial: opts.serial,
        provider: processor.provider,
        idempotencyKey: `term-${randomUUID()}`,
        amountCents: request.amountCents,
        createdById: ctx.actor.user.id,
      });
      if (!row) throw new AppError('conflict', TERMINAL_BUSY);
      emit([terminalEvent(row, 'created')]);
      return { row, company, invoice: request.invoice };
    },
  });
  const processor = processorOf(ctx, company, opts.log, row.paymentRequestId);
  let started: TTerminalRequest;
  let deviceKey: string;
  try {
    const device = (await processor.listTerminals()).find((d) => d.serial === row.terminalSerial);
    if (!device) {
      await endUnsent(ctx, row, 'The processor does not know this terminal.');
      throw validationError([{ propertyPath: 'serial', message: 'The processor does not know this terminal.' }]);
    }
    deviceKey = device.key;
    const request = await runInScope(ctx.db, { companyId: row.companyId }, (tx) =>
      requests.findPaymentRequest(tx, { companyId: row.companyId, id: row.paymentRequestId }),
    );
    started = await processor.createTerminalRequest({
      deviceKey,
      amountCents: row.amountCents,
      invoice: request?.invoice ?? '',
      idempotencyKey: row.idempotencyKey,
    });
  } catch (err) {
    if (!(err instanceof PaymentError)) throw err;
    await endUnsent(ctx, row, err.message);
    if (err.kind === 'busy') throw new AppError('conflict', TERMINAL_BUSY);
    throw new AppError('validation_failed', err.message, [{ propertyPath: 'serial', message: err.message }]);
  }
  const updated = await runWithLiveEvents({
    deps: ctx,
    scope: { companyId: row.companyId },
    fn: async (tx, emit) => {
      const sent = await repo.updateRunning(tx, {
        companyId: row.companyId,
        id: row.id,
        values: { providerKey: started.key, deviceKey, state: 'pending', providerStatus: started.providerStatus.slice(0, 200) },
      });
      if (!sent) return null;
      emit([terminalEvent(sent, 'updated')]);
      await enqueueJob(tx, { companyId: row.companyId, kind: TERMINAL_POLL_KIND, payload: { id: row.id }, runAt: new Date(Date.now() + TERMINAL_POLL_MS) });
      return sent;
    },
  });
  if (!updated) {
    // Cancelled while the terminal was being asked: tell the terminal too.
    await processor.cancelTerminalRequest({ requestKey: started.key }).catch(() => undefined);
    return getTerminalRequest({ ctx, id: opts.id });
  }
  return toTerminalRequestResource(updated);
}

/** GET /api/payment_requests/{id}/terminal: the request's newest terminal request (404 when it has none). */
export async function getTerminalRequest(opts: { ctx: TRequestContext; id: number }): Promise<TTerminalRequestResource> {
  const { scope, companyId: scoped } = resolveRecordScope({ ctx: opts.ctx });
  return runInScope(opts.ctx.db, scope, async (tx) => {
    const request = await requests.findPaymentRequest(tx, { companyId: scoped, id: opts.id });
    if (!request) throw new AppError('not_found', 'Payment request not found.');
    requireSource(opts.ctx, request.source);
    const row = await repo.findLatestOfRequest(tx, { companyId: request.companyId, paymentRequestId: request.id });
    if (!row) throw new AppError('not_found', 'This payment request was not sent to a terminal.');
    return toTerminalRequestResource(row);
  });
}

/**
 * POST /api/payment_requests/{id}/terminal/cancel: asks the terminal to stop, then records what it says — a card that
 * went through just before the cancel is a payment, recorded as such.
 */
export async function cancelTerminal(opts: { ctx: TRequestContext; id: number; log: TPaymentLog }): Promise<TTerminalRequestResource> {
  const { ctx } = opts;
  const { scope, companyId: scoped } = resolveRecordScope({ ctx });
  const found = await runInScope(ctx.db, scope, async (tx) => {
    const request = await requests.findPaymentRequest(tx, { companyId: scoped, id: opts.id });
    if (!request) throw new AppError('not_found', 'Payment request not found.');
    requireSource(ctx, request.source);
    const row = await repo.findLatestOfRequest(tx, { companyId: request.companyId, paymentRequestId: request.id });
    if (!row || !['creating', 'pending', 'processing'].includes(row.state))
      throw new AppError('conflict', 'No terminal request is running for this payment request.');
    return { row, company: (await findCompany(tx, request.companyId))! };
  });
  const { row, company } = found;
  let state: TTerminalRequest = { key: row.providerKey ?? '', state: 'canceled', providerStatus: 'canceled', transaction: null, expiresAt: null };
  let partialVoided = false;
  if (row.providerKey) {
    const processor = processorOf(ctx, company, opts.log, row.paymentRequestId);
    try {
      await processor.cancelTerminalRequest({ requestKey: row.providerKey });
      state = await processor.getTerminalRequest({ requestKey: row.providerKey });
      // Still running (the card may be mid-way): the row stays running and the poll job records how it ends.
    } catch (err) {
      if (!(err instanceof PaymentError)) throw err;
      throw new AppError('conflict', err.message);
    }
    partialVoided = await voidPartialOf({ processor, row, state, log: opts.log });
  }
  return runWithLiveEvents({
    deps: ctx,
    scope: { companyId: row.companyId },
    fn: async (tx, emit) => {
      const applied = await applyTerminalState(tx, { deps: ctx, row, state, emit, partialVoided });
      return toTerminalRequestResource(applied ?? (await repo.findTerminalRequest(tx, { companyId: row.companyId, id: row.id }))!);
    },
  });
}
