import { computePriorToArrivalDueAt, computeStatusMessageDueAt } from '@cd/contracts/automation-schedule';
import type { TAutomatedMessageKind } from '@cd/contracts/automated-message';
import type { TAutomotiveMessages } from '@cd/contracts/company';
import type { TTx } from '../../db/client';
import {
  cancelAutomatedMessages,
  planAutomatedMessage,
  planNextOccurrence,
  replanAutomatedMessage,
  type TAutomationSource,
} from '../automations/automations.api';
import type { TCompanyRow } from '../companies/companies.api';
import * as repo from './repair-orders.repository';
import type { TRepairOrderRow } from './repair-orders.schema';

/**
 * When the order's automated texts are planned (issue 13 "Automations"; docs/repair-orders.md):
 * - status_url: at openedAt + repairOrderStatusMessageHoursAfter, planned at creation (once);
 * - prior_to_arrival: at promisedAt − vehicleReadyNotifyMinutesPriorToArrival, re-planned when promisedAt moves,
 *   cancelled when it is cleared or the order closes;
 * - status_update: each change of `status`, next occurrence, now;
 * the engine asks `repairOrderAutomationSource` again when each comes due.
 */
export function automotiveOf(company: Pick<TCompanyRow, 'automotiveMessages'>): TAutomotiveMessages {
  return (company.automotiveMessages ?? {}) as TAutomotiveMessages;
}

const hasText = (v: string | null | undefined) => typeof v === 'string' && v.trim() !== '';

/** Kinds still sent after the order closed: the survey comes after closing, a ready notice may be on its way. */
const AFTER_CLOSE_KINDS: readonly TAutomatedMessageKind[] = ['survey', 'vehicle_ready'];

/** On creation: the status link N hours after opening, and the prior-to-arrival notice when a time is promised. */
export async function planOrderCreated(tx: TTx, opts: { company: TCompanyRow; order: TRepairOrderRow }): Promise<void> {
  const { order } = opts;
  if (order.closedAt !== null) return;
  const m = automotiveOf(opts.company);
  const statusDue = computeStatusMessageDueAt({ openedAt: order.openedAt, hoursAfter: m.repairOrderStatusMessageHoursAfter ?? 0 });
  // An order imported long after it opened would send at once: only a due time still ahead is planned.
  if (statusDue && hasText(m.repairOrderStatusUrl) && statusDue.getTime() > Date.now())
    await planAutomatedMessage(tx, { companyId: order.companyId, customerId: order.customerId, kind: 'status_url', entityId: order.id, dueAt: statusDue });
  await planPriorToArrival(tx, opts);
}

/** (Re)plans or cancels the prior-to-arrival notice after promisedAt changed (or at creation). */
export async function planPriorToArrival(tx: TTx, opts: { company: TCompanyRow; order: TRepairOrderRow }): Promise<void> {
  const { order } = opts;
  const m = automotiveOf(opts.company);
  const due = computePriorToArrivalDueAt({ promisedAt: order.promisedAt, minutesBefore: m.vehicleReadyNotifyMinutesPriorToArrival ?? 0 });
  if (!due || order.closedAt !== null || !hasText(m.vehicleReadyNotifyPriorToArrivalText) || due.getTime() <= Date.now()) {
    await cancelAutomatedMessages(tx, { companyId: order.companyId, entity: 'repair_order', entityId: order.id, kinds: ['prior_to_arrival'] });
    return;
  }
  await replanAutomatedMessage(tx, { companyId: order.companyId, customerId: order.customerId, kind: 'prior_to_arrival', entityId: order.id, dueAt: due });
}

/** A status change tells the customer when the company has a status update text. */
export async function planStatusUpdate(tx: TTx, opts: { company: TCompanyRow; order: TRepairOrderRow }): Promise<void> {
  const { order } = opts;
  if (order.closedAt !== null || !hasText(automotiveOf(opts.company).repairOrderStatusUpdate)) return;
  await planNextOccurrence(tx, { companyId: order.companyId, customerId: order.customerId, kind: 'status_update', entityId: order.id });
}

/** Closing cancels what still waits for the order, except the survey (and a vehicle-ready notice under way). */
export async function cancelOnClose(tx: TTx, opts: { order: TRepairOrderRow }): Promise<void> {
  await cancelAutomatedMessages(tx, {
    companyId: opts.order.companyId,
    entity: 'repair_order',
    entityId: opts.order.id,
    kinds: ['status_url', 'status_update', 'line_approval', 'prior_to_arrival'],
  });
}

/**
 * The engine's question when a repair order's message comes due: closed orders only still get the survey and the
 * vehicle-ready notice; an approval request only while a line waits for an answer; `{minutes}` for the
 * prior-to-arrival notice (the minutes from now to the promised time, at least 0, as configured when on time).
 */
export const repairOrderAutomationSource: TAutomationSource = async (tx, opts) => {
  const order = await repo.findOrder(tx, { companyId: opts.companyId, id: opts.entityId });
  if (!order) return { due: false };
  if (order.closedAt !== null && !AFTER_CLOSE_KINDS.includes(opts.kind)) return { due: false };
  if (opts.kind === 'line_approval') {
    const lines = await repo.listLinesOf(tx, { companyId: order.companyId, orderIds: [order.id] });
    return { due: lines.some((l) => l.status === 'pending') };
  }
  if (opts.kind === 'prior_to_arrival') {
    if (order.promisedAt === null) return { due: false };
    const minutes = Math.max(0, Math.round((order.promisedAt.getTime() - Date.now()) / 60_000));
    return { due: true, values: { minutes } };
  }
  return { due: true };
};
