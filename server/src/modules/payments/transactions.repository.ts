import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { TPaymentMethod, TPaymentTransactionKind, TPaymentTransactionStatus } from '@cd/contracts/payments';
import type { TTx } from '../../db/client';
import type { TListTotal } from '../../lib/hydra';
import { paymentTransactions, type TPaymentTransactionRow } from './payment-requests.schema';

/** The list's filters (GET /api/payment/transactions, its totals and its CSV). */
export interface TTransactionFilter {
  companyId: number;
  statuses?: TPaymentTransactionStatus[];
  methods?: TPaymentMethod[];
  kinds?: TPaymentTransactionKind[];
  createdFrom?: Date;
  createdBefore?: Date;
  search?: string;
  customerId?: number;
  paymentRequestId?: number;
}

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);
const T = sql.raw('"payment_transactions"');

function filterWhere(f: TTransactionFilter): SQL {
  const t = paymentTransactions;
  const conds: SQL[] = [eq(t.companyId, f.companyId)];
  if (f.statuses?.length) conds.push(sql`${t.status} = any(${sql.param(f.statuses)}::text[])`);
  if (f.methods?.length) conds.push(sql`${t.method} = any(${sql.param(f.methods)}::text[])`);
  if (f.kinds?.length) conds.push(sql`${t.kind} = any(${sql.param(f.kinds)}::text[])`);
  if (f.createdFrom) conds.push(sql`${t.createdAt} >= ${f.createdFrom}`);
  if (f.createdBefore) conds.push(sql`${t.createdAt} < ${f.createdBefore}`);
  if (f.customerId !== undefined) conds.push(eq(t.customerId, f.customerId));
  if (f.paymentRequestId !== undefined) conds.push(eq(t.paymentRequestId, f.paymentRequestId));
  if (f.search) {
    // Each probe is one primary-key lookup per candidate row (the company's rows, newest first, stop at the limit).
    const like = `%${escapeLike(f.search)}%`;
    conds.push(sql`(exists (select 1 from payment_requests pr where pr.company_id = ${T}."company_id" and pr.id = ${T}."payment_request_id" and pr.invoice ilike ${like})
      or exists (select 1 from customers c where c.company_id = ${T}."company_id" and c.id = ${T}."customer_id"
        and (trim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')) ilike ${like} or c.phone ilike ${like})))`);
  }
  return and(...conds)!;
}

/** What a transaction shows of the rows it points at, and a sale's refunds, read in the same statement. */
export interface TTransactionRefs {
  request: { id: number; invoice: string } | null;
  customer: { id: number; firstName: string; lastName: string; phone: string | null } | null;
  createdBy: { id: number; name: string } | null;
  refunds: { id: number; amountCents: number; status: TPaymentTransactionStatus; createdAt: string }[];
}
export type TTransactionWithRefs = TPaymentTransactionRow & { refs: TTransactionRefs };

/* Outer columns qualified: an unqualified company_id inside a subquery is the inner table's (surveys-read.repository.ts). */
const refsColumn = sql<TTransactionRefs | string>`json_build_object(
  'request', (select json_build_object('id', pr.id, 'invoice', pr.invoice)
    from payment_requests pr where pr.company_id = ${T}."company_id" and pr.id = ${T}."payment_request_id"),
  'customer', (select json_build_object('id', c.id, 'firstName', c.first_name, 'lastName', c.last_name, 'phone', c.phone)
    from customers c where c.company_id = ${T}."company_id" and c.id = ${T}."customer_id"),
  'createdBy', (select json_build_object('id', u.id, 'name', coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email))
    from users u where u.company_id = ${T}."company_id" and u.id = ${T}."created_by_id"),
  'refunds', coalesce((select json_agg(json_build_object('id', r.id, 'amountCents', r.amount_cents, 'status', r.status, 'createdAt', r.created_at) order by r.id)
    from payment_transactions r where r.company_id = ${T}."company_id" and r.parent_id = ${T}."id" and r.kind = 'refund'), '[]'::json))`;

function withRefs(rows: { tx: TPaymentTransactionRow; refs: TTransactionRefs | string }[]): TTransactionWithRefs[] {
  return rows.map((r) => {
    const refs = (typeof r.refs === 'string' ? JSON.parse(r.refs) : r.refs) as TTransactionRefs;
    // json_build_object gives bigints as numbers but timestamps as text without a uniform format: normalise.
    refs.refunds = refs.refunds.map((x) => ({ ...x, amountCents: Number(x.amountCents), createdAt: new Date(x.createdAt).toISOString() }));
    return { ...r.tx, refs };
  });
}

