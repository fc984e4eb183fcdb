import { companyTopic } from '@cd/contracts/live';
import { REPAIR_ORDER_LIVE_ENTITIES } from '@cd/contracts/repair-order';
import type { TLineAutocompleteOption, TRepairOrderLine, TRepairOrderLineStatus } from '@cd/contracts/repair-order-line';
import type { TRequestContext } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { AppError, validationError } from '../../lib/errors';
import type { TLiveEventInput } from '../../live/live.types';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { resolveReadableCompanyId, resolveRecordScope } from '../../tenant-scope';
import { listEntityMedia, setEntityMedia } from '../media/media.api';
import { recordRecommendationInTx, takeUpRecommendationInTx } from '../vehicles/vehicles.api';
import { repairOrderLinesApproved } from './repair-orders.hooks';
import { toLineResource } from './repair-orders.presenter';
import * as repo from './repair-orders.repository';
import type { TRepairOrderLineRow, TRepairOrderRow } from './repair-orders.schema';
import { emitOrderUpdated, LINE_MEDIA_ENTITY, loadOrder, type TEmit, type TOrderDeps } from './repair-orders.service';

type TDecider = 'customer' | 'staff' | 'dms';

export const REPAIR_ORDER_CLOSED = 'repair_order_closed';

export async function presentLine(tx: TTx, opts: { deps: TOrderDeps; line: TRepairOrderLineRow }): Promise<TRepairOrderLine> {
  const files = await listEntityMedia(tx, { companyId: opts.line.companyId, entityName: LINE_MEDIA_ENTITY, entityIds: [opts.line.id] });
  return toLineResource({ config: opts.deps.config, line: opts.line, files });
}

async function lineEvent(
  tx: TTx,
  opts: { deps: TOrderDeps; line: TRepairOrderLineRow; event: TLiveEventInput['event']; changes?: string[] },
): Promise<TLiveEventInput> {
  return {
    companyId: opts.line.companyId,
    topics: [companyTopic(opts.line.companyId)],
    event: opts.event,
    entity: REPAIR_ORDER_LIVE_ENTITIES.repairOrderLine,
    data: await presentLine(tx, opts),
    changes: opts.changes ?? null,
  };
}

/** The order of a line change, locked; a closed order's lines cannot change (409). */
async function lockOpenOrder(tx: TTx, opts: { companyId: number; id: number }): Promise<TRepairOrderRow> {
  const order = await loadOrder(tx, { ...opts, forUpdate: true });
  if (order.closedAt !== null) throw new AppError('conflict', REPAIR_ORDER_CLOSED);
  return order;
}

async function attachFiles(tx: TTx, opts: { companyId: number; lineId: number; fileIds: number[] }) {
  const { refused } = await setEntityMedia(tx, {
    companyId: opts.companyId,
    entityName: LINE_MEDIA_ENTITY,
    entityId: opts.lineId,
    mediaIds: opts.fileIds,
    // Unattached uploads, or files uploaded for this very line.
    attachable: (row) => row.entityName === null || (row.entityName === LINE_MEDIA_ENTITY && row.entityId === opts.lineId),
  });
  if (refused.length) throw validationError([{ propertyPath: 'files', message: `Media object not found or attached elsewhere: ${refused.join(', ')}` }]);
}

/** After lines were settled: denied ones become recommendations on the vehicle, approved ones go to the hook. */
async function afterDecisions(tx: TTx, opts: { deps: TOrderDeps; order: TRepairOrderRow; lines: TRepairOrderLineRow[]; decidedBy: TDecider }) {
  const { order } = opts;
  if (order.vehicleId !== null)
    for (const line of opts.lines.filter((l) => l.status === 'denied'))
      await recordRecommendationInTx(tx, {
        companyId: order.companyId,
        vehicleId: order.vehicleId,
        customerId: order.customerId,
        lineId: line.id,
        orderId: order.id,
        description: line.description,
        priceCents: line.priceCents,
      });
  const approved = opts.lines.filter((l) => l.status === 'approved');
  // Decisions the DMS itself reported are not pushed back to it.
  if (approved.length && opts.decidedBy !== 'dms')
    await repairOrderLinesApproved.run({ tx, deps: opts.deps, order, lines: approved, decidedBy: opts.decidedBy });
}

const decisionFields = (status: TRepairOrderLineStatus, decidedBy: TDecider, at: Date) =>
  status === 'pending' ? { decidedAt: null, decidedBy: null } : { decidedAt: at, decidedBy };

