import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client';
import { companies } from '../companies/companies.schema';
import { repairOrderLines, repairOrders, type TRepairOrderLineRow, type TRepairOrderRow } from '../repair-orders/repair-orders.schema';
import { users } from '../users/users.schema';
import { vehicles, type TVehicleRow } from '../vehicles/vehicles.schema';
import { dmsCustomerKeys, dmsPushes, dmsSyncRuns, type TDmsPushRow, type TDmsRunKind, type TDmsSyncRunRow, type TDmsType } from './dms-sync.schema';

/**
 * SQL of the DMS link. It writes repair orders, lines and vehicles through their tables directly (their modules
 * are built in parallel; the import moves to their api files once those exist). Private to this module.
 */

// ── runs ──────────────────────────────────────────────────────────────────────────────────────────────────────────

/** A new running run, or null when one of this kind already runs for the company (partial unique index). */
export async function insertRunIfIdle(
  tx: TTx,
  values: { companyId: number; kind: TDmsRunKind; trigger: 'manual' | 'schedule'; requestedBy: number | null; dmsVendor: TDmsType },
): Promise<TDmsSyncRunRow | null> {
  const [row] = await tx.insert(dmsSyncRuns).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findRunningRun(tx: TTx, opts: { companyId: number; kind: TDmsRunKind }): Promise<TDmsSyncRunRow | undefined> {
  const [row] = await tx
    .select()
    .from(dmsSyncRuns)
    .where(and(eq(dmsSyncRuns.companyId, opts.companyId), eq(dmsSyncRuns.kind, opts.kind), eq(dmsSyncRuns.state, 'running')))
    .limit(1);
  return row;
}

export async function findRun(tx: TTx, opts: { companyId: number; id: number }): Promise<TDmsSyncRunRow | undefined> {
  const [row] = await tx
    .select()
    .from(dmsSyncRuns)
    .where(and(eq(dmsSyncRuns.companyId, opts.companyId), eq(dmsSyncRuns.id, opts.id)))
    .limit(1);
  return row;
}

export async function finishRun(
  tx: TTx,
  opts: { companyId: number; id: number; state: 'done' | 'failed'; counts: Record<string, number>; error: string | null },
): Promise<TDmsSyncRunRow | undefined> {
  const [row] = await tx
    .update(dmsSyncRuns)
    .set({ state: opts.state, counts: opts.counts, error: opts.error, finishedAt: new Date() })
    .where(and(eq(dmsSyncRuns.companyId, opts.companyId), eq(dmsSyncRuns.id, opts.id), eq(dmsSyncRuns.state, 'running')))
    .returning();
  return row;
}

export function listRuns(tx: TTx, opts: { companyId: number; kind?: TDmsRunKind; limit: number }): Promise<TDmsSyncRunRow[]> {
  return tx
    .select()
    .from(dmsSyncRuns)
    .where(and(eq(dmsSyncRuns.companyId, opts.companyId), opts.kind ? eq(dmsSyncRuns.kind, opts.kind) : undefined))
    .orderBy(desc(dmsSyncRuns.startedAt), desc(dmsSyncRuns.id))
    .limit(opts.limit);
}

/** The latest successful import of this vendor (its start is where the next delta import begins). */
export async function lastDoneImport(tx: TTx, opts: { companyId: number; dmsVendor: TDmsType }): Promise<TDmsSyncRunRow | undefined> {
  const [row] = await tx
    .select()
    .from(dmsSyncRuns)
    .where(
      and(eq(dmsSyncRuns.companyId, opts.companyId), eq(dmsSyncRuns.kind, 'import'), eq(dmsSyncRuns.state, 'done'), eq(dmsSyncRuns.dmsVendor, opts.dmsVendor)),
    )
    .orderBy(desc(dmsSyncRuns.startedAt))
    .limit(1);
  return row;
}

/** Companies whose DMS link is on (system scope: the periodic import). */
export async function listDmsEnabledCompanyIds(tx: TTx, opts: { limit: number }): Promise<number[]> {
  const rows = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(
      and(
        sql`(${companies.dms} ->> 'enabled') = 'true'`,
        sql`coalesce(${companies.dms} ->> 'dmsType', '') in ('vendor_a', 'vendor_b')`,
        eq(companies.enabled, true),
      ),
    )
    .orderBy(asc(companies.id))
    .limit(opts.limit);
  return rows.map((r) => r.id);
}

// ── import ────────────────────────────────────────────────────────────────────────────────────────────────────────

export async function findOrderByDmsKey(tx: TTx, opts: { companyId: number; dmsVendor: TDmsType; dmsKey: string }): Promise<TRepairOrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(repairOrders)
    .where(and(eq(repairOrders.companyId, opts.companyId), eq(repairOrders.dmsVendor, opts.dmsVendor), eq(repairOrders.dmsKey, opts.dmsKey)))
    .limit(1);
  return row;
}

