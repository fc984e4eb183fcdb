import { and, asc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { TTx } from '../../db/client';
import { tasks, type TTaskRow } from './tasks.schema';

export type TTaskValues = Pick<typeof tasks.$inferInsert, 'assigneeId' | 'customerId' | 'title' | 'body' | 'dueAt' | 'entity' | 'entityId'>;

export async function insertTask(tx: TTx, opts: { companyId: number; values: TTaskValues }): Promise<TTaskRow> {
  const [row] = await tx
    .insert(tasks)
    .values({ ...opts.values, companyId: opts.companyId })
    .returning();
  return row!;
}

/** One task; `companyId` null (a super admin) reaches any company's, under the system scope. */
export async function findTask(tx: TTx, opts: { companyId: number | null; id: number; forUpdate?: boolean }): Promise<TTaskRow | undefined> {
  const where = opts.companyId === null ? eq(tasks.id, opts.id) : and(eq(tasks.companyId, opts.companyId), eq(tasks.id, opts.id));
  const q = tx.select().from(tasks).where(where);
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row;
}

export async function listTasks(tx: TTx, opts: { companyId: number; assigneeId?: number; done?: boolean; limit: number }): Promise<TTaskRow[]> {
  const conds: SQL[] = [eq(tasks.companyId, opts.companyId)];
  if (opts.assigneeId !== undefined) conds.push(eq(tasks.assigneeId, opts.assigneeId));
  if (opts.done !== undefined) conds.push(opts.done ? isNotNull(tasks.doneAt) : isNull(tasks.doneAt));
  return tx
    .select()
    .from(tasks)
    .where(and(...conds))
    .orderBy(asc(tasks.dueAt), asc(tasks.id))
    .limit(opts.limit);
}

export async function markTaskDone(tx: TTx, opts: { companyId: number; id: number; doneById: number | null; note: string | null }): Promise<TTaskRow> {
  const now = new Date();
  const [row] = await tx
    .update(tasks)
    .set({ doneAt: now, doneById: opts.doneById, doneNote: opts.note, updatedAt: now })
    .where(and(eq(tasks.companyId, opts.companyId), eq(tasks.id, opts.id)))
    .returning();
  return row!;
}

/**
 * The company admin with the fewest open tasks (ties: the lowest id), preferring those of `department`: who a
 * follow-up goes to. Users are read by SQL here (tasks sits below users' callers and only needs ids).
 */
export async function pickLeastBusyAdmin(
  tx: TTx,
  opts: { companyId: number; department: string | null; excludeUserId: number | null },
): Promise<number | null> {
  const rows = await tx.execute<{ id: string | number }>(sql`
    select u.id from users u
    where u.company_id = ${opts.companyId} and u.enabled and 'ROLE_COMPANY_ADMIN' = any (u.roles)
      and (${opts.excludeUserId}::bigint is null or u.id <> ${opts.excludeUserId}::bigint)
    order by (${opts.department}::text is not null and u.department = ${opts.department}::text) desc,
      (select count(*) from tasks t where t.company_id = u.company_id and t.assignee_id = u.id and t.done_at is null) asc,
      u.id asc
    limit 1`);
  const first = rows.rows[0];
  return first ? Number(first.id) : null;
}
