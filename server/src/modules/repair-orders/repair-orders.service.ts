import { companyTopic } from '@cd/contracts/live';
import { REPAIR_ORDER_LIVE_ENTITIES, REPAIR_ORDER_NUMBER_TAKEN, type TRepairOrder } from '@cd/contracts/repair-order';
import type { TAppDeps, TRequestContext } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, validationError, type TViolation } from '../../lib/errors';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import type { TLiveEventInput } from '../../live/live.types';
import { resolveReadableCompanyId, resolveRecordScope } from '../../tenant-scope';
import { findCompany, type TCompanyRow } from '../companies/companies.api';
import { findCustomer } from '../customers/customers.api';
import { listEntityMedia } from '../media/media.api';
import { findUsersByIds } from '../users/users.api';
import { findVehiclesByIds, loadVehicle } from '../vehicles/vehicles.api';
import { cancelOnClose, planOrderCreated, planPriorToArrival, planStatusUpdate } from './repair-orders.automation';
import { toOrderResource, type TOrderRelations } from './repair-orders.presenter';
import * as repo from './repair-orders.repository';
import type { TRepairOrderRow } from './repair-orders.schema';

export type TEmit = (events: TLiveEventInput[]) => void;
export type TOrderDeps = Pick<TAppDeps, 'config'>;

export const LINE_MEDIA_ENTITY = 'RepairOrderLine';

/** Lines, their files, vehicles and staff of some orders: four statements whatever their number. */
export async function loadRelations(tx: TTx, opts: { companyId: number; orders: TRepairOrderRow[] }): Promise<TOrderRelations> {
  const { companyId, orders } = opts;
  const lines = await repo.listLinesOf(tx, { companyId, orderIds: orders.map((o) => o.id) });
  const files = await listEntityMedia(tx, { companyId, entityName: LINE_MEDIA_ENTITY, entityIds: lines.map((l) => l.id) });
  const vehicles = await findVehiclesByIds(tx, { companyId, ids: [...new Set(orders.flatMap((o) => (o.vehicleId === null ? [] : [o.vehicleId])))] });
  const userIds = new Set(orders.flatMap((o) => [o.serviceAdvisorId, o.mechanicId]).filter((id): id is number => id !== null));
  const users = await findUsersByIds(tx, { companyId, ids: [...userIds] });
  return { lines, files, vehicles, users };
}

export async function presentOrder(tx: TTx, opts: { deps: TOrderDeps; order: TRepairOrderRow }): Promise<TRepairOrder> {
  const rel = await loadRelations(tx, { companyId: opts.order.companyId, orders: [opts.order] });
  return toOrderResource({ config: opts.deps.config, order: opts.order, rel });
}

export function orderEvent(resource: TRepairOrder, companyId: number, event: TLiveEventInput['event'], changes?: string[]): TLiveEventInput {
  return { companyId, topics: [companyTopic(companyId)], event, entity: REPAIR_ORDER_LIVE_ENTITIES.repairOrder, data: resource, changes: changes ?? null };
}

/** Emits the order as it now is (a line change, an approval: open screens refresh it). */
export async function emitOrderUpdated(tx: TTx, opts: { deps: TOrderDeps; emit: TEmit; order: TRepairOrderRow; changes: string[] }) {
  opts.emit([orderEvent(await presentOrder(tx, opts), opts.order.companyId, 'updated', opts.changes)]);
}

export async function loadOrder(tx: TTx, opts: { companyId: number | null; id: number; forUpdate?: boolean }): Promise<TRepairOrderRow> {
  const row = await repo.findOrder(tx, opts);
  if (!row) throw new AppError('not_found', 'Repair order not found.');
  return row;
}

export async function loadCompany(tx: TTx, companyId: number): Promise<TCompanyRow> {
  const company = await findCompany(tx, companyId);
  if (!company) throw new AppError('not_found', 'Company not found.');
  return company;
}

