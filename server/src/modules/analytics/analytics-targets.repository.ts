import { sql } from 'drizzle-orm';
import type { TTx } from '../../db/client';

/**
 * Response-time target figures (docs/routing.md "Breaches in reports") read straight from routing_waits, not from the
 * daily rollups: a wait's outcome (reply, warning, breach) lands hours after the message that opened it, which the
 * rollups' "did the day's messages move" check would not see. Waits are few (one per unanswered stretch), so one
 * grouped statement answers the total, every owner and every channel of a range. The owner is the one recorded when
 * the wait was breached or answered (migration 0053), the conversation's current owner while it is open.
 */

export interface TTargetRow {
  /** 'total', 'agent' or 'channel'. */
  level: 'total' | 'agent' | 'channel';
  userId: number | null;
  channel: string;
  waits: number;
  warned: number;
  breached: number;
  met: number;
  /** Replied, or past due: the waits whose outcome is known. */
  decided: number;
}

export async function aggregateTargets(
  tx: TTx,
  opts: { companyId: number; start: Date; end: Date; now: Date; userIds: number[]; channels: string[] },
): Promise<TTargetRow[]> {
  const { companyId, start, end, now } = opts;
  const byUser = opts.userIds.length
    ? sql`and owner in (${sql.join(
        opts.userIds.map((u) => sql`${u}`),
        sql`, `,
      )})`
    : sql``;
  const byChannel = opts.channels.length
    ? sql`and channel in (${sql.join(
        opts.channels.map((c) => sql`${c}`),
        sql`, `,
      )})`
    : sql``;
  // The opening message is the customer's last inbound at or before the wait's start (written in the same transaction);
  // the thread index (company, customer, created_at) answers it.
  const res = await tx.execute(sql`
    with w as (
      select w.replied_at, w.due_at, w.warned_at, w.breached_at, coalesce(w.owner_id, c.user_id) as owner,
        coalesce(
          (select m.channel from messages m where m.company_id = w.company_id and m.customer_id = w.customer_id
             and m.direction = 'INBOUND' and m.created_at <= w.started_at order by m.created_at desc limit 1),
          (select m.channel from messages m where m.company_id = w.company_id and m.customer_id = w.customer_id
             and m.direction = 'INBOUND' and m.created_at > w.started_at order by m.created_at limit 1),
          '') as channel
      from routing_waits w join customers c on c.company_id = w.company_id and c.id = w.customer_id
      where w.company_id = ${companyId} and w.due_at is not null and w.started_at >= ${start} and w.started_at < ${end}
    )
    select owner::int as owner, channel, grouping(owner)::int as g_owner, grouping(channel)::int as g_channel,
      count(*)::int as waits, count(warned_at)::int as warned, count(breached_at)::int as breached,
      count(*) filter (where replied_at <= due_at)::int as met,
      count(*) filter (where replied_at is not null or due_at <= ${now})::int as decided
    from w where true ${byUser} ${byChannel}
    group by grouping sets ((owner), (channel), ())`);
  return (res.rows as Record<string, unknown>[]).map((r) => ({
    level: Number(r.g_owner) === 0 ? 'agent' : Number(r.g_channel) === 0 ? 'channel' : 'total',
    userId: r.owner === null || r.owner === undefined ? null : Number(r.owner),
    channel: String(r.channel ?? ''),
    waits: Number(r.waits),
    warned: Number(r.warned),
    breached: Number(r.breached),
    met: Number(r.met),
    decided: Number(r.decided),
  }));
}