/** Creates a line in the caller's transaction; the order must be open (409 otherwise). */
export async function createRepairOrderLineInTx(
  tx: TTx,
  opts: {
    deps: TOrderDeps;
    companyId: number;
    orderId: number;
    values: repo.TLineValues & { dmsKey?: string | null };
    fileIds?: number[];
    fromRecommendation?: number;
    decidedBy?: TDecider;
    emit?: TEmit;
  },
): Promise<TRepairOrderLineRow> {
  const order = await lockOpenOrder(tx, { companyId: opts.companyId, id: opts.orderId });
  const decidedBy = opts.decidedBy ?? 'staff';
  let line = await repo.insertLine(tx, {
    ...opts.values,
    ...decisionFields(opts.values.status, decidedBy, new Date()),
    companyId: order.companyId,
    repairOrderId: order.id,
  });
  if (opts.fileIds?.length) await attachFiles(tx, { companyId: order.companyId, lineId: line.id, fileIds: opts.fileIds });
  if (opts.fromRecommendation !== undefined)
    await takeUpRecommendationInTx(tx, { companyId: order.companyId, id: opts.fromRecommendation, vehicleId: order.vehicleId, lineId: line.id });
  await afterDecisions(tx, { deps: opts.deps, order, lines: [line], decidedBy });
  line = (await repo.findLine(tx, { companyId: order.companyId, id: line.id }))!;
  if (opts.emit) {
    opts.emit([await lineEvent(tx, { deps: opts.deps, line, event: 'created' })]);
    await emitOrderUpdated(tx, { deps: opts.deps, emit: opts.emit, order, changes: ['repairOrderLines'] });
  }
  return line;
}

/** Changes a line (merge-patch) in the caller's transaction; a status set here is decided by `decidedBy` (staff). */
export async function updateRepairOrderLineInTx(
  tx: TTx,
  opts: {
    deps: TOrderDeps;
    companyId: number;
    id: number;
    values: Partial<repo.TLineValues> & { dmsKey?: string | null };
    fileIds?: number[];
    decidedBy?: TDecider;
    emit?: TEmit;
  },
): Promise<TRepairOrderLineRow> {
  const found = await repo.findLine(tx, { companyId: opts.companyId, id: opts.id });
  if (!found) throw new AppError('not_found', 'Repair order line not found.');
  const order = await lockOpenOrder(tx, { companyId: found.companyId, id: found.repairOrderId });
  const before = (await repo.findLine(tx, { companyId: found.companyId, id: found.id }))!;
  const decidedBy = opts.decidedBy ?? 'staff';
  const changes = (Object.keys(opts.values) as (keyof typeof opts.values)[]).filter((k) => opts.values[k] !== before[k]);
  const statusChanged = opts.values.status !== undefined && opts.values.status !== before.status;
  let line = before;
  if (changes.length)
    line = await repo.updateLine(tx, {
      companyId: before.companyId,
      id: before.id,
      values: { ...opts.values, ...(statusChanged ? decisionFields(opts.values.status!, decidedBy, new Date()) : {}) },
    });
  if (opts.fileIds !== undefined) {
    await attachFiles(tx, { companyId: before.companyId, lineId: before.id, fileIds: opts.fileIds });
    changes.push('files' as keyof typeof opts.values);
  }
  if (statusChanged) await afterDecisions(tx, { deps: opts.deps, order, lines: [line], decidedBy });
  if (opts.emit && changes.length) {
    opts.emit([await lineEvent(tx, { deps: opts.deps, line, event: 'updated', changes: changes.map((k) => (k === 'priceCents' ? 'price' : String(k))) })]);
    await emitOrderUpdated(tx, { deps: opts.deps, emit: opts.emit, order, changes: ['repairOrderLines'] });
  }
  return line;
}

/**
 * Settles pending lines of an order (the customer's approval answer): each line is updated only if still pending, so
 * of two parallel submissions only the first applies. Answers the lines it changed.
 */
export async function applyLineDecisionsInTx(
  tx: TTx,
  opts: {
    deps: TOrderDeps;
    order: TRepairOrderRow;
    decisions: { lineId: number; decision: 'approved' | 'denied' }[];
    decidedBy: 'customer' | 'staff';
    emit: TEmit;
  },
): Promise<TRepairOrderLineRow[]> {
  const at = new Date();
  const applied: TRepairOrderLineRow[] = [];
  for (const d of opts.decisions) {
    const line = await repo.decidePendingLine(tx, { companyId: opts.order.companyId, id: d.lineId, status: d.decision, decidedBy: opts.decidedBy, at });
    if (line) applied.push(line);
  }
  await afterDecisions(tx, { deps: opts.deps, order: opts.order, lines: applied, decidedBy: opts.decidedBy });
  for (const line of applied) opts.emit([await lineEvent(tx, { deps: opts.deps, line, event: 'updated', changes: ['status', 'decidedAt', 'decidedBy'] })]);
  if (applied.length) await emitOrderUpdated(tx, { deps: opts.deps, emit: opts.emit, order: opts.order, changes: ['repairOrderLines'] });
  return applied;
}