/** The references of an order: the vehicle is the customer's, the advisor is flagged advisor, the mechanic mechanic. */
async function checkReferences(
  tx: TTx,
  opts: { companyId: number; values: Pick<repo.TOrderValues, 'customerId' | 'vehicleId' | 'serviceAdvisorId' | 'mechanicId'> },
) {
  const { companyId, values } = opts;
  const violations: TViolation[] = [];
  if (values.vehicleId !== null) {
    const vehicle = await loadVehicle(tx, { companyId, id: values.vehicleId }).catch(() => null);
    if (!vehicle) violations.push({ propertyPath: 'vehicle', message: 'Vehicle not found.' });
    else if (vehicle.customerId !== values.customerId) violations.push({ propertyPath: 'vehicle', message: 'vehicle_not_of_customer' });
  }
  const staffIds = [values.serviceAdvisorId, values.mechanicId].filter((id): id is number => id !== null);
  const staff = await findUsersByIds(tx, { companyId, ids: staffIds });
  if (values.serviceAdvisorId !== null && !staff.find((u) => u.id === values.serviceAdvisorId)?.advisor)
    violations.push({ propertyPath: 'serviceAdvisor', message: 'user_is_not_service_advisor' });
  if (values.mechanicId !== null && !staff.find((u) => u.id === values.mechanicId)?.mechanic)
    violations.push({ propertyPath: 'mechanic', message: 'user_is_not_mechanic' });
  if (violations.length) throw validationError(violations);
}

const numberTaken = () => validationError([{ propertyPath: 'number', message: REPAIR_ORDER_NUMBER_TAKEN, code: REPAIR_ORDER_NUMBER_TAKEN }]);

async function withNumberCheck<T>(tx: TTx, fn: (sp: TTx) => Promise<T>): Promise<T> {
  try {
    return await tx.transaction((sp) => fn(sp as TTx));
  } catch (err) {
    if (isUniqueViolation(err, 'repair_orders_number_key')) throw numberTaken();
    throw err;
  }
}

/**
 * Creates an order in the caller's transaction (the API and the DMS import): checks the customer, vehicle and staff,
 * keeps the number unique per company (422 `number_already_used`, also under parallel creates: the unique index
 * decides), plans its automations and emits `created`.
 */
export async function createRepairOrderInTx(
  tx: TTx,
  opts: { deps: TOrderDeps; companyId: number; values: repo.TOrderValues; emit?: TEmit },
): Promise<TRepairOrderRow> {
  const { companyId, values } = opts;
  const customer = await findCustomer(tx, { companyId, ownerId: null, id: values.customerId });
  if (!customer) throw validationError([{ propertyPath: 'customer', message: 'Customer not found.' }]);
  await checkReferences(tx, { companyId, values });
  const order = await withNumberCheck(tx, (sp) => repo.insertOrder(sp, { ...values, companyId }));
  await planOrderCreated(tx, { company: await loadCompany(tx, companyId), order });
  opts.emit?.([orderEvent(await presentOrder(tx, { deps: opts.deps, order }), companyId, 'created')]);
  return order;
}

/**
 * Changes an order in the caller's transaction (merge-patch values). Locks the row; re-plans the prior-to-arrival
 * notice when promisedAt moved and plans a status update when the status changed. Closing goes through closeOrder.
 */
export async function updateRepairOrderInTx(
  tx: TTx,
  opts: { deps: TOrderDeps; companyId: number; id: number; values: Partial<repo.TOrderValues>; emit?: TEmit },
): Promise<TRepairOrderRow> {
  const before = await loadOrder(tx, { companyId: opts.companyId, id: opts.id, forUpdate: true });
  const changes = (Object.keys(opts.values) as (keyof repo.TOrderValues)[]).filter((k) => !sameValue(opts.values[k], before[k]));
  if (!changes.length) return before;
  const merged = { ...before, ...opts.values };
  if (changes.some((k) => ['customerId', 'vehicleId', 'serviceAdvisorId', 'mechanicId'].includes(k)))
    await checkReferences(tx, { companyId: before.companyId, values: merged });
  if (merged.promisedAt && merged.promisedAt.getTime() < merged.openedAt.getTime())
    throw validationError([{ propertyPath: 'promisedAt', message: 'promised_time_before_opening' }]);
  const order = await withNumberCheck(tx, (sp) => repo.updateOrder(sp, { companyId: before.companyId, id: before.id, values: opts.values }));
  const company = await loadCompany(tx, order.companyId);
  if (changes.includes('promisedAt')) await planPriorToArrival(tx, { company, order });
  if (changes.includes('status')) await planStatusUpdate(tx, { company, order });
  // A DMS import that closes the order: what still waits is cancelled as when closing here.
  if (changes.includes('closedAt') && order.closedAt !== null) await cancelOnClose(tx, { order });
  opts.emit?.([orderEvent(await presentOrder(tx, { deps: opts.deps, order }), order.companyId, 'updated', changes.map(fieldName))]);
  return order;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return a === b;
}

