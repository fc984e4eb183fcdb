import { sql, type SQL } from 'drizzle-orm';
import { TOTAL_COUNT_CAP } from '../../db/capped-count';
import type { TTx } from '../../db/client';
import type { TListTotal } from '../../lib/hydra';
import type { TReminderPageAsk, TReminderRow } from './reminders.schema';

/** Every SQL statement of reminders. A list is one statement for its page plus one capped count on page one. */

type TRaw = Record<string, unknown>;
const rowsOf = async (tx: TTx, query: SQL): Promise<TRaw[]> => (await tx.execute(query)).rows as TRaw[];
const num = (v: unknown) => Number(v);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const dateOf = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
const dateOrNull = (v: unknown) => (v === null || v === undefined ? null : dateOf(v));
const textOrNull = (v: unknown) => (v === null || v === undefined ? null : String(v));

const columns = sql`r.company_id, r.id, r.user_id, r.customer_id, r.text, r.due_at, r.done_at, r.created_at,
  c.first_name as customer_first_name, c.last_name as customer_last_name`;
const from = sql`from reminders r left join customers c on c.company_id = r.company_id and c.id = r.customer_id`;

function reminderOf(r: TRaw): TReminderRow {
  return {
    companyId: num(r.company_id),
    id: num(r.id),
    userId: num(r.user_id),
    customerId: numOrNull(r.customer_id),
    customerFirstName: textOrNull(r.customer_first_name),
    customerLastName: textOrNull(r.customer_last_name),
    text: String(r.text),
    dueAt: dateOf(r.due_at),
    doneAt: dateOrNull(r.done_at),
    createdAt: dateOf(r.created_at),
  };
}

export interface TReminderFilter {
  companyId: number;
  userId: number;
  done?: boolean;
  customerId?: number;
}

function filterOf(f: TReminderFilter): SQL {
  const done = f.done === undefined ? sql`` : f.done ? sql` and r.done_at is not null` : sql` and r.done_at is null`;
  const customer = f.customerId === undefined ? sql`` : sql` and r.customer_id = ${f.customerId}`;
  return sql`where r.company_id = ${f.companyId} and r.user_id = ${f.userId}${done}${customer}`;
}

/** Soonest due first; the keyset is a row comparison so it bounds the index scan (company, user, due, id). */
export async function listReminders(tx: TTx, opts: TReminderFilter & { ask: TReminderPageAsk }): Promise<TReminderRow[]> {
  const { ask } = opts;
  const keyset = ask.after
    ? ask.idGt !== undefined
      ? sql` and (r.due_at, r.id) > (${ask.after.toISOString()}::timestamptz, ${ask.idGt})`
      : sql` and r.due_at > ${ask.after.toISOString()}::timestamptz`
    : sql``;
  const rows = await rowsOf(tx, sql`select ${columns} ${from} ${filterOf(opts)}${keyset} order by r.due_at, r.id limit ${ask.limit}`);
  return rows.map(reminderOf);
}

export async function countReminders(tx: TTx, opts: TReminderFilter): Promise<TListTotal> {
  const res = await rowsOf(tx, sql`select count(*)::int as n from (select 1 from reminders r ${filterOf(opts)} limit ${TOTAL_COUNT_CAP + 1}) capped`);
  const n = num(res[0]?.n ?? 0);
  return n <= TOTAL_COUNT_CAP ? { exact: n } : { atLeast: TOTAL_COUNT_CAP };
}

/** One reminder of its author; another user's (even in the same company) reads as missing. */
export async function findReminder(tx: TTx, opts: { companyId: number; userId: number; id: number }): Promise<TReminderRow | null> {
  const rows = await rowsOf(tx, sql`select ${columns} ${from} where r.company_id = ${opts.companyId} and r.user_id = ${opts.userId} and r.id = ${opts.id}`);
  return rows[0] ? reminderOf(rows[0]) : null;
}

export async function insertReminder(
  tx: TTx,
  opts: { companyId: number; userId: number; customerId: number | null; text: string; dueAt: Date },
): Promise<number> {
  const rows = await rowsOf(
    tx,
    sql`insert into reminders (company_id, user_id, customer_id, text, due_at)
        values (${opts.companyId}, ${opts.userId}, ${opts.customerId}, ${opts.text}, ${opts.dueAt.toISOString()}::timestamptz) returning id`,
  );
  return num(rows[0]!.id);
}

/** `done` true keeps an earlier done time (marking done twice does not move it); false clears it. */
export async function updateReminder(
  tx: TTx,
  opts: { companyId: number; userId: number; id: number; text?: string; dueAt?: Date; done?: boolean },
): Promise<boolean> {
  const sets: SQL[] = [sql`updated_at = now()`];
  if (opts.text !== undefined) sets.push(sql`text = ${opts.text}`);
  if (opts.dueAt !== undefined) sets.push(sql`due_at = ${opts.dueAt.toISOString()}::timestamptz`);
  if (opts.done !== undefined) sets.push(opts.done ? sql`done_at = coalesce(done_at, now())` : sql`done_at = null`);
  const rows = await rowsOf(
    tx,
    sql`update reminders set ${sql.join(sets, sql`, `)} where company_id = ${opts.companyId} and user_id = ${opts.userId} and id = ${opts.id} returning id`,
  );
  return rows.length > 0;
}

export async function deleteReminder(tx: TTx, opts: { companyId: number; userId: number; id: number }): Promise<boolean> {
  const rows = await rowsOf(tx, sql`delete from reminders where company_id = ${opts.companyId} and user_id = ${opts.userId} and id = ${opts.id} returning id`);
  return rows.length > 0;
}
