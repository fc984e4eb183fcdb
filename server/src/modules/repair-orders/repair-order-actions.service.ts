import { REPAIR_ORDER_LINES_NOT_CLOSED, SURVEY_NOT_CONFIGURED, type TRepairOrder } from '@cd/contracts/repair-order';
import { findOpenLines } from '@cd/contracts/repair-order-line';
import type { TRequestContext } from '../../context';
import type { TTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { resolveRecordScope } from '../../tenant-scope';
import { planAutomatedMessage, planNextOccurrence } from '../automations/automations.api';
import { repairOrderClosed, repairOrderReopened, repairOrderSurveyRequested } from './repair-orders.hooks';
import { automotiveOf, cancelOnClose, planPriorToArrival } from './repair-orders.automation';
import * as repo from './repair-orders.repository';
import type { TRepairOrderRow } from './repair-orders.schema';
import { loadCompany, loadOrder, orderEvent, presentOrder, type TEmit } from './repair-orders.service';

/** 409 messages of the order actions (i18n keys; the spec's own sentences come from contracts). */
export const ORDER_ACTION_MESSAGES = {
  alreadySent: 'message_already_sent',
  alreadyClosed: 'repair_order_already_closed',
  notClosed: 'repair_order_not_closed',
  closed: 'repair_order_closed',
  vehicleReadyNotConfigured: 'vehicle_ready_not_configured',
  approvalNotConfigured: 'approval_request_not_configured',
  noPendingLines: 'no_pending_lines',
} as const;

const hasText = (v: unknown) => typeof v === 'string' && v.trim() !== '';

/**
 * Runs one action on an order with its row locked (`select … for update`): parallel clicks on the same order wait
 * for each other, and each sees what the previous one did.
 */
async function withLockedOrder(
  opts: { ctx: TRequestContext; id: number },
  fn: (tx: TTx, order: TRepairOrderRow, emit: TEmit) => Promise<{ order: TRepairOrderRow; changes: string[] }>,
): Promise<TRepairOrder> {
  const { scope, companyId } = resolveRecordScope({ ctx: opts.ctx });
  return runWithLiveEvents({
    deps: opts.ctx,
    scope,
    fn: async (tx, emit) => {
      const locked = await loadOrder(tx, { companyId, id: opts.id, forUpdate: true });
      const { order, changes } = await fn(tx, locked, emit);
      const resource = await presentOrder(tx, { deps: opts.ctx, order });
      if (changes.length) emit([orderEvent(resource, order.companyId, 'updated', changes)]);
      return resource;
    },
  });
}

/** Closes the order: refused while a line waits for an answer; cancels what still waits except the survey. */
export async function closeOrder(opts: { ctx: TRequestContext; id: number; withoutSurvey: boolean }) {
  return withLockedOrder(opts, async (tx, order, emit) => {
    if (order.closedAt !== null) throw new AppError('conflict', ORDER_ACTION_MESSAGES.alreadyClosed);
    const lines = await repo.listLinesOf(tx, { companyId: order.companyId, orderIds: [order.id] });
    if (findOpenLines({ lines }).length) throw new AppError('conflict', REPAIR_ORDER_LINES_NOT_CLOSED);
    const closed = await repo.updateOrder(tx, {
      companyId: order.companyId,
      id: order.id,
      values: { closedAt: new Date(), surveySkipped: opts.withoutSurvey },
    });
    await cancelOnClose(tx, { order: closed });
    await repairOrderClosed.run({ tx, deps: opts.ctx, order: closed, emit });
    const after = await loadOrder(tx, { companyId: order.companyId, id: order.id });
    return { order: after, changes: after.surveyId !== closed.surveyId ? ['closedAt', 'state', 'survey'] : ['closedAt', 'state'] };
  });
}

/** Opens a closed order again (a comeback); the prior-to-arrival notice is planned again when still ahead. */
export async function reopenOrder(opts: { ctx: TRequestContext; id: number }) {
  return withLockedOrder(opts, async (tx, order, emit) => {
    if (order.closedAt === null) throw new AppError('conflict', ORDER_ACTION_MESSAGES.notClosed);
    const reopened = await repo.updateOrder(tx, { companyId: order.companyId, id: order.id, values: { closedAt: null, surveySkipped: false } });
    await planPriorToArrival(tx, { company: await loadCompany(tx, order.companyId), order: reopened });
    await repairOrderReopened.run({ tx, deps: opts.ctx, order: reopened, emit });
    const after = await loadOrder(tx, { companyId: order.companyId, id: order.id });
    return { order: after, changes: after.surveyId !== reopened.surveyId ? ['closedAt', 'state', 'survey'] : ['closedAt', 'state'] };
  });
}

/** Vehicle ready, once per order: a second call (or a parallel one) answers 409 and plans nothing. */
export async function sendVehicleReady(opts: { ctx: TRequestContext; id: number }) {
  return withLockedOrder(opts, async (tx, order) => {
    const company = await loadCompany(tx, order.companyId);
    if (!hasText(automotiveOf(company).vehicleReady)) throw new AppError('conflict', ORDER_ACTION_MESSAGES.vehicleReadyNotConfigured);
    if (order.vehicleReadySentAt !== null) throw new AppError('conflict', ORDER_ACTION_MESSAGES.alreadySent);
    const planned = await planAutomatedMessage(tx, { companyId: order.companyId, customerId: order.customerId, kind: 'vehicle_ready', entityId: order.id });
    if (!planned.created) throw new AppError('conflict', ORDER_ACTION_MESSAGES.alreadySent);
    const updated = await repo.updateOrder(tx, { companyId: order.companyId, id: order.id, values: { vehicleReadySentAt: new Date() } });
    return { order: updated, changes: ['vehicleReadySentAt'] };
  });
}

/** Asks the customer about the pending lines: the next approval round, stamped on those lines. */
export async function sendApprovalRequest(opts: { ctx: TRequestContext; id: number }) {
  return withLockedOrder(opts, async (tx, order) => {
    if (order.closedAt !== null) throw new AppError('conflict', ORDER_ACTION_MESSAGES.closed);
    const company = await loadCompany(tx, order.companyId);
    if (!hasText(automotiveOf(company).repairOrderLineApproval)) throw new AppError('conflict', ORDER_ACTION_MESSAGES.approvalNotConfigured);
    const lines = await repo.listLinesOf(tx, { companyId: order.companyId, orderIds: [order.id] });
    if (!findOpenLines({ lines }).length) throw new AppError('conflict', ORDER_ACTION_MESSAGES.noPendingLines);
    const planned = await planNextOccurrence(tx, { companyId: order.companyId, customerId: order.customerId, kind: 'line_approval', entityId: order.id });
    await repo.stampApprovalRound(tx, { companyId: order.companyId, orderId: order.id, round: planned.occurrence });
    return { order, changes: [] };
  });
}

/**
 * Sends the survey now (`{survey_url}`): 409 when the company has no survey text or the order already has a survey.
 * The surveys module makes the survey and plans its text (repairOrderSurveyRequested); the order keeps the request.
 */
export async function sendSurvey(opts: { ctx: TRequestContext; id: number }) {
  return withLockedOrder(opts, async (tx, order, emit) => {
    const company = await loadCompany(tx, order.companyId);
    const survey = (company.surveySettings ?? {}) as { text?: string | null };
    if (!hasText(survey.text)) throw new AppError('conflict', SURVEY_NOT_CONFIGURED);
    if (order.surveyId !== null) throw new AppError('conflict', ORDER_ACTION_MESSAGES.alreadySent);
    await repairOrderSurveyRequested.run({ tx, deps: opts.ctx, order, emit });
    const updated = await loadOrder(tx, { companyId: order.companyId, id: order.id });
    if (updated.surveyId === null) throw new AppError('conflict', SURVEY_NOT_CONFIGURED);
    return { order: updated, changes: ['surveyRequestedAt', 'survey'] };
  });
}
