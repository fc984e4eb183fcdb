import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { countRows, TOTAL_COUNT_CAP } from '../../db/capped-count';
import type { TListTotal } from '../../lib/hydra';
import type { TTx } from '../../db/client';
import { repairOrderLines, repairOrders, type TRepairOrderLineRow, type TRepairOrderRow } from './repair-orders.schema';

export type TOrderValues = {
  customerId: number;
  vehicleId: number | null;
  number: string;
  title: string;
  description: string | null;
  priceCents: number;
  type: string | null;
  status: TRepairOrderRow['status'];
  serviceAdvisorId: number | null;
  mechanicId: number | null;
  openedAt: Date;
  promisedAt: Date | null;
  closedAt?: Date | null;
  dmsVendor?: 'vendor_a' | 'vendor_b' | null;
  dmsKey?: string | null;
  dmsSyncedAt?: Date | null;
};

export interface TOrderFilter {
  companyId: number;
  customerId?: number;
  vehicleId?: number;
  status?: TRepairOrderRow['status'];
  closed?: boolean;
  withSurvey?: boolean;
  search?: string;
}

function escapeLike(v: string): string {
  return v.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const byScope = (companyId: number | null, id: number) =>
  companyId === null ? eq(repairOrders.id, id) : and(eq(repairOrders.companyId, companyId), eq(repairOrders.id, id));

function orderWhere(f: TOrderFilter): SQL {
  const conds: (SQL | undefined)[] = [eq(repairOrders.companyId, f.companyId)];
  if (f.customerId !== undefined) conds.push(eq(repairOrders.customerId, f.customerId));
  if (f.vehicleId !== undefined) conds.push(eq(repairOrders.vehicleId, f.vehicleId));
  if (f.status !== undefined) conds.push(eq(repairOrders.status, f.status));
  if (f.closed !== undefined) conds.push(f.closed ? sql`${repairOrders.closedAt} is not null` : sql`${repairOrders.closedAt} is null`);
  if (f.withSurvey !== undefined) conds.push(f.withSurvey ? sql`${repairOrders.surveyId} is not null` : sql`${repairOrders.surveyId} is null`);
  if (f.search) {
    const like = `%${escapeLike(f.search)}%`;
    const digits = f.search.replace(/\D/g, '');
    // Customers are read by SQL here (a search across two tables); customers owns them, repair orders only filter.
    conds.push(sql`(${repairOrders.number} ilike ${like} or exists (select 1 from customers c
      where c.company_id = ${repairOrders.companyId} and c.id = ${repairOrders.customerId}
        and ((c.first_name || ' ' || c.last_name) ilike ${like}${digits.length >= 3 ? sql` or c.phone like ${`%${digits}%`}` : sql``})))`);
  }
  return and(...conds)!;
}

/**
 * One page newest opened first (ties by id), and the total: two statements whatever the page size. The total is
 * counted up to the cap or just past this page, whichever is further, so `next` is known without counting all.
 */
export async function listOrders(
  tx: TTx,
  f: TOrderFilter & { limit: number; offset: number; exactTotal?: boolean },
): Promise<{ rows: TRepairOrderRow[]; total: TListTotal }> {
  const where = orderWhere(f);
  const rows = await tx.select().from(repairOrders).where(where).orderBy(desc(repairOrders.openedAt), desc(repairOrders.id)).limit(f.limit).offset(f.offset);
  const total = await countRows(tx, { table: repairOrders, where, exact: f.exactTotal, cap: Math.max(TOTAL_COUNT_CAP, f.offset + f.limit) });
  return { rows, total };
}

export async function findOrder(tx: TTx, opts: { companyId: number | null; id: number; forUpdate?: boolean }): Promise<TRepairOrderRow | undefined> {
  const q = tx.select().from(repairOrders).where(byScope(opts.companyId, opts.id)).limit(1);
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row;
}

export async function findOrderByDmsKey(tx: TTx, opts: { companyId: number; vendor: 'vendor_a' | 'vendor_b'; dmsKey: string }) {
  const [row] = await tx
    .select()
    .from(repairOrders)
    .where(and(eq(repairOrders.companyId, opts.companyId), eq(repairOrders.dmsVendor, opts.vendor), eq(repairOrders.dmsKey, opts.dmsKey)))
    .limit(1);
  return row;
}

export async function findOrderByNumber(tx: TTx, opts: { companyId: number; number: string }) {
  const [row] = await tx
    .select()
    .from(repairOrders)
    .where(and(eq(repairOrders.companyId, opts.companyId), eq(repairOrders.number, opts.number)))
    .limit(1);
  return row;
}

export async function insertOrder(tx: TTx, values: TOrderValues & { companyId: number }): Promise<TRepairOrderRow> {
  const [row] = await tx.insert(repairOrders).values(values).returning();
  return row!;
}

export async function updateOrder(
  tx: TTx,
  opts: {
    companyId: number;
    id: number;
    values: Partial<TOrderValues> & { vehicleReadySentAt?: Date; surveyRequestedAt?: Date | null; surveySkipped?: boolean; surveyId?: number | null };
  },
): Promise<TRepairOrderRow> {
  const [row] = await tx
    .update(repairOrders)
    .set({ ...opts.values, updatedAt: new Date() })
    .where(and(eq(repairOrders.companyId, opts.companyId), eq(repairOrders.id, opts.id)))
    .returning();
  return row!;
}

/* Lines */

export type TLineValues = { description: string; priceCents: number; status: TRepairOrderLineRow['status'] };

/** Appends a payment request to the order's list (RepairOrder.paymentRequests); undefined when the order is gone. */
export async function appendPaymentRequest(
  tx: TTx,
  opts: { companyId: number; orderId: number; paymentRequestId: number },
): Promise<TRepairOrderRow | undefined> {
  const [row] = await tx
    .update(repairOrders)
    .set({ paymentRequestIds: sql`array_append(${repairOrders.paymentRequestIds}, ${opts.paymentRequestId}::bigint)`, updatedAt: new Date() })
    .where(and(eq(repairOrders.companyId, opts.companyId), eq(repairOrders.id, opts.orderId)))
    .returning();
  return row;
}

export async function listLinesOf(tx: TTx, opts: { companyId: number; orderIds: number[] }): Promise<TRepairOrderLineRow[]> {
  if (!opts.orderIds.length) return [];
  return tx
    .select()
    .from(repairOrderLines)
    .where(and(eq(repairOrderLines.companyId, opts.companyId), inArray(repairOrderLines.repairOrderId, opts.orderIds)))
    .orderBy(repairOrderLines.repairOrderId, repairOrderLines.id);
}

export async function findLine(tx: TTx, opts: { companyId: number | null; id: number }): Promise<TRepairOrderLineRow | undefined> {
  const byId = eq(repairOrderLines.id, opts.id);
  const [row] = await tx
    .select()
    .from(repairOrderLines)
    .where(opts.companyId === null ? byId : and(eq(repairOrderLines.companyId, opts.companyId), byId))
    .limit(1);
  return row;
}

export async function insertLine(
  tx: TTx,
  values: TLineValues & {
    companyId: number;
    repairOrderId: number;
    decidedAt?: Date | null;
    decidedBy?: TRepairOrderLineRow['decidedBy'];
    dmsKey?: string | null;
  },
) {
  const [row] = await tx.insert(repairOrderLines).values(values).returning();
  return row!;
}

export async function updateLine(
  tx: TTx,
  opts: {
    companyId: number;
    id: number;
    values: Partial<TLineValues> & {
      decidedAt?: Date | null;
      decidedBy?: TRepairOrderLineRow['decidedBy'];
      approvalRound?: number;
      dmsPushedAt?: Date | null;
      dmsKey?: string | null;
    };
  },
): Promise<TRepairOrderLineRow> {
  const [row] = await tx
    .update(repairOrderLines)
    .set({ ...opts.values, updatedAt: new Date() })
    .where(and(eq(repairOrderLines.companyId, opts.companyId), eq(repairOrderLines.id, opts.id)))
    .returning();
  return row!;
}

export async function deleteLine(tx: TTx, opts: { companyId: number; id: number }) {
  await tx.delete(repairOrderLines).where(and(eq(repairOrderLines.companyId, opts.companyId), eq(repairOrderLines.id, opts.id)));
}

/** Stamps the pending lines of an order with the approval round that asks about them. */
export async function stampApprovalRound(tx: TTx, opts: { companyId: number; orderId: number; round: number }): Promise<TRepairOrderLineRow[]> {
  return tx
    .update(repairOrderLines)
    .set({ approvalRound: opts.round, updatedAt: new Date() })
    .where(and(eq(repairOrderLines.companyId, opts.companyId), eq(repairOrderLines.repairOrderId, opts.orderId), eq(repairOrderLines.status, 'pending')))
    .returning();
}

/**
 * Applies a customer's decision to one line only if it is still pending (the conditional update is what makes two
 * parallel submissions apply once: the second finds the line settled).
 */
export async function decidePendingLine(
  tx: TTx,
  opts: { companyId: number; id: number; status: 'approved' | 'denied'; decidedBy: 'customer' | 'staff'; at: Date },
): Promise<TRepairOrderLineRow | undefined> {
  const [row] = await tx
    .update(repairOrderLines)
    .set({ status: opts.status, decidedBy: opts.decidedBy, decidedAt: opts.at, updatedAt: opts.at })
    .where(and(eq(repairOrderLines.companyId, opts.companyId), eq(repairOrderLines.id, opts.id), eq(repairOrderLines.status, 'pending')))
    .returning();
  return row;
}

/** Past line descriptions of the company, most used first (then most recent), with the latest price. */
export async function listAutocomplete(tx: TTx, opts: { companyId: number; prefix?: string; limit: number }) {
  const like = opts.prefix ? `%${escapeLike(opts.prefix.toLowerCase())}%` : null;
  const res = await tx.execute(sql`
    select min(description) as description, count(*)::int as uses,
      (array_agg(price_cents order by created_at desc, id desc))[1]::bigint as "lastPrice"
    from repair_order_lines
    where company_id = ${opts.companyId} ${like ? sql`and lower(description) like ${like}` : sql``}
    group by lower(description)
    order by count(*) desc, max(created_at) desc
    limit ${opts.limit}`);
  return (res.rows as { description: string; uses: number; lastPrice: string | number | null }[]).map((r) => ({
    description: r.description,
    uses: Number(r.uses),
    lastPrice: r.lastPrice === null ? null : Number(r.lastPrice),
  }));
}
