import { sql, type SQL } from 'drizzle-orm';
import type { TTx } from '../../db/client';

/** Newest first; at equal times messages, then notes, then customers; then id. */
export const KIND_RANK = { message: 3, note: 2, customer: 1 } as const;
export type TSearchRowKind = keyof typeof KIND_RANK;

export interface TSearchCursor {
  /** Microsecond-exact UTC time as PostgreSQL printed it. */
  at: string;
  rank: number;
  id: number;
}

export interface TSearchFilter {
  companyId: number;
  /** Agents see only the customers they own (the inbox's rule); null for company admins. */
  ownerId: number | null;
  kinds: readonly TSearchRowKind[];
  /** A to_tsquery('simple', …) text built from letters and digits only, or null when the search has no words. */
  tsquery: string | null;
  /** Digits of a phone-like search, or null. */
  phoneDigits: string | null;
  channel?: string;
  userId?: number;
  from?: Date;
  to?: Date;
  cursor?: TSearchCursor;
  limit: number;
  /** Messages walked newest first before falling back to the GIN index (RECENT_WINDOW; smaller in tests). */
  recentWindow?: number;
}

export interface TSearchRow {
  kind: TSearchRowKind;
  rank: number;
  id: number;
  atKey: string;
  createdAt: Date;
  text: string | null;
  channel: string | null;
  direction: 'INBOUND' | 'OUTBOUND' | null;
  customerId: number;
  firstName: string;
  lastName: string;
  phone: string;
  email: string | null;
  userId: number | null;
  userFirstName: string | null;
  userLastName: string | null;
  userEmail: string | null;
}

/**
 * The exact expressions of the indexes (migrations 0043 and 0052): the planner uses an index only for the same
 * expression, and under row-level security only when every function in it is leakproof (no COALESCE: 0052).
 */
const messageTsv = sql`to_tsvector('simple'::regconfig, m.content)`;
const notesTsv = sql`to_tsvector('simple'::regconfig, c.notes)`;
/** Name and e-mail words; customers without an e-mail have their own partial index, so each arm names its case. */
function customerWordsMatch(tsquery: string): SQL {
  const q = sql`to_tsquery('simple'::regconfig, ${tsquery})`;
  return sql`((c.email is not null and to_tsvector('simple'::regconfig, c.first_name || ' ' || c.last_name || ' ' || translate(c.email, '@._+-', '     ')) @@ ${q})
      or (c.email is null and to_tsvector('simple'::regconfig, c.first_name || ' ' || c.last_name) @@ ${q}))`;
}
const phoneDigits = sql`regexp_replace(c.phone, '[^0-9]', '', 'g')`;

/**
 * Customers and notes are ordered by an expression the time index cannot give: PostgreSQL estimates prefix tsqueries
 * (`word:*`) at a fixed share of the rows, so with plain `created_at` it walks every customer of the company backwards
 * looking for a match that is not there (measured 3.6 s for 100,000 customers). Forced onto the GIN indexes, the
 * matches are fetched and the few of them sorted.
 */
const UNORDERED_TIME = sql`(c.created_at + interval '0 seconds')`;
/**
 * The same for the messages' GIN fallback, in its order and in its range and cursor conditions too: with the plain
 * column PostgreSQL ANDs the GIN bitmap with a time-index bitmap of the whole range (300,000 entries for 7 days,
 * 386 ms measured) before reading the one matching row.
 */
const UNORDERED_MESSAGE_TIME = sql`(m.created_at + interval '0 seconds')`;

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** Rows after the cursor in (time, kind rank, id) descending order, written so each branch keeps its index range. */
function afterCursor(at: SQL, id: SQL, rank: number, cursor: TSearchCursor | undefined): SQL {
  if (!cursor) return sql`true`;
  const cat = sql`${cursor.at}::timestamptz`;
  if (rank < cursor.rank) return sql`${at} <= ${cat}`;
  if (rank > cursor.rank) return sql`${at} < ${cat}`;
  return sql`(${at}, ${id}) < (${cat}, ${cursor.id}::bigint)`;
}