export async function findOrderByNumber(tx: TTx, opts: { companyId: number; number: string }): Promise<TRepairOrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(repairOrders)
    .where(and(eq(repairOrders.companyId, opts.companyId), eq(repairOrders.number, opts.number)))
    .limit(1);
  return row;
}

export async function insertOrder(tx: TTx, values: typeof repairOrders.$inferInsert): Promise<TRepairOrderRow> {
  const [row] = await tx.insert(repairOrders).values(values).returning();
  return row!;
}

export async function updateOrder(tx: TTx, opts: { companyId: number; id: number; values: Partial<typeof repairOrders.$inferInsert> }): Promise<void> {
  await tx
    .update(repairOrders)
    .set(opts.values)
    .where(and(eq(repairOrders.companyId, opts.companyId), eq(repairOrders.id, opts.id)));
}

export function listOrderLines(tx: TTx, opts: { companyId: number; repairOrderId: number }): Promise<TRepairOrderLineRow[]> {
  return tx
    .select()
    .from(repairOrderLines)
    .where(and(eq(repairOrderLines.companyId, opts.companyId), eq(repairOrderLines.repairOrderId, opts.repairOrderId)))
    .orderBy(asc(repairOrderLines.id));
}

export async function insertLine(tx: TTx, values: typeof repairOrderLines.$inferInsert): Promise<void> {
  await tx.insert(repairOrderLines).values(values);
}

export async function updateLine(tx: TTx, opts: { companyId: number; id: number; values: Partial<typeof repairOrderLines.$inferInsert> }): Promise<void> {
  await tx
    .update(repairOrderLines)
    .set({ ...opts.values, updatedAt: new Date() })
    .where(and(eq(repairOrderLines.companyId, opts.companyId), eq(repairOrderLines.id, opts.id)));
}

export async function findVehicle(tx: TTx, opts: { companyId: number; vin: string | null; dmsKey: string | null }): Promise<TVehicleRow | undefined> {
  const cond = opts.vin ? eq(vehicles.vin, opts.vin) : opts.dmsKey ? and(isNull(vehicles.vin), eq(vehicles.dmsKey, opts.dmsKey)) : undefined;
  if (!cond) return undefined;
  const [row] = await tx
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.companyId, opts.companyId), cond))
    .orderBy(asc(vehicles.id))
    .limit(1);
  return row;
}

export async function insertVehicle(tx: TTx, values: typeof vehicles.$inferInsert): Promise<TVehicleRow> {
  const [row] = await tx.insert(vehicles).values(values).returning();
  return row!;
}

export async function updateVehicle(tx: TTx, opts: { companyId: number; id: number; values: Partial<typeof vehicles.$inferInsert> }): Promise<void> {
  await tx
    .update(vehicles)
    .set({ ...opts.values, updatedAt: new Date() })
    .where(and(eq(vehicles.companyId, opts.companyId), eq(vehicles.id, opts.id)));
}

export async function findCustomerIdByDmsKey(tx: TTx, opts: { companyId: number; dmsVendor: TDmsType; dmsKey: string }): Promise<number | null> {
  const [row] = await tx
    .select({ customerId: dmsCustomerKeys.customerId })
    .from(dmsCustomerKeys)
    .where(and(eq(dmsCustomerKeys.companyId, opts.companyId), eq(dmsCustomerKeys.dmsVendor, opts.dmsVendor), eq(dmsCustomerKeys.dmsKey, opts.dmsKey)))
    .limit(1);
  return row?.customerId ?? null;
}

export async function insertCustomerKey(tx: TTx, values: { companyId: number; dmsVendor: TDmsType; dmsKey: string; customerId: number }): Promise<void> {
  await tx.insert(dmsCustomerKeys).values(values).onConflictDoNothing();
}

/** Users of the company by their DMS person id (Dealertrack ServiceWriterID or CDK service advisor id). */
export async function findUsersByDmsIds(
  tx: TTx,
  opts: { companyId: number; dmsVendor: TDmsType; ids: string[] },
): Promise<Map<string, { id: number; enabled: boolean }>> {
  if (!opts.ids.length) return new Map();
  const field = opts.dmsVendor === 'vendor_a' ? 'dtPersonId' : 'cdkServiceAdvisorId';
  const rows = await tx
    .select({ id: users.id, enabled: users.enabled, dmsId: sql<string>`${users.dms} ->> ${field}` })
    .from(users)
    .where(and(eq(users.companyId, opts.companyId), inArray(sql`${users.dms} ->> ${field}`, opts.ids)))
    .orderBy(asc(users.id));
  const out = new Map<string, { id: number; enabled: boolean }>();
  // Several users with one id: the first enabled one wins (an admin mistake; the writer still maps).
  for (const r of rows) if (!out.has(r.dmsId) || (!out.get(r.dmsId)!.enabled && r.enabled)) out.set(r.dmsId, { id: r.id, enabled: r.enabled });
  return out;
}

