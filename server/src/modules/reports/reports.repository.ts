import { sql, type SQL } from 'drizzle-orm';
import type { TUsageMetrics } from '@cd/contracts/analytics';
import type { TReportPeriodName } from '@cd/contracts/report-periods';
import type { TReportKind, TReportSchedule, TReportStatus, TReportType } from '@cd/contracts/reports';
import { TOTAL_COUNT_CAP } from '../../db/capped-count';
import type { TTx } from '../../db/client';
import type { TListTotal } from '../../lib/hydra';
import type { TPageAsk, TReportRow } from './reports.schema';

/** Every SQL statement of reports (migration 0034). Ids and counts are cast to int/text so PGlite and PG agree. */

type TRaw = Record<string, unknown>;
const rowsOf = async (tx: TTx, query: SQL): Promise<TRaw[]> => (await tx.execute(query)).rows as TRaw[];
const num = (v: unknown) => Number(v);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const dateOf = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
const dateOrNull = (v: unknown) => (v === null || v === undefined ? null : dateOf(v));
const jsonOf = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
const textOrNull = (v: unknown) => (v === null || v === undefined ? null : String(v));
const isoOrNull = (d: Date | null | undefined) => (d ? d.toISOString() : null);

const columns = sql`r.company_id, r.id::text as id, r.type, r.kind, r.status, r.period, r.schedule, r.recipients, r.filters,
  r.from_day::text as from_day, r.to_day::text as to_day, r.time_zone, r.parent_id::text as parent_id, r.slot, r.next_run_at,
  r.generated_at, r.attempts, r.error, r.pdf_key, r.xlsx_key, r.notify, r.created_at`;

function reportOf(r: TRaw): TReportRow {
  return {
    companyId: num(r.company_id),
    id: num(r.id),
    type: String(r.type) as TReportType,
    kind: String(r.kind) as TReportKind,
    status: String(r.status) as TReportStatus,
    period: textOrNull(r.period) as TReportPeriodName | null,
    schedule: r.schedule === null || r.schedule === undefined ? null : jsonOf<TReportSchedule>(r.schedule),
    recipients: jsonOf<string[]>(r.recipients),
    filters: jsonOf<{ userIds: number[]; channels: string[] }>(r.filters),
    fromDay: textOrNull(r.from_day),
    toDay: textOrNull(r.to_day),
    timeZone: String(r.time_zone),
    parentId: numOrNull(r.parent_id),
    slot: dateOrNull(r.slot),
    nextRunAt: dateOrNull(r.next_run_at),
    generatedAt: dateOrNull(r.generated_at),
    attempts: num(r.attempts),
    error: textOrNull(r.error),
    pdfKey: textOrNull(r.pdf_key),
    xlsxKey: textOrNull(r.xlsx_key),
    notify: Boolean(r.notify),
    createdAt: dateOf(r.created_at),
  };
}

export interface TReportFilter {
  companyId: number;
  type?: TReportType;
  parentId?: number;
}

function listFilter(opts: TReportFilter): SQL {
  const parts: SQL[] = [sql`r.company_id = ${opts.companyId}`];
  if (opts.type) parts.push(sql`r.type = ${opts.type}`);
  if (opts.parentId !== undefined) parts.push(sql`r.parent_id = ${opts.parentId}`);
  return sql`from reports r where ${sql.join(parts, sql` and `)}`;
}

export async function listReports(tx: TTx, opts: TReportFilter & { ask: TPageAsk }): Promise<TReportRow[]> {
  const { ask } = opts;
  let keyset = sql``;
  if (ask.paginated && ask.before)
    keyset =
      ask.idLt !== undefined
        ? sql` and (r.created_at, r.id) < (${ask.before.toISOString()}::timestamptz, ${ask.idLt})`
        : sql` and r.created_at < ${ask.before.toISOString()}::timestamptz`;
  const rows = await rowsOf(tx, sql`select ${columns} ${listFilter(opts)}${keyset} order by r.created_at desc, r.id desc limit ${ask.limit}`);
  return rows.map(reportOf);
}

