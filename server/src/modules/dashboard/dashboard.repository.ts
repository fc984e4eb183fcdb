import { sql } from 'drizzle-orm';
import type { TTx } from '../../db/client';

/**
 * The dashboard's own reads. The unread backlog reads customers, read states and users by SQL: the dashboard sits above
 * those modules, and one grouped statement answers every agent at once (no per-user loop).
 */

export interface TUnreadBacklogRow {
  userId: number | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  unread: number;
  oldestUnreadAt: Date | null;
}

/**
 * Unread conversations per owning user (the read rule of docs/decisions.md "Read state": an inbound message newer than
 * the user's read mark), active (not archived) customers only. A customer without an owner counts under `userId` null
 * while nobody has read it. `oldestUnreadAt` is the earliest last-inbound time among them: how long the
 * longest-waiting customer has waited since they last wrote.
 */
export async function listUnreadBacklog(tx: TTx, opts: { companyId: number }): Promise<TUnreadBacklogRow[]> {
  const res = await tx.execute(sql`
    select b.user_id, u.first_name, u.last_name, u.email, b.unread, b.oldest_unread_at
    from (
      select c.user_id, count(*)::int as unread, min(c.last_inbound_at) as oldest_unread_at
      from customers c
      where c.company_id = ${opts.companyId} and c.archived = false and c.last_inbound_at is not null
        and not exists (
          select 1 from customer_read_states r
          where r.company_id = c.company_id and r.customer_id = c.id and r.read_at >= c.last_inbound_at
            and (c.user_id is null or r.user_id = c.user_id))
      group by c.user_id
    ) b
    left join users u on u.company_id = ${opts.companyId} and u.id = b.user_id
    order by b.unread desc, b.oldest_unread_at, b.user_id nulls last`);
  return (res.rows as Record<string, unknown>[]).map((r) => ({
    userId: r.user_id === null || r.user_id === undefined ? null : Number(r.user_id),
    firstName: (r.first_name as string | null) ?? null,
    lastName: (r.last_name as string | null) ?? null,
    email: (r.email as string | null) ?? null,
    unread: Number(r.unread),
    oldestUnreadAt: r.oldest_unread_at === null || r.oldest_unread_at === undefined ? null : new Date(r.oldest_unread_at as string),
  }));
}