function fieldName(k: keyof repo.TOrderValues): string {
  const names: Partial<Record<keyof repo.TOrderValues, string>> = {
    customerId: 'customer',
    vehicleId: 'vehicle',
    priceCents: 'price',
    serviceAdvisorId: 'serviceAdvisor',
    mechanicId: 'mechanic',
  };
  return names[k] ?? k;
}

export async function listRepairOrders(opts: {
  ctx: TRequestContext;
  filter: Omit<repo.TOrderFilter, 'companyId'>;
  limit: number;
  offset: number;
  exactTotal?: boolean;
}) {
  const companyId = resolveReadableCompanyId({ ctx: opts.ctx });
  return runInScope(opts.ctx.db, { companyId }, async (tx) => {
    const page = await repo.listOrders(tx, { ...opts.filter, companyId, limit: opts.limit, offset: opts.offset, exactTotal: opts.exactTotal });
    const rel = await loadRelations(tx, { companyId, orders: page.rows });
    return { member: page.rows.map((order) => toOrderResource({ config: opts.ctx.config, order, rel })), total: page.total };
  });
}

export async function getRepairOrder(opts: { ctx: TRequestContext; id: number }): Promise<TRepairOrder> {
  const { scope, companyId } = resolveRecordScope({ ctx: opts.ctx });
  return runInScope(opts.ctx.db, scope, async (tx) => presentOrder(tx, { deps: opts.ctx, order: await loadOrder(tx, { companyId, id: opts.id }) }));
}

export async function createRepairOrder(opts: { ctx: TRequestContext; values: repo.TOrderValues }): Promise<TRepairOrder> {
  const companyId = resolveReadableCompanyId({ ctx: opts.ctx });
  return runWithLiveEvents({
    deps: opts.ctx,
    scope: { companyId },
    fn: async (tx, emit) =>
      presentOrder(tx, { deps: opts.ctx, order: await createRepairOrderInTx(tx, { deps: opts.ctx, companyId, values: opts.values, emit }) }),
  });
}

export async function changeRepairOrder(opts: { ctx: TRequestContext; id: number; values: Partial<repo.TOrderValues> }): Promise<TRepairOrder> {
  const { scope, companyId } = resolveRecordScope({ ctx: opts.ctx });
  return runWithLiveEvents({
    deps: opts.ctx,
    scope,
    fn: async (tx, emit) => {
      const found = await loadOrder(tx, { companyId, id: opts.id });
      const order = await updateRepairOrderInTx(tx, { deps: opts.ctx, companyId: found.companyId, id: found.id, values: opts.values, emit });
      return presentOrder(tx, { deps: opts.ctx, order });
    },
  });
}

/** The payments module records a new payment request of the order (RepairOrder.paymentRequests). */
export async function addOrderPaymentRequestInTx(
  tx: TTx,
  opts: { companyId: number; orderId: number; paymentRequestId: number },
): Promise<TRepairOrderRow | undefined> {
  return repo.appendPaymentRequest(tx, opts);
}

/** The surveys module records the order's live survey (or none, after cancelling it) and when it was asked for. */
export async function setOrderSurveyInTx(tx: TTx, opts: { companyId: number; orderId: number; surveyId: number | null }): Promise<TRepairOrderRow> {
  return repo.updateOrder(tx, {
    companyId: opts.companyId,
    id: opts.orderId,
    values: { surveyId: opts.surveyId, surveyRequestedAt: opts.surveyId === null ? null : new Date() },
  });
}