export async function countReports(tx: TTx, opts: TReportFilter): Promise<TListTotal> {
  const res = await rowsOf(tx, sql`select count(*)::int as n from (select 1 ${listFilter(opts)} limit ${TOTAL_COUNT_CAP + 1}) capped`);
  const n = num(res[0]?.n ?? 0);
  return n <= TOTAL_COUNT_CAP ? { exact: n } : { atLeast: TOTAL_COUNT_CAP };
}

export async function findReport(tx: TTx, opts: { companyId: number; id: number; forUpdate?: boolean }): Promise<TReportRow | undefined> {
  const lock = opts.forUpdate ? sql` for update` : sql``;
  const rows = await rowsOf(tx, sql`select ${columns} from reports r where r.company_id = ${opts.companyId} and r.id = ${opts.id}${lock}`);
  return rows[0] ? reportOf(rows[0]) : undefined;
}

export async function findReportMetrics(tx: TTx, opts: { companyId: number; id: number }): Promise<TUsageMetrics | null> {
  const rows = await rowsOf(tx, sql`select metrics from reports where company_id = ${opts.companyId} and id = ${opts.id}`);
  const m = rows[0]?.metrics;
  return m === null || m === undefined ? null : jsonOf<TUsageMetrics>(m);
}

export interface TReportInsert {
  companyId: number;
  type: TReportType;
  kind: TReportKind;
  status: TReportStatus;
  period: TReportPeriodName | null;
  schedule: TReportSchedule | null;
  recipients: string[];
  filters: { userIds: number[]; channels: string[] };
  fromDay: string | null;
  toDay: string | null;
  timeZone: string;
  parentId?: number | null;
  slot?: Date | null;
  nextRunAt?: Date | null;
  notify?: boolean;
  createdById?: number | null;
  createdAt?: Date;
}

/**
 * Inserts a report; a generated child whose slot already has one inserts nothing (undefined): the unique index of
 * (company, parent, slot) is what keeps a slot to one child whatever the number of workers racing for it.
 */
export async function insertReport(tx: TTx, r: TReportInsert): Promise<number | undefined> {
  const rows = await rowsOf(
    tx,
    sql`insert into reports (company_id, type, kind, status, period, schedule, recipients, filters, from_day, to_day, time_zone,
          parent_id, slot, next_run_at, notify, created_by_id, created_at, updated_at)
        values (${r.companyId}, ${r.type}, ${r.kind}, ${r.status}, ${r.period}, ${r.schedule ? JSON.stringify(r.schedule) : null}::jsonb,
          ${JSON.stringify(r.recipients)}::jsonb, ${JSON.stringify(r.filters)}::jsonb, ${r.fromDay}::date, ${r.toDay}::date, ${r.timeZone},
          ${r.parentId ?? null}, ${isoOrNull(r.slot)}::timestamptz, ${isoOrNull(r.nextRunAt)}::timestamptz, ${r.notify ?? true},
          ${r.createdById ?? null}, coalesce(${isoOrNull(r.createdAt)}::timestamptz, now()), now())
        on conflict (company_id, parent_id, slot) where parent_id is not null do nothing
        returning id::text as id`,
  );
  return rows[0] ? num(rows[0].id) : undefined;
}

export async function deleteReport(tx: TTx, opts: { companyId: number; id: number }): Promise<void> {
  await rowsOf(tx, sql`delete from reports where company_id = ${opts.companyId} and id = ${opts.id}`);
}

/** Puts a report back to pending for a (re)generation: attempts and error start over. */
export async function resetForGeneration(tx: TTx, opts: { companyId: number; id: number }): Promise<void> {
  await rowsOf(
    tx,
    sql`update reports set status = 'pending', attempts = 0, error = null, updated_at = now() where company_id = ${opts.companyId} and id = ${opts.id}`,
  );
}

/** Claims a generation attempt: pending (or generating, left by a worker that died) → generating, attempts + 1. */
export async function startGeneration(tx: TTx, opts: { companyId: number; id: number }): Promise<boolean> {
  const rows = await rowsOf(
    tx,
    sql`update reports set status = 'generating', attempts = attempts + 1, updated_at = now()
        where company_id = ${opts.companyId} and id = ${opts.id} and status in ('pending', 'generating') returning id::text as id`,
  );
  return rows.length > 0;
}

