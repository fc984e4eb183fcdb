import { hostname } from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import type { TTx } from '../db/client';
import { cronJobRuns, cronJobSettings, type TCronJobRunRow } from './cron-runs.schema';

/**
 * Recording of recurring-job runs (docs/scheduled-jobs.md). Every function works in the caller's transaction (system
 * scope), so a run's row and the outbox change that goes with it commit together.
 */

/** Runs kept per job; older ones are pruned when a run finishes. */
export const CRON_RUNS_KEPT = 200;
const MAX_ERROR_CHARS = 2000;

/** Which process ran a slot (two workers on one database tell their runs apart by it). */
export const PROCESS_NAME = `${hostname()}:${process.pid}`;

export type TCronTrigger = TCronJobRunRow['trigger'];

export function errorTextOf(err: unknown): string {
  const text = err instanceof Error ? err.message || err.name : String(err);
  return text.slice(0, MAX_ERROR_CHARS);
}

/** Enabled unless a super admin switched it off (no settings row: enabled). */
export async function isJobEnabled(tx: TTx, job: string): Promise<boolean> {
  const [row] = await tx.select({ enabled: cronJobSettings.enabled }).from(cronJobSettings).where(eq(cronJobSettings.job, job));
  return row?.enabled ?? true;
}

export async function setJobEnabled(tx: TTx, opts: { job: string; enabled: boolean; userId: number | null }): Promise<void> {
  await tx
    .insert(cronJobSettings)
    .values({ job: opts.job, enabled: opts.enabled, updatedBy: opts.userId })
    .onConflictDoUpdate({ target: cronJobSettings.job, set: { enabled: opts.enabled, updatedBy: opts.userId, updatedAt: sql`now()` } });
}

/**
 * The `running` row of a slot. A slot has one row (unique index on job + slot): a slot claimed again after its worker
 * died takes over the row it left instead of adding one.
 */
export async function startSlotRun(tx: TTx, opts: { job: string; slot: Date; trigger: TCronTrigger }): Promise<TCronJobRunRow> {
  const res = await tx.execute(sql`
    insert into cron_job_runs (job, trigger, slot, outcome, process)
    values (${opts.job}, ${opts.trigger}, ${opts.slot.toISOString()}::timestamptz, 'running', ${PROCESS_NAME})
    on conflict (job, slot) where slot is not null
    do update set started_at = now(), outcome = 'running', finished_at = null, duration_ms = null, error = null, process = excluded.process
    returning id`);
  const id = Number((res.rows[0] as { id: unknown }).id);
  return (await findRun(tx, id))!;
}

/** A slot that was not run (job disabled, or missed while every process was down and the job skips those). */
export async function recordSkippedSlot(tx: TTx, opts: { job: string; slot: Date; trigger: TCronTrigger; reason: string }): Promise<TCronJobRunRow> {
  const res = await tx.execute(sql`
    insert into cron_job_runs (job, trigger, slot, outcome, finished_at, duration_ms, error, process)
    values (${opts.job}, ${opts.trigger}, ${opts.slot.toISOString()}::timestamptz, 'skipped', now(), 0, ${opts.reason}, ${PROCESS_NAME})
    on conflict (job, slot) where slot is not null do nothing
    returning id`);
  const id = res.rows[0] ? Number((res.rows[0] as { id: unknown }).id) : undefined;
  if (id !== undefined) return (await findRun(tx, id))!;
  const [existing] = await tx
    .select()
    .from(cronJobRuns)
    .where(and(eq(cronJobRuns.job, opts.job), eq(cronJobRuns.slot, opts.slot)));
  return existing!;
}

/**
 * A `running` row older than this is taken for a run whose outbox job gave up (its worker kept failing): it no longer
 * blocks "run now". Longer than any job of the registry runs.
 */
export const STALE_RUN_HOURS = 6;

/** Whether a run of the job is going on now. */
export async function hasRunningRun(tx: TTx, job: string): Promise<boolean> {
  const res = await tx.execute(
    sql`select 1 from cron_job_runs where job = ${job} and outcome = 'running' and started_at > now() - make_interval(hours => ${STALE_RUN_HOURS}) limit 1`,
  );
  return res.rows.length > 0;
}

/** A "run now" row: manual, no slot, by whom. */
export async function insertManualRun(tx: TTx, opts: { job: string; userId: number | null }): Promise<TCronJobRunRow> {
  const [row] = await tx
    .insert(cronJobRuns)
    .values({ job: opts.job, trigger: 'manual', outcome: 'running', triggeredByUserId: opts.userId, process: PROCESS_NAME })
    .returning();
  return row!;
}

/** Marks a run taken over by this process (a manual run's job may be claimed by another worker than the API's). */
export async function claimRun(tx: TTx, id: number): Promise<void> {
  await tx.execute(sql`update cron_job_runs set process = ${PROCESS_NAME}, started_at = now(), outcome = 'running' where id = ${id}`);
}

export async function finishRun(tx: TTx, opts: { id: number; error: unknown | null }): Promise<TCronJobRunRow | undefined> {
  const failed = opts.error !== null;
  const res = await tx.execute(sql`
    update cron_job_runs
    set finished_at = now(),
        duration_ms = greatest(0, round(extract(epoch from (now() - started_at)) * 1000))::int,
        outcome = ${failed ? 'failed' : 'succeeded'},
        error = ${failed ? errorTextOf(opts.error) : null}
    where id = ${opts.id}
    returning job`);
  const job = (res.rows[0] as { job?: string } | undefined)?.job;
  if (job) await pruneRuns(tx, job);
  return findRun(tx, opts.id);
}

/** Keeps the newest CRON_RUNS_KEPT runs of a job (one index-backed statement). */
export async function pruneRuns(tx: TTx, job: string): Promise<void> {
  await tx.execute(sql`
    delete from cron_job_runs
    where job = ${job} and outcome <> 'running' and (started_at, id) < (
      select started_at, id from cron_job_runs where job = ${job} order by started_at desc, id desc offset ${CRON_RUNS_KEPT - 1} limit 1)`);
}

export async function findRun(tx: TTx, id: number): Promise<TCronJobRunRow | undefined> {
  const [row] = await tx.select().from(cronJobRuns).where(eq(cronJobRuns.id, id));
  return row;
}
