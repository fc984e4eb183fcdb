import { companyTopic } from '@cd/contracts/live';
import { REPAIR_ORDER_LIVE_ENTITIES } from '@cd/contracts/repair-order';
import { VEHICLE_HAS_OPEN_ORDERS, VIN_ALREADY_USED } from '@cd/contracts/vehicle';
import type { TRequestContext } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, validationError } from '../../lib/errors';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import type { TLiveEventInput } from '../../live/live.types';
import { resolveReadableCompanyId, resolveRecordScope } from '../../tenant-scope';
import { findCustomer } from '../customers/customers.api';
import { toRecommendationResource, toVehicleResource } from './vehicles.presenter';
import * as repo from './vehicles.repository';
import type { TVehicleRow } from './vehicles.schema';

export type TEmit = (events: TLiveEventInput[]) => void;

const vinTaken = () => validationError([{ propertyPath: 'vin', message: VIN_ALREADY_USED, code: VIN_ALREADY_USED }]);

export function vehicleEvent(row: repo.TVehicleWithOrders, event: TLiveEventInput['event'], changes?: string[]): TLiveEventInput {
  return {
    companyId: row.companyId,
    topics: [companyTopic(row.companyId)],
    event,
    entity: REPAIR_ORDER_LIVE_ENTITIES.vehicle,
    data: toVehicleResource(row),
    changes: changes ?? null,
  };
}

export async function loadVehicle(tx: TTx, opts: { companyId: number | null; id: number; forUpdate?: boolean }): Promise<repo.TVehicleWithOrders> {
  const row = await repo.findVehicle(tx, opts);
  if (!row) throw new AppError('not_found', 'Vehicle not found.');
  return row;
}

async function assertCustomer(tx: TTx, opts: { companyId: number; customerId: number }) {
  const customer = await findCustomer(tx, { companyId: opts.companyId, ownerId: null, id: opts.customerId });
  if (!customer) throw validationError([{ propertyPath: 'customer', message: 'Customer not found.' }]);
  return customer;
}

/** An insert or update under a savepoint, so a VIN already used becomes a 422 and the caller's transaction goes on. */
async function withVinCheck<T>(tx: TTx, fn: (sp: TTx) => Promise<T>): Promise<T> {
  try {
    return await tx.transaction((sp) => fn(sp as TTx));
  } catch (err) {
    if (isUniqueViolation(err, 'vehicles_vin_key')) throw vinTaken();
    throw err;
  }
}

/**
 * Creates a vehicle in the caller's transaction (the API and the DMS import). The customer must be of the company;
 * a VIN already used in the company answers 422 `vin_already_used`.
 */
export async function createVehicleInTx(tx: TTx, opts: { companyId: number; values: repo.TVehicleValues; emit?: TEmit }): Promise<repo.TVehicleWithOrders> {
  await assertCustomer(tx, { companyId: opts.companyId, customerId: opts.values.customerId });
  const row = await withVinCheck(tx, (sp) => repo.insertVehicle(sp, { ...opts.values, companyId: opts.companyId }));
  const full = { ...row, openRepairOrders: 0 };
  opts.emit?.([vehicleEvent(full, 'created')]);
  return full;
}

/** Changes a vehicle in the caller's transaction (merge-patch values); same checks as creating. */
export async function updateVehicleInTx(
  tx: TTx,
  opts: { companyId: number; id: number; values: Partial<repo.TVehicleValues>; emit?: TEmit },
): Promise<repo.TVehicleWithOrders> {
  const before = await loadVehicle(tx, { companyId: opts.companyId, id: opts.id });
  if (opts.values.customerId !== undefined && opts.values.customerId !== before.customerId)
    await assertCustomer(tx, { companyId: opts.companyId, customerId: opts.values.customerId });
  const changes = (Object.keys(opts.values) as (keyof repo.TVehicleValues)[]).filter((k) => opts.values[k] !== before[k]);
  if (!changes.length) return before;
  const row = await withVinCheck(tx, (sp) => repo.updateVehicle(sp, { companyId: opts.companyId, id: opts.id, values: opts.values }));
  const full = { ...row!, openRepairOrders: before.openRepairOrders };
  opts.emit?.([
    vehicleEvent(
      full,
      'updated',
      changes.map((k) => (k === 'customerId' ? 'customer' : k)),
    ),
  ]);
  return full;
}

export async function listVehicles(opts: { ctx: TRequestContext; customerId?: number; limit: number; offset: number }) {
  const companyId = resolveReadableCompanyId({ ctx: opts.ctx });
  return runInScope(opts.ctx.db, { companyId }, (tx) =>
    repo.listVehicles(tx, { companyId, customerId: opts.customerId, limit: opts.limit, offset: opts.offset }),
  );
}

