import { sql, type SQL } from 'drizzle-orm';
import type { TReportSchedule } from '@cd/contracts/reports';
import type { TTx } from '../../db/client';

/**
 * Every SQL statement of the scheduled-jobs screen (system scope: super admins only). The runs of registry jobs are
 * jobs/ tables (migration 0039); a recurring report's runs are the children it generated (reports, migration 0034),
 * read here as a read-only view of that table: this module never writes reports.
 */

type TRaw = Record<string, unknown>;
const rowsOf = async (tx: TTx, query: SQL): Promise<TRaw[]> => (await tx.execute(query)).rows as TRaw[];
const dateOf = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
const dateOrNull = (v: unknown) => (v === null || v === undefined ? null : dateOf(v));
const textOrNull = (v: unknown) => (v === null || v === undefined ? null : String(v));
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export interface TRunRow {
  id: number;
  job: string;
  trigger: 'schedule' | 'manual' | 'catch_up';
  slot: Date | null;
  startedAt: Date;
  finishedAt: Date | null;
  durationMs: number | null;
  outcome: 'running' | 'succeeded' | 'failed' | 'skipped';
  error: string | null;
  triggeredBy: string | null;
}

export interface TRunPageAsk {
  limit: number;
  before?: Date;
  idLt?: number;
}

const runColumns = sql`r.id::text as id, r.job, r.trigger, r.slot, r.started_at, r.finished_at, r.duration_ms, r.outcome, r.error, u.email as triggered_by`;

function runOf(r: TRaw): TRunRow {
  return {
    id: Number(r.id),
    job: String(r.job),
    trigger: String(r.trigger) as TRunRow['trigger'],
    slot: dateOrNull(r.slot),
    startedAt: dateOf(r.started_at),
    finishedAt: dateOrNull(r.finished_at),
    durationMs: numOrNull(r.duration_ms),
    outcome: String(r.outcome) as TRunRow['outcome'],
    error: textOrNull(r.error),
    triggeredBy: textOrNull(r.triggered_by),
  };
}

const keysetOf = (ask: TRunPageAsk, started: SQL, id: SQL): SQL =>
  !ask.before
    ? sql``
    : ask.idLt !== undefined
      ? sql` and (${started}, ${id}) < (${ask.before.toISOString()}::timestamptz, ${ask.idLt})`
      : sql` and ${started} < ${ask.before.toISOString()}::timestamptz`;

/** The newest run of each named job, in one statement. */
export async function listLastRuns(tx: TTx, jobs: string[]): Promise<Map<string, TRunRow>> {
  if (!jobs.length) return new Map();
  const rows = await rowsOf(
    tx,
    sql`select ${runColumns}
        from unnest(${sql.param(jobs)}::text[]) as j(name)
        cross join lateral (select * from cron_job_runs x where x.job = j.name order by x.started_at desc, x.id desc limit 1) r
        left join users u on u.id = r.triggered_by_user_id`,
  );
  return new Map(rows.map((r) => [String(r.job), runOf(r)]));
}

export async function listJobRuns(tx: TTx, opts: { job: string; ask: TRunPageAsk }): Promise<TRunRow[]> {
  const rows = await rowsOf(
    tx,
    sql`select ${runColumns} from cron_job_runs r left join users u on u.id = r.triggered_by_user_id
        where r.job = ${opts.job}${keysetOf(opts.ask, sql`r.started_at`, sql`r.id`)}
        order by r.started_at desc, r.id desc limit ${opts.ask.limit}`,
  );
  return rows.map(runOf);
}

export async function findJobRun(tx: TTx, id: number): Promise<TRunRow | undefined> {
  const rows = await rowsOf(tx, sql`select ${runColumns} from cron_job_runs r left join users u on u.id = r.triggered_by_user_id where r.id = ${id}`);
  return rows[0] ? runOf(rows[0]) : undefined;
}

/** Settings rows of the named jobs (a job without one is enabled). */
export async function listEnabledFlags(tx: TTx, jobs: string[]): Promise<Map<string, boolean>> {
  if (!jobs.length) return new Map();
  const rows = await rowsOf(tx, sql`select job, enabled from cron_job_settings where job = any(${sql.param(jobs)}::text[])`);
  return new Map(rows.map((r) => [String(r.job), Boolean(r.enabled)]));
}

export interface TRecurringReportRow {
  id: number;
  companyId: number;
  companyName: string;
  kind: string;
  period: string | null;
  schedule: TReportSchedule;
  recipients: number;
  timeZone: string;
  nextRunAt: Date | null;
  lastRun: TRunRow | null;
}