export async function finishGeneration(
  tx: TTx,
  opts: { companyId: number; id: number; pdfKey: string; xlsxKey: string; metrics: TUsageMetrics; generatedAt: Date },
): Promise<void> {
  await rowsOf(
    tx,
    sql`update reports set status = 'ready', error = null, pdf_key = ${opts.pdfKey}, xlsx_key = ${opts.xlsxKey},
          metrics = ${JSON.stringify(opts.metrics)}::jsonb, generated_at = ${opts.generatedAt.toISOString()}::timestamptz, updated_at = now()
        where company_id = ${opts.companyId} and id = ${opts.id}`,
  );
}

/** A failed attempt: back to pending (tried again) or failed for good; the error is visible either way. */
export async function failGeneration(tx: TTx, opts: { companyId: number; id: number; error: string; final: boolean }): Promise<void> {
  await rowsOf(
    tx,
    sql`update reports set status = ${opts.final ? 'failed' : 'pending'}, error = ${opts.error.slice(0, 1000)}, updated_at = now()
        where company_id = ${opts.companyId} and id = ${opts.id}`,
  );
}

/** The parent's next slot, and the zone it was planned in (the company's, which may have changed since). */
export async function setNextRun(tx: TTx, opts: { companyId: number; id: number; nextRunAt: Date; timeZone: string }): Promise<void> {
  await rowsOf(
    tx,
    sql`update reports set next_run_at = ${opts.nextRunAt.toISOString()}::timestamptz, time_zone = ${opts.timeZone}, updated_at = now()
        where company_id = ${opts.companyId} and id = ${opts.id}`,
  );
}

/**
 * Due recurring parents of every company (the sweeper runs in the system scope), locked: a second worker sweeping at
 * the same time skips them instead of waiting, and the unique slot index stops it even if it did not.
 */
export async function lockDueParents(
  tx: TTx,
  opts: { now: Date; limit: number },
): Promise<(TReportRow & { company: { timeZone: string; country: string } })[]> {
  const rows = await rowsOf(
    tx,
    sql`select ${columns}, c.timezone as company_time_zone, c.country as company_country
        from reports r join companies c on c.id = r.company_id
        where r.type = 'recurring' and r.next_run_at <= ${opts.now.toISOString()}::timestamptz
        order by r.next_run_at, r.id limit ${opts.limit} for update of r skip locked`,
  );
  return rows.map((r) => ({ ...reportOf(r), company: { timeZone: String(r.company_time_zone), country: String(r.company_country) } }));
}

/** The company's name and zone, and its admins' names for the report's header (one statement). */
export async function findCompanyBasics(
  tx: TTx,
  companyId: number,
): Promise<{ name: string; timeZone: string; country: string; modules: Record<string, boolean> } | undefined> {
  const rows = await rowsOf(tx, sql`select name, timezone, country, modules from companies where id = ${companyId}`);
  const r = rows[0];
  return r
    ? { name: String(r.name), timeZone: String(r.timezone), country: String(r.country), modules: jsonOf<Record<string, boolean>>(r.modules) }
    : undefined;
}

/** Which of the given user ids are the company's (filters may only name the company's own agents). */
export async function existingUserIds(tx: TTx, opts: { companyId: number; ids: number[] }): Promise<number[]> {
  if (!opts.ids.length) return [];
  const rows = await rowsOf(tx, sql`select id::text as id from users where company_id = ${opts.companyId} and id = any(${sql.param(opts.ids)}::bigint[])`);
  return rows.map((r) => num(r.id));
}

/** Names of users for the filters line of a report ("Agents: Ana Kovač, …"). */
export async function userNames(tx: TTx, opts: { companyId: number; ids: number[] }): Promise<string[]> {
  if (!opts.ids.length) return [];
  const rows = await rowsOf(
    tx,
    sql`select trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) as name, email from users
        where company_id = ${opts.companyId} and id = any(${sql.param(opts.ids)}::bigint[]) order by id`,
  );
  return rows.map((r) => String(r.name) || String(r.email));
}