export async function getVehicle(opts: { ctx: TRequestContext; id: number }) {
  const { scope, companyId } = resolveRecordScope({ ctx: opts.ctx });
  return runInScope(opts.ctx.db, scope, (tx) => loadVehicle(tx, { companyId, id: opts.id }));
}

export async function createVehicle(opts: { ctx: TRequestContext; values: repo.TVehicleValues }) {
  const companyId = resolveReadableCompanyId({ ctx: opts.ctx });
  return runWithLiveEvents({ deps: opts.ctx, scope: { companyId }, fn: (tx, emit) => createVehicleInTx(tx, { companyId, values: opts.values, emit }) });
}

export async function changeVehicle(opts: { ctx: TRequestContext; id: number; values: Partial<repo.TVehicleValues> }) {
  const { scope, companyId } = resolveRecordScope({ ctx: opts.ctx });
  return runWithLiveEvents({
    deps: opts.ctx,
    scope,
    fn: async (tx, emit) => {
      const row = await loadVehicle(tx, { companyId, id: opts.id });
      return updateVehicleInTx(tx, { companyId: row.companyId, id: row.id, values: opts.values, emit });
    },
  });
}

/** Refused (409) while the vehicle has open repair orders: spec part 2 §8's message. */
export async function deleteVehicle(opts: { ctx: TRequestContext; id: number }) {
  const { scope, companyId } = resolveRecordScope({ ctx: opts.ctx });
  await runWithLiveEvents({
    deps: opts.ctx,
    scope,
    fn: async (tx, emit) => {
      // Locked so an order created for it meanwhile waits (creating an order reads the vehicle for share).
      const row = await loadVehicle(tx, { companyId, id: opts.id, forUpdate: true });
      if (row.openRepairOrders > 0) throw new AppError('conflict', VEHICLE_HAS_OPEN_ORDERS);
      await repo.deleteVehicle(tx, { companyId: row.companyId, id: row.id });
      emit([vehicleEvent(row, 'removed')]);
    },
  });
}

/* Deferred recommendations. */

/** A denied line kept on the vehicle (once per line); nothing when the order has no vehicle. */
export async function recordRecommendationInTx(
  tx: TTx,
  opts: { companyId: number; vehicleId: number; customerId: number; lineId: number; orderId: number; description: string; priceCents: number },
) {
  return repo.insertRecommendation(tx, {
    companyId: opts.companyId,
    vehicleId: opts.vehicleId,
    customerId: opts.customerId,
    sourceLineId: opts.lineId,
    sourceOrderId: opts.orderId,
    description: opts.description,
    priceCents: opts.priceCents,
  });
}

/** Marks an open recommendation of `vehicleId` as taken up by a new line; 422 when it is not open on that vehicle. */
export async function takeUpRecommendationInTx(tx: TTx, opts: { companyId: number; id: number; vehicleId: number | null; lineId: number }) {
  const rec = await repo.findRecommendation(tx, { companyId: opts.companyId, id: opts.id, forUpdate: true });
  if (!rec || rec.status !== 'open' || rec.vehicleId !== opts.vehicleId)
    throw validationError([{ propertyPath: 'fromRecommendation', message: 'No open recommendation of this vehicle.' }]);
  return repo.resolveRecommendation(tx, { companyId: opts.companyId, id: opts.id, status: 'added', addedLineId: opts.lineId });
}

export async function listRecommendations(opts: { ctx: TRequestContext; vehicleId: number }) {
  const { scope, companyId } = resolveRecordScope({ ctx: opts.ctx });
  return runInScope(opts.ctx.db, scope, async (tx) => {
    const v = await loadVehicle(tx, { companyId, id: opts.vehicleId });
    return (await repo.listOpenRecommendations(tx, { companyId: v.companyId, vehicleId: v.id })).map(toRecommendationResource);
  });
}

export async function dismissRecommendation(opts: { ctx: TRequestContext; id: number }) {
  const { scope, companyId } = resolveRecordScope({ ctx: opts.ctx });
  return runInScope(opts.ctx.db, scope, async (tx) => {
    const rec = await repo.findRecommendation(tx, { companyId, id: opts.id, forUpdate: true });
    if (!rec) throw new AppError('not_found', 'Recommendation not found.');
    if (rec.status !== 'open') throw new AppError('conflict', 'recommendation_not_open');
    return toRecommendationResource((await repo.resolveRecommendation(tx, { companyId: rec.companyId, id: rec.id, status: 'dismissed' }))!);
  });
}

export type { TVehicleRow };