function timeRange(at: SQL, f: TSearchFilter): SQL {
  return sql.join(
    [f.from ? sql`${at} >= ${f.from.toISOString()}::timestamptz` : sql`true`, f.to ? sql`${at} < ${f.to.toISOString()}::timestamptz` : sql`true`],
    sql` and `,
  );
}

/**
 * How many of the newest messages (in the range, after the cursor) are tested before the message branch gives up on the
 * walk and takes the matches from the GIN index instead. Bounds both ways: the walk reads at most this many rows, and
 * the GIN fallback only runs for terms matching fewer than about page / window of the messages (≤ 1 % at 20 / 2,000),
 * so the matches it fetches and sorts stay few. Measured in docs/performance.md, section Search.
 */
export const RECENT_WINDOW = 2000;

/**
 * Messages: one statement, two plans, chosen from the data rather than from PostgreSQL's estimate (a prefix tsquery is
 * guessed at a fixed share of the rows, so a rare word walked all 2M messages). `recent` walks the time index through
 * the newest RECENT_WINDOW messages and keeps the page's matches; when that fills the page it is the answer (the page's
 * rows are the newest matches of a prefix of the time order). Otherwise `matched` (gated by a one-time filter, so not
 * run at all for a common word) fetches every match through the GIN index — its order is an expression the time index
 * cannot give, which rules the walk out — and sorts the few.
 */
function messageBranch(f: TSearchFilter): SQL | null {
  if (!f.kinds.includes('message') || !f.tsquery) return null;
  const window = f.recentWindow ?? RECENT_WINDOW;
  const columns = sql`'message'::text as kind, ${KIND_RANK.message}::int as rank, m.id, m.created_at as at, m.content as text,
      m.channel, m.direction, m.customer_id, m.user_id`;
  const inRange = (at: SQL) => sql`m.company_id = ${f.companyId}
      and ${timeRange(at, f)}
      and ${afterCursor(at, sql`m.id`, KIND_RANK.message, f.cursor)}`;
  const matches = sql`${messageTsv} @@ to_tsquery('simple'::regconfig, ${f.tsquery})
      ${f.channel ? sql`and m.channel = ${f.channel}` : sql``}
      ${f.userId !== undefined ? sql`and m.user_id = ${f.userId}` : sql``}
      ${
        f.ownerId !== null
          ? sql`and exists (select 1 from customers c where c.company_id = m.company_id and c.id = m.customer_id and c.user_id = ${f.ownerId})`
          : sql``
      }`;
  return sql`(with recent as materialized (
      select ${columns}
      from (select m.* from messages m where ${inRange(sql`m.created_at`)} order by m.created_at desc, m.id desc limit ${window}) m
      where ${matches}
      order by m.created_at desc, m.id desc
      limit ${f.limit}
    ), matched as materialized (
      select ${columns}
      from messages m
      where ${inRange(UNORDERED_MESSAGE_TIME)} and ${matches}
      order by ${UNORDERED_MESSAGE_TIME} desc, m.id desc
      limit ${f.limit}
    )
    select * from recent where (select count(*) from recent) >= ${f.limit}
    union all
    select * from matched where (select count(*) from recent) < ${f.limit})`;
}

function customerConditions(f: TSearchFilter): SQL {
  return sql`c.company_id = ${f.companyId}
      ${f.ownerId !== null ? sql`and c.user_id = ${f.ownerId}` : sql``}
      ${f.userId !== undefined ? sql`and c.user_id = ${f.userId}` : sql``}
      and ${timeRange(sql`c.created_at`, f)}`;
}

function noteBranch(f: TSearchFilter): SQL | null {
  // Notes and customers have no channel: a channel filter asks for messages only.
  if (!f.kinds.includes('note') || !f.tsquery || f.channel) return null;
  return sql`(select 'note'::text as kind, ${KIND_RANK.note}::int as rank, c.id, c.created_at as at, c.notes as text,
      null::text as channel, null::text as direction, c.id as customer_id, c.user_id
    from customers c
    where ${customerConditions(f)}
      and ${notesTsv} @@ to_tsquery('simple'::regconfig, ${f.tsquery})
      and ${afterCursor(sql`c.created_at`, sql`c.id`, KIND_RANK.note, f.cursor)}
    order by ${UNORDERED_TIME} desc, c.id desc
    limit ${f.limit})`;
}

