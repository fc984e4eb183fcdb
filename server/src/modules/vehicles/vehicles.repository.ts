import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client';
import { vehicleRecommendations, type TVehicleRecommendationRow } from './vehicle-extras.schema';
import { vehicles, type TVehicleRow } from './vehicles.schema';

export type TVehicleValues = {
  customerId: number;
  make: string;
  model: string;
  year: number;
  mileage: number;
  vin: string | null;
  registration: string | null;
  serialNumber: string | null;
  dmsKey?: string | null;
};

/** The row plus how many open repair orders it has (read from repair_orders by SQL: vehicles sits below repair-orders). */
export type TVehicleWithOrders = TVehicleRow & { openRepairOrders: number };

const openOrders = sql<number>`(select count(*)::int from repair_orders ro
  where ro.company_id = "vehicles"."company_id" and ro.vehicle_id = "vehicles"."id" and ro.closed_at is null)`;

const byScope = (companyId: number | null, id: number) =>
  companyId === null ? eq(vehicles.id, id) : and(eq(vehicles.companyId, companyId), eq(vehicles.id, id));

export async function findVehicle(tx: TTx, opts: { companyId: number | null; id: number; forUpdate?: boolean }): Promise<TVehicleWithOrders | undefined> {
  const q = tx.select({ v: vehicles, openRepairOrders: openOrders }).from(vehicles).where(byScope(opts.companyId, opts.id)).limit(1);
  const [row] = opts.forUpdate ? await q.for('update', { of: vehicles }) : await q;
  return row ? { ...row.v, openRepairOrders: Number(row.openRepairOrders) } : undefined;
}

export async function findVehiclesByIds(tx: TTx, opts: { companyId: number; ids: number[] }): Promise<TVehicleRow[]> {
  if (!opts.ids.length) return [];
  return tx
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.companyId, opts.companyId), inArray(vehicles.id, opts.ids)));
}

export async function findVehicleByVin(tx: TTx, opts: { companyId: number; vin: string }): Promise<TVehicleRow | undefined> {
  const [row] = await tx
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.companyId, opts.companyId), eq(vehicles.vin, opts.vin)))
    .limit(1);
  return row;
}

export async function findVehicleByDmsKey(tx: TTx, opts: { companyId: number; dmsKey: string }): Promise<TVehicleRow | undefined> {
  const [row] = await tx
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.companyId, opts.companyId), eq(vehicles.dmsKey, opts.dmsKey)))
    .limit(1);
  return row;
}

/** A customer's garage (or the whole company's), newest first, bounded. */
export async function listVehicles(tx: TTx, opts: { companyId: number; customerId?: number; limit: number; offset: number }) {
  const where = and(eq(vehicles.companyId, opts.companyId), opts.customerId === undefined ? undefined : eq(vehicles.customerId, opts.customerId));
  const rows = await tx
    .select({ v: vehicles, openRepairOrders: openOrders })
    .from(vehicles)
    .where(where)
    .orderBy(desc(vehicles.id))
    .limit(opts.limit)
    .offset(opts.offset);
  const [c] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(vehicles)
    .where(where);
  return { rows: rows.map((r) => ({ ...r.v, openRepairOrders: Number(r.openRepairOrders) })), total: Number(c?.n ?? 0) };
}

export async function insertVehicle(tx: TTx, values: TVehicleValues & { companyId: number }): Promise<TVehicleRow> {
  const [row] = await tx.insert(vehicles).values(values).returning();
  return row!;
}

export async function updateVehicle(tx: TTx, opts: { companyId: number; id: number; values: Partial<TVehicleValues> & { appraisalMessageSentAt?: Date } }) {
  const [row] = await tx
    .update(vehicles)
    .set({ ...opts.values, updatedAt: new Date() })
    .where(and(eq(vehicles.companyId, opts.companyId), eq(vehicles.id, opts.id)))
    .returning();
  return row;
}

export async function deleteVehicle(tx: TTx, opts: { companyId: number; id: number }) {
  await tx.delete(vehicles).where(and(eq(vehicles.companyId, opts.companyId), eq(vehicles.id, opts.id)));
}