/** One page, newest first, after the keyset (`before` + `idLt`): one statement whatever the page size. */
export async function listTransactions(
  tx: TTx,
  opts: { filter: TTransactionFilter; before?: Date; idLt?: number; limit: number },
): Promise<TTransactionWithRefs[]> {
  const t = paymentTransactions;
  const conds: SQL[] = [filterWhere(opts.filter)];
  if (opts.before)
    conds.push(
      opts.idLt !== undefined
        ? sql`(${t.createdAt} < ${opts.before} or (${t.createdAt} = ${opts.before} and ${t.id} < ${opts.idLt}))`
        : sql`${t.createdAt} < ${opts.before}`,
    );
  const rows = await tx
    .select({ tx: t, refs: refsColumn })
    .from(t)
    .where(and(...conds))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(opts.limit);
  return withRefs(rows);
}

export async function findTransactionWithRefs(tx: TTx, opts: { companyId: number | null; id: number }): Promise<TTransactionWithRefs | undefined> {
  const t = paymentTransactions;
  const byId = eq(t.id, opts.id);
  const rows = await tx
    .select({ tx: t, refs: refsColumn })
    .from(t)
    .where(opts.companyId === null ? byId : and(eq(t.companyId, opts.companyId), byId));
  return withRefs(rows)[0];
}

/** Sales that count: approved, whether or not refunded since (a voided or declined sale moved no money). */
const COUNTED_SALE = sql.raw(`kind = 'sale' and status in ('approved', 'partially_refunded', 'refunded')`);

/**
 * The filter's count and sums in one statement over at most `cap` + 1 rows (all of them when `exact`): the capped-count
 * rule of db/capped-count.ts, with the sums dropped when the cap cuts the rows off.
 */
export async function totalTransactions(
  tx: TTx,
  opts: { filter: TTransactionFilter; exact?: boolean; cap: number },
): Promise<{ total: TListTotal; sales: number | null; refunds: number | null }> {
  const limit = opts.exact ? sql`` : sql` limit ${opts.cap + 1}`;
  const res = await tx.execute(sql`
    select count(*)::int as n,
           coalesce(sum(amount_cents) filter (where ${COUNTED_SALE}), 0)::bigint as sales,
           coalesce(sum(amount_cents) filter (where kind = 'refund' and status = 'approved'), 0)::bigint as refunds
    from (select kind, status, amount_cents from payment_transactions where ${filterWhere(opts.filter)}${limit}) s`);
  const row = res.rows[0] as { n: number | string; sales: number | string; refunds: number | string };
  const n = Number(row.n);
  if (!opts.exact && n > opts.cap) return { total: { atLeast: opts.cap }, sales: null, refunds: null };
  return { total: { exact: n }, sales: Number(row.sales), refunds: Number(row.refunds) };
}

/* ---- Refunds ---- */

export async function lockTransaction(tx: TTx, opts: { companyId: number | null; id: number }): Promise<TPaymentTransactionRow | undefined> {
  const t = paymentTransactions;
  const byId = eq(t.id, opts.id);
  const [row] = await tx
    .select()
    .from(t)
    .where(opts.companyId === null ? byId : and(eq(t.companyId, opts.companyId), byId))
    .for('update');
  return row;
}

/**
 * Reserves `amount` of a sale for a refund: one conditional update, so parallel refunds can never take more than
 * remains (the second waits for the first's row lock, then sees its reservation). Undefined: not enough remains.
 */
export async function reserveRefund(tx: TTx, opts: { companyId: number; id: number; amountCents: number }): Promise<TPaymentTransactionRow | undefined> {
  const t = paymentTransactions;
  const [row] = await tx
    .update(t)
    .set({
      refundedCents: sql`${t.refundedCents} + ${opts.amountCents}`,
      status: sql`case when ${t.refundedCents} + ${opts.amountCents} >= ${t.amountCents} then 'refunded' else 'partially_refunded' end`,
    })
    .where(
      and(
        eq(t.companyId, opts.companyId),
        eq(t.id, opts.id),
        eq(t.kind, 'sale'),
        sql`${t.status} in ('approved', 'partially_refunded')`,
        sql`${t.refundedCents} + ${opts.amountCents} <= ${t.amountCents}`,
      ),
    )
    .returning();
  return row;
}

/** Gives back a reservation whose refund the processor refused (status recomputed from what stays refunded). */
export async function releaseRefund(tx: TTx, opts: { companyId: number; id: number; amountCents: number }): Promise<void> {
  const t = paymentTransactions;
  await tx
    .update(t)
    .set({
      refundedCents: sql`greatest(${t.refundedCents} - ${opts.amountCents}, 0)`,
      status: sql`case when ${t.refundedCents} - ${opts.amountCents} <= 0 then 'approved' else 'partially_refunded' end`,
    })
    .where(and(eq(t.companyId, opts.companyId), eq(t.id, opts.id), eq(t.kind, 'sale')));
}

export type TTransactionInsert = Omit<typeof paymentTransactions.$inferInsert, 'id' | 'createdAt'>;

/** A transaction the processor made; a second insert of the same processor key returns undefined (already recorded). */
export async function insertTransaction(tx: TTx, values: TTransactionInsert): Promise<TPaymentTransactionRow | undefined> {
  const [row] = await tx.insert(paymentTransactions).values(values).onConflictDoNothing().returning();
  return row;
}