/** A generated child as a run of its recurring report: pending/generating is running, ready succeeded. */
const childRunColumns = sql`ch.id::text as id, 'report:' || ch.parent_id::text as job,
  case when ch.created_by_id is null then 'schedule' else 'manual' end as trigger,
  case when ch.created_by_id is null then ch.slot end as slot,
  ch.created_at as started_at,
  case when ch.status in ('ready', 'failed') then coalesce(ch.generated_at, ch.updated_at) end as finished_at,
  case when ch.status in ('ready', 'failed') then greatest(0, round(extract(epoch from (coalesce(ch.generated_at, ch.updated_at) - ch.created_at)) * 1000))::int end as duration_ms,
  case ch.status when 'ready' then 'succeeded' when 'failed' then 'failed' else 'running' end as outcome,
  ch.error, cu.email as triggered_by`;

function reportOf(r: TRaw): TRecurringReportRow {
  const schedule = (typeof r.schedule === 'string' ? JSON.parse(r.schedule) : r.schedule) as TReportSchedule;
  const recipients = typeof r.recipients === 'string' ? (JSON.parse(r.recipients) as unknown[]) : (r.recipients as unknown[]);
  return {
    id: Number(r.report_id),
    companyId: Number(r.company_id),
    companyName: String(r.company_name),
    kind: String(r.kind),
    period: textOrNull(r.period),
    schedule,
    recipients: recipients.length,
    timeZone: String(r.time_zone),
    nextRunAt: dateOrNull(r.next_run_at),
    lastRun: r.id === null || r.id === undefined ? null : runOf(r),
  };
}

const reportSelect = (where: SQL) => sql`
  select p.id::text as report_id, p.company_id, c.name as company_name, p.kind, p.period, p.schedule, p.recipients, p.time_zone,
         p.next_run_at, ${childRunColumns}
  from reports p
  join companies c on c.id = p.company_id
  left join lateral (
    select * from reports x where x.company_id = p.company_id and x.parent_id = p.id order by x.created_at desc, x.id desc limit 1
  ) ch on true
  left join users cu on cu.id = ch.created_by_id
  where p.type = 'recurring' and ${where}
  order by c.name, p.id`;

/** Every company's recurring reports with their last generated run (the registry lists them all). */
export async function listRecurringReports(tx: TTx): Promise<TRecurringReportRow[]> {
  return (await rowsOf(tx, reportSelect(sql`true`))).map(reportOf);
}

export async function findRecurringReport(tx: TTx, id: number): Promise<TRecurringReportRow | undefined> {
  const rows = await rowsOf(tx, reportSelect(sql`p.id = ${id}`));
  return rows[0] ? reportOf(rows[0]) : undefined;
}

export async function listReportRuns(tx: TTx, opts: { companyId: number; reportId: number; ask: TRunPageAsk }): Promise<TRunRow[]> {
  const rows = await rowsOf(
    tx,
    sql`select ${childRunColumns} from reports ch left join users cu on cu.id = ch.created_by_id
        where ch.company_id = ${opts.companyId} and ch.parent_id = ${opts.reportId}${keysetOf(opts.ask, sql`ch.created_at`, sql`ch.id`)}
        order by ch.created_at desc, ch.id desc limit ${opts.ask.limit}`,
  );
  return rows.map(runOf);
}

/** One generated child of a recurring report as a run (undefined for a one-time report). */
export async function findReportRun(tx: TTx, opts: { companyId: number; id: number }): Promise<TRunRow | undefined> {
  const rows = await rowsOf(
    tx,
    sql`select ${childRunColumns} from reports ch left join users cu on cu.id = ch.created_by_id
        where ch.company_id = ${opts.companyId} and ch.id = ${opts.id} and ch.parent_id is not null`,
  );
  return rows[0] ? runOf(rows[0]) : undefined;
}

/** The waiting slot of each registry job (its pending outbox job `recurring:<name>`). */
export async function listNextSlots(tx: TTx, kinds: string[]): Promise<Map<string, Date>> {
  if (!kinds.length) return new Map();
  const rows = await rowsOf(
    tx,
    sql`select kind, min(run_at) as run_at from outbox_jobs where done_at is null and kind = any(${sql.param(kinds)}::text[]) group by kind`,
  );
  return new Map(rows.map((r) => [String(r.kind), dateOf(r.run_at)]));
}
