import { sql, type SQL } from 'drizzle-orm';
import type { TTx } from '../../db/client';
import { COUNTER_COLUMNS, type TCounters, type TFoldMessage, type TRollupRow } from './metric-definitions';

/** SQL of the analytics module (private to it). Every statement names the company besides the tenant scope. */

type TRow = Record<string, unknown>;
const rowsOf = async (tx: TTx, q: SQL) => (await tx.execute(q)).rows as TRow[];

/** Serialises the (re)computation of one company's days: parallel requests over an open day write it once at a time. */
export async function lockCompanyRollups(tx: TTx, companyId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(727276, ${companyId}::int)`);
}

export interface TComputedDay {
  computedAt: Date;
  messages: number;
  optOuts: number;
}

export async function listComputedDays(tx: TTx, opts: { companyId: number; from: string; to: string }): Promise<Map<string, TComputedDay>> {
  const rows = await rowsOf(
    tx,
    sql`select to_char(day, 'YYYY-MM-DD') as day, computed_at, messages, opt_outs from analytics_days
        where company_id = ${opts.companyId} and day between ${opts.from}::date and ${opts.to}::date`,
  );
  return new Map(
    rows.map((r) => [String(r.day), { computedAt: new Date(r.computed_at as string), messages: Number(r.messages), optOuts: Number(r.opt_outs) }]),
  );
}

/** How many messages count on a day and how many opt-outs it has now: an open day whose counts did not move is unchanged. */
export async function countDayInputs(tx: TTx, opts: { companyId: number; start: Date; end: Date }): Promise<{ messages: number; optOuts: number }> {
  const { companyId, start, end } = opts;
  const [r] = await rowsOf(
    tx,
    sql`select (select count(*) from messages where company_id = ${companyId}
                  and ((scheduled_at is null and created_at >= ${start} and created_at < ${end}) or (scheduled_at >= ${start} and scheduled_at < ${end})))::int as messages,
               (select count(*) from consent_events where company_id = ${companyId} and kind = 'opt_out' and created_at >= ${start} and created_at < ${end})::int as opt_outs`,
  );
  return { messages: Number(r?.messages ?? 0), optOuts: Number(r?.opt_outs ?? 0) };
}

// Whole milliseconds: timestamps carry microseconds, the rollup stores integer milliseconds.
const FOLD_COLUMNS = sql`customer_id::int as "customerId", id::int as id,
  floor(extract(epoch from coalesce(scheduled_at, created_at)) * 1000)::float8 as at, direction, sender,
  user_id::int as "userId", channel, group_message_id::int as "groupMessageId"`;

/**
 * The messages a day's fold needs: every message of the customers active in [start, end), from `historyStart` to
 * `end`. One statement: the day's customers by the company/time indexes, their history by the thread index.
 * A scheduled message counts at its due time, so both its creation and its due time are looked at.
 */
export async function listFoldMessages(tx: TTx, opts: { companyId: number; start: Date; end: Date; historyStart: Date }): Promise<TFoldMessage[]> {
  const { companyId, start, end, historyStart } = opts;
  const rows = await rowsOf(
    tx,
    sql`with active as (
          select distinct customer_id from messages
          where company_id = ${companyId}
            and ((scheduled_at is null and created_at >= ${start} and created_at < ${end}) or (scheduled_at >= ${start} and scheduled_at < ${end}))
        )
        -- Written in the window (the thread index: company, customer, created_at), minus those due after the day...
        select ${FOLD_COLUMNS} from messages m
        where m.company_id = ${companyId} and m.customer_id in (select customer_id from active)
          and m.created_at >= ${historyStart} and m.created_at < ${end} and (m.scheduled_at is null or m.scheduled_at < ${end})
        union all
        -- ...plus those written before the window and due inside it.
        select ${FOLD_COLUMNS} from messages m
        where m.company_id = ${companyId} and m.customer_id in (select customer_id from active)
          and m.scheduled_at >= ${historyStart} and m.scheduled_at < ${end} and m.created_at < ${historyStart}`,
  );
  return rows.map((r) => ({ ...r, at: Number(r.at) }) as unknown as TFoldMessage);
}

export async function listOptOuts(tx: TTx, opts: { companyId: number; start: Date; end: Date }): Promise<{ channel: string | null }[]> {
  const rows = await rowsOf(
    tx,
    sql`select channel from consent_events
        where company_id = ${opts.companyId} and kind = 'opt_out' and created_at >= ${opts.start} and created_at < ${opts.end}`,
  );
  return rows.map((r) => ({ channel: (r.channel as string | null) ?? null }));
}

/** Replaces a day's rollup rows and marks it computed at `computedAt` (three statements whatever the row count). */
export async function replaceDay(
  tx: TTx,
  opts: { companyId: number; day: string; rows: TRollupRow[]; computedAt: Date; messages: number; optOuts: number },
): Promise<void> {
  const { companyId, day } = opts;
  const cols = sql.raw(COUNTER_COLUMNS.join(', '));
  const typed = sql.raw(COUNTER_COLUMNS.map((c) => `${c} ${c.endsWith('_ms') ? 'bigint' : 'integer'}`).join(', '));
  const payload = JSON.stringify(opts.rows);
  // Two statements: a delete in a CTE does not free the keys for the insert of the same statement.
  await tx.execute(sql`delete from analytics_daily where company_id = ${companyId} and day = ${day}::date`);
  if (!opts.rows.length) return markDay(tx, opts);
  await tx.execute(sql`insert into analytics_daily (company_id, day, channel, user_id, ${cols})
    select ${companyId}, ${day}::date, x."channel", x."userId", ${cols}
    from jsonb_to_recordset(${payload}::jsonb) as x("channel" text, "userId" bigint, ${typed})`);
  await markDay(tx, opts);
}

/** Marks a day computed at `computedAt` with the input counts its fold saw (also closes an unchanged day). */
export async function markDay(tx: TTx, opts: { companyId: number; day: string; computedAt: Date; messages: number; optOuts: number }): Promise<void> {
  await tx.execute(sql`insert into analytics_days (company_id, day, computed_at, messages, opt_outs)
    values (${opts.companyId}, ${opts.day}::date, ${opts.computedAt}, ${opts.messages}, ${opts.optOuts})
    on conflict (company_id, day) do update set computed_at = excluded.computed_at, messages = excluded.messages, opt_outs = excluded.opt_outs`);
}

export async function deleteAllRollups(tx: TTx, companyId: number): Promise<void> {
  await tx.execute(sql`delete from analytics_daily where company_id = ${companyId}`);
  await tx.execute(sql`delete from analytics_days where company_id = ${companyId}`);
}

/** The first and last instants with a message (either clock), to bound a rebuild. */
export async function messageSpan(tx: TTx, companyId: number): Promise<{ first: Date; last: Date } | null> {
  const [r] = await rowsOf(
    tx,
    sql`select least((select min(created_at) from messages where company_id = ${companyId}), (select min(scheduled_at) from messages where company_id = ${companyId} and scheduled_at is not null)) as first,
               greatest((select max(created_at) from messages where company_id = ${companyId}), (select max(scheduled_at) from messages where company_id = ${companyId} and scheduled_at is not null)) as last`,
  );
  if (!r?.first) return null;
  return { first: new Date(r.first as string), last: new Date(r.last as string) };
}

export interface TAggregateRow extends TCounters {
  /** Set on per-day rows, null on per-channel-and-agent rows. */
  day: string | null;
  channel: string | null;
  userId: number | null;
}

const sums = sql.raw(COUNTER_COLUMNS.map((c) => `sum(${c})::${c.endsWith('_ms') ? 'float8' : 'int'} as ${c}`).join(', '));

/**
 * One statement over the rollups of a range: sums per (channel, agent) and per day. Agent-attributed figures follow
 * the agent filter; figures of no agent (user 0) stay, so inbound and automated counts are the company's.
 */
export async function aggregateRollups(
  tx: TTx,
  opts: { companyId: number; from: string; to: string; userIds: number[]; channels: string[] },
): Promise<TAggregateRow[]> {
  const channelCond = opts.channels.length
    ? sql`and channel in (${sql.join(
        opts.channels.map((c) => sql`${c}`),
        sql`, `,
      )})`
    : sql``;
  const userCond = opts.userIds.length
    ? sql`and (user_id = 0 or user_id in (${sql.join(
        opts.userIds.map((u) => sql`${u}`),
        sql`, `,
      )}))`
    : sql``;
  const rows = await rowsOf(
    tx,
    sql`select case when grouping(day) = 0 then to_char(day, 'YYYY-MM-DD') end as day,
               case when grouping(channel) = 0 then channel end as channel,
               case when grouping(user_id) = 0 then user_id::int end as "userId",
               ${sums}
        from analytics_daily
        where company_id = ${opts.companyId} and day between ${opts.from}::date and ${opts.to}::date ${channelCond} ${userCond}
        group by grouping sets ((channel, user_id), (day))`,
  );
  return rows.map((r) => {
    const out = {
      day: (r.day as string | null) ?? null,
      channel: (r.channel as string | null) ?? null,
      userId: r.userId === null ? null : Number(r.userId),
    } as TAggregateRow;
    for (const c of COUNTER_COLUMNS) out[c] = Number(r[c] ?? 0);
    return out;
  });
}

export async function listUserNames(tx: TTx, opts: { companyId: number; ids: number[] }): Promise<Map<number, string>> {
  if (!opts.ids.length) return new Map();
  const rows = await rowsOf(
    tx,
    sql`select id::int as id, trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) as name from users
        where company_id = ${opts.companyId} and id in (${sql.join(
          opts.ids.map((u) => sql`${u}`),
          sql`, `,
        )})`,
  );
  return new Map(rows.map((r) => [Number(r.id), String(r.name)]));
}

/** Companies with a message since `since` (the closing job's work list); system scope. */
export async function listActiveCompanies(tx: TTx, since: Date): Promise<{ id: number; timezone: string }[]> {
  const rows = await rowsOf(
    tx,
    sql`select c.id::int as id, c.timezone from companies c
        where exists (select 1 from messages m where m.company_id = c.id and m.created_at >= ${since})
           or exists (select 1 from messages m where m.company_id = c.id and m.scheduled_at >= ${since} and m.scheduled_at is not null)`,
  );
  return rows.map((r) => ({ id: Number(r.id), timezone: String(r.timezone) }));
}

/** Companies with messages and no computed day at all (just upgraded, or restored): the job builds their history. */
export async function listCompaniesWithoutRollups(tx: TTx): Promise<number[]> {
  const rows = await rowsOf(
    tx,
    sql`select c.id::int as id from companies c
        where not exists (select 1 from analytics_days d where d.company_id = c.id)
          and exists (select 1 from messages m where m.company_id = c.id)`,
  );
  return rows.map((r) => Number(r.id));
}