function customerBranch(f: TSearchFilter): SQL | null {
  if (!f.kinds.includes('customer') || f.channel || (!f.tsquery && !f.phoneDigits)) return null;
  const matches = [
    f.tsquery ? customerWordsMatch(f.tsquery) : null,
    f.phoneDigits ? sql`${phoneDigits} like ${`%${escapeLike(f.phoneDigits)}%`}` : null,
  ].filter((m): m is SQL => m !== null);
  return sql`(select 'customer'::text as kind, ${KIND_RANK.customer}::int as rank, c.id, c.created_at as at, null::text as text,
      null::text as channel, null::text as direction, c.id as customer_id, c.user_id
    from customers c
    where ${customerConditions(f)}
      and (${sql.join(matches, sql` or `)})
      and ${afterCursor(sql`c.created_at`, sql`c.id`, KIND_RANK.customer, f.cursor)}
    order by ${UNORDERED_TIME} desc, c.id desc
    limit ${f.limit})`;
}

/** Sent before the page's statement, in its transaction (set_config(…, true) lasts until its end). */
export const SEARCH_SETTINGS = sql`select set_config('max_parallel_workers_per_gather', '0', true), set_config('jit', 'off', true)`;

/**
 * One page of hits in one statement (after SEARCH_SETTINGS): each kind is its own newest-first branch (so each can use its own index and stop
 * after a page), merged and cut to the page, with the customer and the user joined. Tenant scoped by company_id here
 * and by row-level security around it.
 */
export async function searchHits(tx: TTx, f: TSearchFilter): Promise<TSearchRow[]> {
  const statement = searchStatement(f);
  if (!statement) return [];
  // Every plan here reads few rows; a parallel worker costs more to start than the whole page (150 ms measured on the
  // loaded bench), and the prefix guesses inflate costs past the JIT threshold (330 ms of compiling for a 13 ms walk).
  await tx.execute(SEARCH_SETTINGS);
  const res = await tx.execute(statement);
  return (res.rows as Record<string, unknown>[]).map(toRow);
}

/** The one statement of a page (null when no branch can match); the benchmark EXPLAINs it. */
export function searchStatement(f: TSearchFilter): SQL | null {
  const branches = [messageBranch(f), noteBranch(f), customerBranch(f)].filter((b): b is SQL => b !== null);
  if (branches.length === 0) return null;
  return sql`
    select h.kind, h.rank, h.id::int as id,
      to_char(h.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at_key, h.at as created_at,
      h.text, h.channel, h.direction, h.customer_id::int as customer_id,
      c.first_name, c.last_name, c.phone, c.email,
      h.user_id::int as user_id, u.first_name as user_first_name, u.last_name as user_last_name, u.email as user_email
    from (${sql.join(branches, sql` union all `)}) h
    join customers c on c.company_id = ${f.companyId} and c.id = h.customer_id
    left join users u on u.company_id = ${f.companyId} and u.id = h.user_id
    order by h.at desc, h.rank desc, h.id desc
    limit ${f.limit}`;
}

function toRow(r: Record<string, unknown>): TSearchRow {
  return {
    kind: r.kind as TSearchRowKind,
    rank: Number(r.rank),
    id: Number(r.id),
    atKey: String(r.at_key),
    createdAt: r.created_at instanceof Date ? r.created_at : new Date(String(r.created_at)),
    text: (r.text as string | null) ?? null,
    channel: (r.channel as string | null) ?? null,
    direction: (r.direction as 'INBOUND' | 'OUTBOUND' | null) ?? null,
    customerId: Number(r.customer_id),
    firstName: String(r.first_name ?? ''),
    lastName: String(r.last_name ?? ''),
    phone: String(r.phone ?? ''),
    email: (r.email as string | null) ?? null,
    userId: r.user_id === null || r.user_id === undefined ? null : Number(r.user_id),
    userFirstName: (r.user_first_name as string | null) ?? null,
    userLastName: (r.user_last_name as string | null) ?? null,
    userEmail: (r.user_email as string | null) ?? null,
  };
}