/**
 * Appraisal candidates of one company: rule of isVehicleAppraisalCandidate (model year at least `maxYear` or older,
 * or mileage at least `minMileage`) and the cooldown (never sent, or sent before `sentBefore`; null: never sent only),
 * customers not opted out, oldest sent first; bounded.
 */
export async function listAppraisalCandidates(
  tx: TTx,
  opts: { companyId: number; maxYear: number; minMileage: number; sentBefore: Date | null; limit: number },
): Promise<TVehicleRow[]> {
  const cooldown =
    opts.sentBefore === null
      ? sql`${vehicles.appraisalMessageSentAt} is null`
      : sql`(${vehicles.appraisalMessageSentAt} is null or ${vehicles.appraisalMessageSentAt} <= ${opts.sentBefore})`;
  return tx
    .select()
    .from(vehicles)
    .where(
      and(
        eq(vehicles.companyId, opts.companyId),
        sql`(${vehicles.year} <= ${opts.maxYear} or ${vehicles.mileage} >= ${opts.minMileage})`,
        cooldown,
        sql`not exists (select 1 from customers c where c.company_id = "vehicles"."company_id" and c.id = "vehicles"."customer_id" and c.opt_out)`,
      ),
    )
    .orderBy(sql`${vehicles.appraisalMessageSentAt} asc nulls first`, asc(vehicles.id))
    .limit(opts.limit);
}

/* Deferred recommendations. */

export async function insertRecommendation(
  tx: TTx,
  values: { companyId: number; vehicleId: number; customerId: number; sourceLineId: number; sourceOrderId: number; description: string; priceCents: number },
): Promise<TVehicleRecommendationRow | undefined> {
  const [row] = await tx.insert(vehicleRecommendations).values(values).onConflictDoNothing().returning();
  return row;
}

export async function listOpenRecommendations(tx: TTx, opts: { companyId: number; vehicleId: number }): Promise<TVehicleRecommendationRow[]> {
  return tx
    .select()
    .from(vehicleRecommendations)
    .where(
      and(
        eq(vehicleRecommendations.companyId, opts.companyId),
        eq(vehicleRecommendations.vehicleId, opts.vehicleId),
        eq(vehicleRecommendations.status, 'open'),
      ),
    )
    .orderBy(desc(vehicleRecommendations.id))
    .limit(200);
}

export async function findRecommendation(tx: TTx, opts: { companyId: number | null; id: number; forUpdate?: boolean }) {
  const byId = eq(vehicleRecommendations.id, opts.id);
  const q = tx
    .select()
    .from(vehicleRecommendations)
    .where(opts.companyId === null ? byId : and(eq(vehicleRecommendations.companyId, opts.companyId), byId))
    .limit(1);
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row;
}

export async function resolveRecommendation(
  tx: TTx,
  opts: { companyId: number; id: number; status: 'added' | 'dismissed'; addedLineId?: number },
): Promise<TVehicleRecommendationRow | undefined> {
  const now = new Date();
  const [row] = await tx
    .update(vehicleRecommendations)
    .set({ status: opts.status, addedLineId: opts.addedLineId ?? null, resolvedAt: now, updatedAt: now })
    .where(and(eq(vehicleRecommendations.companyId, opts.companyId), eq(vehicleRecommendations.id, opts.id), eq(vehicleRecommendations.status, 'open')))
    .returning();
  return row;
}

/** Companies with the automated appraisal switched on (read by SQL from companies: a daily job across tenants). */
export async function listAppraisalCompanies(tx: TTx): Promise<{ id: number; automotiveMessages: Record<string, unknown> }[]> {
  const res = await tx.execute(sql`select id::int as id, automotive_messages as "automotiveMessages" from companies
    where enabled and (automotive_messages->>'vehicleAppraisalAutomatedEnabled')::boolean is true order by id`);
  return res.rows as { id: number; automotiveMessages: Record<string, unknown> }[];
}
