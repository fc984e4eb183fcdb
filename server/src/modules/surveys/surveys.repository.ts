import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { TTx } from '../../db/client';
import { surveys, type TSurveyRow } from './surveys.schema';

export type TSurveyInsert = Pick<typeof surveys.$inferInsert, 'customerId' | 'repairOrderId' | 'advisorId' | 'dueAt' | 'manual'>;
export type TSurveyChange = Partial<Omit<typeof surveys.$inferInsert, 'companyId' | 'id' | 'createdAt'>>;

export async function insertSurvey(tx: TTx, opts: { companyId: number; values: TSurveyInsert }): Promise<TSurveyRow> {
  const [row] = await tx
    .insert(surveys)
    .values({ ...opts.values, companyId: opts.companyId })
    .returning();
  return row!;
}

/** One survey; `companyId` null (a super admin) reaches any company's, under the system scope. */
export async function findSurvey(tx: TTx, opts: { companyId: number | null; id: number; forUpdate?: boolean }): Promise<TSurveyRow | undefined> {
  const where = opts.companyId === null ? eq(surveys.id, opts.id) : and(eq(surveys.companyId, opts.companyId), eq(surveys.id, opts.id));
  const q = tx.select().from(surveys).where(where);
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row;
}

/** The order's survey that is not cancelled (at most one: surveys_order_key). */
export async function findLiveSurveyOfOrder(tx: TTx, opts: { companyId: number; orderId: number }): Promise<TSurveyRow | undefined> {
  const [row] = await tx
    .select()
    .from(surveys)
    .where(and(eq(surveys.companyId, opts.companyId), eq(surveys.repairOrderId, opts.orderId), ne(surveys.state, 'cancelled')))
    .for('update');
  return row;
}

export async function updateSurvey(tx: TTx, opts: { companyId: number; id: number; values: TSurveyChange }): Promise<TSurveyRow> {
  const [row] = await tx
    .update(surveys)
    .set({ ...opts.values, updatedAt: new Date() })
    .where(and(eq(surveys.companyId, opts.companyId), eq(surveys.id, opts.id)))
    .returning();
  return row!;
}

/**
 * Serialises the cooldown decisions of one customer (two orders closing, two surveys coming due at once): a
 * transaction-scoped advisory lock on the customer, released at commit.
 */
export async function lockCustomerSurveys(tx: TTx, opts: { companyId: number; customerId: number }): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`survey:${opts.companyId}:${opts.customerId}`}, 0))`);
}

/**
 * Whether the customer already has a survey within the cooldown: one sent since `since`, or (with `planned`) one
 * planned or sent whose time falls after `since` — other than `excludeId`.
 */
export async function hasSurveySince(
  tx: TTx,
  opts: { companyId: number; customerId: number; since: Date; includePlanned: boolean; excludeId?: number },
): Promise<boolean> {
  const conds: SQL[] = [eq(surveys.companyId, opts.companyId), eq(surveys.customerId, opts.customerId)];
  if (opts.excludeId !== undefined) conds.push(ne(surveys.id, opts.excludeId));
  conds.push(
    opts.includePlanned
      ? sql`((${surveys.state} = 'planned' and ${surveys.dueAt} >= ${opts.since}) or (${surveys.sentAt} >= ${opts.since}))`
      : sql`${surveys.sentAt} >= ${opts.since}`,
  );
  const [row] = await tx
    .select({ one: sql<number>`1` })
    .from(surveys)
    .where(and(...conds))
    .limit(1);
  return row !== undefined;
}

/** The customer's latest survey that was not cancelled (Customer.lastSurvey). */
export async function findLatestSurveyOfCustomer(tx: TTx, opts: { companyId: number; customerId: number }): Promise<TSurveyRow | undefined> {
  const [row] = await tx
    .select()
    .from(surveys)
    .where(and(eq(surveys.companyId, opts.companyId), eq(surveys.customerId, opts.customerId), ne(surveys.state, 'cancelled')))
    .orderBy(sql`${surveys.createdAt} desc, ${surveys.id} desc`)
    .limit(1);
  return row;
}