export async function insertDisabledUser(
  tx: TTx,
  values: { companyId: number; email: string; passwordHash: string; firstName: string; lastName: string; dtPersonId: string },
): Promise<number | null> {
  const [row] = await tx
    .insert(users)
    .values({
      companyId: values.companyId,
      email: values.email,
      passwordHash: values.passwordHash,
      firstName: values.firstName,
      lastName: values.lastName,
      roles: ['ROLE_USER'],
      enabled: false,
      advisor: true,
      dms: { dtPersonId: values.dtPersonId },
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return row?.id ?? null;
}

// ── pushes ────────────────────────────────────────────────────────────────────────────────────────────────────────

/** Approved, not yet pushed lines of the order among `lineIds`. */
export function findPushableLines(tx: TTx, opts: { companyId: number; repairOrderId: number; lineIds: number[] }): Promise<TRepairOrderLineRow[]> {
  if (!opts.lineIds.length) return Promise.resolve([]);
  return tx
    .select()
    .from(repairOrderLines)
    .where(
      and(
        eq(repairOrderLines.companyId, opts.companyId),
        eq(repairOrderLines.repairOrderId, opts.repairOrderId),
        inArray(repairOrderLines.id, opts.lineIds),
        eq(repairOrderLines.status, 'approved'),
        isNull(repairOrderLines.dmsPushedAt),
        // A line that came from the DMS is already there.
        isNull(repairOrderLines.dmsKey),
      ),
    );
}

/**
 * Queues the lines: a new row each, and a failed one is queued again (someone approved it again); pending and done
 * rows stay as they are. Returns the rows that are (now) pending.
 */
export async function queuePushes(tx: TTx, opts: { companyId: number; repairOrderId: number; lineIds: number[] }): Promise<number> {
  if (!opts.lineIds.length) return 0;
  const rows = await tx
    .insert(dmsPushes)
    .values(opts.lineIds.map((lineId) => ({ companyId: opts.companyId, repairOrderId: opts.repairOrderId, lineId })))
    .onConflictDoUpdate({
      target: [dmsPushes.companyId, dmsPushes.lineId, dmsPushes.kind],
      set: { state: 'pending', nextAttemptAt: sql`now()`, lastError: null, updatedAt: sql`now()` },
      setWhere: sql`${dmsPushes.state} = 'failed'`,
    })
    .returning({ id: dmsPushes.id });
  return rows.length;
}

/** Takes the order's due pending pushes for `leaseSeconds` (a dead worker's hold expires). */
export async function claimDuePushes(tx: TTx, opts: { companyId: number; repairOrderId: number; leaseSeconds: number }): Promise<TDmsPushRow[]> {
  return tx
    .update(dmsPushes)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${opts.leaseSeconds})`, attempts: sql`${dmsPushes.attempts} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(dmsPushes.companyId, opts.companyId),
        eq(dmsPushes.repairOrderId, opts.repairOrderId),
        eq(dmsPushes.state, 'pending'),
        lte(dmsPushes.nextAttemptAt, sql`now()`),
        or(isNull(dmsPushes.lockedUntil), lte(dmsPushes.lockedUntil, sql`now()`)),
      ),
    )
    .returning();
}

export async function markPushDone(tx: TTx, opts: { companyId: number; id: number; dmsLineKey: string | null }): Promise<void> {
  await tx
    .update(dmsPushes)
    .set({ state: 'done', doneAt: sql`now()`, lockedUntil: null, lastError: null, dmsLineKey: opts.dmsLineKey, updatedAt: sql`now()` })
    .where(and(eq(dmsPushes.companyId, opts.companyId), eq(dmsPushes.id, opts.id)));
}

export async function markPushWaiting(tx: TTx, opts: { companyId: number; id: number; error: string; nextAttemptAt: Date; failed: boolean }): Promise<void> {
  await tx
    .update(dmsPushes)
    .set({ state: opts.failed ? 'failed' : 'pending', lastError: opts.error, nextAttemptAt: opts.nextAttemptAt, lockedUntil: null, updatedAt: sql`now()` })
    .where(and(eq(dmsPushes.companyId, opts.companyId), eq(dmsPushes.id, opts.id)));
}

/** The order's pushes still waiting and their latest error (null when none waits or failed with one): the order
 * screen shows them. */