/** The DMS module stamps lines it pushed. */
export async function markLinesPushedInTx(tx: TTx, opts: { companyId: number; lineIds: number[]; at?: Date }): Promise<void> {
  for (const id of opts.lineIds) await repo.updateLine(tx, { companyId: opts.companyId, id, values: { dmsPushedAt: opts.at ?? new Date() } });
}

/* Request-level wrappers. */

export async function getLine(opts: { ctx: TRequestContext; id: number }) {
  const { scope, companyId } = resolveRecordScope({ ctx: opts.ctx });
  return runInScope(opts.ctx.db, scope, async (tx) => {
    const line = await repo.findLine(tx, { companyId, id: opts.id });
    if (!line) throw new AppError('not_found', 'Repair order line not found.');
    return presentLine(tx, { deps: opts.ctx, line });
  });
}

export async function createLine(opts: { ctx: TRequestContext; orderId: number; values: repo.TLineValues; fileIds?: number[]; fromRecommendation?: number }) {
  const { scope, companyId } = resolveRecordScope({ ctx: opts.ctx });
  return runWithLiveEvents({
    deps: opts.ctx,
    scope,
    fn: async (tx, emit) => {
      // A missing order named in the body is a 422 (the body is wrong), not a 404 of the collection.
      const order = await repo.findOrder(tx, { companyId, id: opts.orderId });
      if (!order) throw validationError([{ propertyPath: 'repairOrder', message: 'Repair order not found.' }]);
      const line = await createRepairOrderLineInTx(tx, { ...opts, deps: opts.ctx, companyId: order.companyId, orderId: order.id, emit });
      return presentLine(tx, { deps: opts.ctx, line });
    },
  });
}

export async function changeLine(opts: { ctx: TRequestContext; id: number; values: Partial<repo.TLineValues>; fileIds?: number[] }) {
  const { scope, companyId } = resolveRecordScope({ ctx: opts.ctx });
  return runWithLiveEvents({
    deps: opts.ctx,
    scope,
    fn: async (tx, emit) => {
      const found = await repo.findLine(tx, { companyId, id: opts.id });
      if (!found) throw new AppError('not_found', 'Repair order line not found.');
      const line = await updateRepairOrderLineInTx(tx, {
        deps: opts.ctx,
        companyId: found.companyId,
        id: found.id,
        values: opts.values,
        fileIds: opts.fileIds,
        emit,
      });
      return presentLine(tx, { deps: opts.ctx, line });
    },
  });
}

export async function deleteLine(opts: { ctx: TRequestContext; id: number }) {
  const { scope, companyId } = resolveRecordScope({ ctx: opts.ctx });
  await runWithLiveEvents({
    deps: opts.ctx,
    scope,
    fn: async (tx, emit) => {
      const line = await repo.findLine(tx, { companyId, id: opts.id });
      if (!line) throw new AppError('not_found', 'Repair order line not found.');
      const order = await lockOpenOrder(tx, { companyId: line.companyId, id: line.repairOrderId });
      const event = await lineEvent(tx, { deps: opts.ctx, line, event: 'removed' });
      // Its files stay as media objects (detached): a photo may still be needed by the thread it was sent in.
      await setEntityMedia(tx, { companyId: line.companyId, entityName: LINE_MEDIA_ENTITY, entityId: line.id, mediaIds: [], attachable: () => true });
      await repo.deleteLine(tx, { companyId: line.companyId, id: line.id });
      emit([event]);
      await emitOrderUpdated(tx, { deps: opts.ctx, emit, order, changes: ['repairOrderLines'] });
    },
  });
}

export async function autocompleteLines(opts: { ctx: TRequestContext; q?: string }): Promise<TLineAutocompleteOption[]> {
  const companyId = resolveReadableCompanyId({ ctx: opts.ctx });
  return runInScope(opts.ctx.db, { companyId }, (tx) => repo.listAutocomplete(tx, { companyId, prefix: opts.q, limit: 20 }));
}