export async function refreshOrderDmsState(tx: TTx, opts: { companyId: number; repairOrderId: number }): Promise<void> {
  await tx.execute(sql`update repair_orders set dms_pending_pushes = (
      select count(*) from dms_pushes p
      where p.company_id = ${opts.companyId} and p.repair_order_id = ${opts.repairOrderId} and p.state = 'pending'),
    dms_last_error = (
      select p.last_error from dms_pushes p
      where p.company_id = ${opts.companyId} and p.repair_order_id = ${opts.repairOrderId}
        and p.state in ('pending', 'failed') and p.last_error is not null
      order by p.updated_at desc, p.id desc limit 1)
    where company_id = ${opts.companyId} and id = ${opts.repairOrderId}`);
}

/** When the order's next pending push is due (null: nothing waits). */
export async function nextPendingAt(tx: TTx, opts: { companyId: number; repairOrderId: number }): Promise<Date | null> {
  const [row] = await tx
    .select({ at: sql<Date | null>`min(greatest(${dmsPushes.nextAttemptAt}, coalesce(${dmsPushes.lockedUntil}, ${dmsPushes.nextAttemptAt})))` })
    .from(dmsPushes)
    .where(and(eq(dmsPushes.companyId, opts.companyId), eq(dmsPushes.repairOrderId, opts.repairOrderId), eq(dmsPushes.state, 'pending')));
  return row?.at ? new Date(row.at) : null;
}

export async function markLinePushed(tx: TTx, opts: { companyId: number; lineId: number; dmsKey: string | null }): Promise<void> {
  await tx
    .update(repairOrderLines)
    .set({ dmsPushedAt: new Date(), updatedAt: new Date(), ...(opts.dmsKey ? { dmsKey: opts.dmsKey } : {}) })
    .where(and(eq(repairOrderLines.companyId, opts.companyId), eq(repairOrderLines.id, opts.lineId)));
}

export function findLinesByIds(tx: TTx, opts: { companyId: number; ids: number[] }): Promise<TRepairOrderLineRow[]> {
  if (!opts.ids.length) return Promise.resolve([]);
  return tx
    .select()
    .from(repairOrderLines)
    .where(and(eq(repairOrderLines.companyId, opts.companyId), inArray(repairOrderLines.id, opts.ids)));
}

/** The order as a push needs it: its DMS key, the advisor's DMS id and the vehicle's VIN. */
export async function findOrderForPush(tx: TTx, opts: { companyId: number; id: number }) {
  const [row] = await tx
    .select({
      order: repairOrders,
      advisorDms: users.dms,
      vin: vehicles.vin,
    })
    .from(repairOrders)
    .leftJoin(users, and(eq(users.companyId, repairOrders.companyId), eq(users.id, repairOrders.serviceAdvisorId)))
    .leftJoin(vehicles, and(eq(vehicles.companyId, repairOrders.companyId), eq(vehicles.id, repairOrders.vehicleId)))
    .where(and(eq(repairOrders.companyId, opts.companyId), eq(repairOrders.id, opts.id)))
    .limit(1);
  return row;
}

export async function findOrder(tx: TTx, opts: { companyId: number; id: number }): Promise<TRepairOrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(repairOrders)
    .where(and(eq(repairOrders.companyId, opts.companyId), eq(repairOrders.id, opts.id)))
    .limit(1);
  return row;
}

export function listOrderPushes(tx: TTx, opts: { companyId: number; repairOrderId: number }): Promise<TDmsPushRow[]> {
  return tx
    .select()
    .from(dmsPushes)
    .where(and(eq(dmsPushes.companyId, opts.companyId), eq(dmsPushes.repairOrderId, opts.repairOrderId)))
    .orderBy(asc(dmsPushes.id));
}

/** Orders with due pending pushes and no live hold, across companies (system scope: the periodic sweep). */
export async function listOrdersWithDuePushes(tx: TTx, opts: { limit: number }): Promise<{ companyId: number; repairOrderId: number }[]> {
  return tx
    .selectDistinct({ companyId: dmsPushes.companyId, repairOrderId: dmsPushes.repairOrderId })
    .from(dmsPushes)
    .where(
      and(eq(dmsPushes.state, 'pending'), lte(dmsPushes.nextAttemptAt, sql`now()`), or(isNull(dmsPushes.lockedUntil), lte(dmsPushes.lockedUntil, sql`now()`))),
    )
    .limit(opts.limit);
}

/** One order by id; `companyId` null (super admin, system scope) finds it in any company. */
export async function findOrderInScope(tx: TTx, opts: { companyId: number | null; id: number }): Promise<TRepairOrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(repairOrders)
    .where(and(eq(repairOrders.id, opts.id), opts.companyId === null ? undefined : eq(repairOrders.companyId, opts.companyId)))
    .limit(1);
  return row;
}
