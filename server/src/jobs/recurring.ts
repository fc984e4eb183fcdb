import { Cron } from 'croner';
import { and, eq, sql } from 'drizzle-orm';
import { runInScope, type TDatabase, type TTx } from '../db/client';
import { completeJob, enqueueJob, type TJobHandler } from './outbox';
import { outboxJobs } from './outbox.schema';
import { claimRun, finishRun, hasRunningRun, insertManualRun, isJobEnabled, recordSkippedSlot, startSlotRun } from './cron-runs';
import type { TCronJobRunRow } from './cron-runs.schema';

/**
 * Recurring work (ARCHITECTURE §6, docs/scheduled-jobs.md): each definition is one outbox job that, when it runs,
 * plans its next slot in the same transaction that completes it. So a restart loses no slot, and across processes a
 * slot runs once (the outbox lease, and one run row per slot). Every run is recorded in cron_job_runs. This list is
 * the one registry the scheduled-jobs screen reads.
 */
export interface TRecurringJob {
  /** Stable name; the job kind is `recurring:<name>`. */
  name: string;
  /** A croner pattern (`0 * * * *` hourly), read in `timeZone`. Per-company local times are the job's own business. */
  cron: string;
  /** IANA zone the pattern is read in (default UTC); croner plans across daylight-saving changes. */
  timeZone?: string;
  /**
   * A slot missed while every process was down (found at start): run it once (`catch_up`, for work whose result is
   * needed whatever the hour: rollups, purges, reconciliations) or only record it skipped and wait for the next slot
   * (`skip`, for work that is wrong when late: texts to customers at a chosen hour). Default catch_up.
   */
  missedSlots?: 'catch_up' | 'skip';
  description: string;
  /** The work of one slot. An error is recorded on the run and the next slot is planned all the same. */
  run: (opts: { slot: Date }) => Promise<void>;
}

export const recurringKindOf = (name: string) => `recurring:${name}`;
/** "Run now" jobs have their own kind, so they are never mistaken for the waiting slot of the definition. */
export const manualRunKindOf = (name: string) => `recurring-now:${name}`;

export const DEFAULT_TIME_ZONE = 'UTC';
export const zoneOf = (job: Pick<TRecurringJob, 'timeZone'>) => job.timeZone ?? DEFAULT_TIME_ZONE;
export const missedSlotsOf = (job: Pick<TRecurringJob, 'missedSlots'>) => job.missedSlots ?? 'catch_up';

export function nextSlotOf(opts: { cron: string; after: Date; timeZone?: string }): Date {
  const next = new Cron(opts.cron, { paused: true, timezone: opts.timeZone ?? DEFAULT_TIME_ZONE }).nextRun(opts.after);
  if (!next) throw new Error(`cron pattern ${opts.cron} has no next run`);
  return next;
}

const nextSlotOfJob = (job: TRecurringJob, after: Date) => nextSlotOf({ cron: job.cron, after, timeZone: zoneOf(job) });

/** Told of every run as it starts and ends (the scheduled-jobs module publishes live events from it). */
export type TRunListener = (run: TCronJobRunRow) => void | Promise<void>;

const SYSTEM = { companyId: null, system: true } as const;

async function planSlot(tx: TTx, job: TRecurringJob, slot: Date): Promise<void> {
  await enqueueJob(tx, { companyId: null, kind: recurringKindOf(job.name), payload: { slot: slot.toISOString() }, runAt: slot });
}

const lockJob = (tx: TTx, name: string) => tx.execute(sql`select pg_advisory_xact_lock(727275, hashtext(${name}))`);

/**
 * Makes sure each definition has its next slot waiting (called at start). Serialised by an advisory lock so two
 * processes starting together plan one slot, not two. A waiting slot older than one period means every process was
 * down through at least one more slot: `catch_up` runs it once now (trigger catch_up), `skip` records it skipped and
 * plans the next future slot.
 */
export async function ensureRecurringJobs(opts: { db: TDatabase; jobs: readonly TRecurringJob[]; now?: Date; onRun?: TRunListener }): Promise<void> {
  const now = opts.now ?? new Date();
  for (const job of opts.jobs) {
    const skipped = await runInScope(opts.db, SYSTEM, async (tx) => {
      await lockJob(tx, job.name);
      const [waiting] = await tx
        .select({ id: outboxJobs.id, runAt: outboxJobs.runAt, lockedUntil: outboxJobs.lockedUntil })
        .from(outboxJobs)
        .where(and(eq(outboxJobs.kind, recurringKindOf(job.name)), sql`${outboxJobs.doneAt} is null`))
        .limit(1);
      if (!waiting) {
        await planSlot(tx, job, nextSlotOfJob(job, now));
        return null;
      }
      const missedMore = nextSlotOfJob(job, waiting.runAt).getTime() <= now.getTime();
      // A slot some worker holds right now is being run: leave it be.
      if (!missedMore || (waiting.lockedUntil && waiting.lockedUntil.getTime() > now.getTime())) return null;
      if (missedSlotsOf(job) === 'catch_up') {
        await tx
          .update(outboxJobs)
          .set({ payload: { slot: waiting.runAt.toISOString(), trigger: 'catch_up' } })
          .where(eq(outboxJobs.id, waiting.id));
        return null;
      }
      const run = await recordSkippedSlot(tx, { job: job.name, slot: waiting.runAt, trigger: 'schedule', reason: 'Missed while no process was running.' });
      await completeJob(tx, waiting.id);
      await planSlot(tx, job, nextSlotOfJob(job, now));
      return run;
    });
    if (skipped) await opts.onRun?.(skipped);
  }
}

export type TManualRunResult = { ok: true; run: TCronJobRunRow } | { ok: false; reason: 'running' | 'disabled' };

/**
 * "Run now": a one-off outbox job with its `running` row, unless the job is disabled or a run of it is going on. The
 * advisory lock makes two requests at once take turns, so the second sees the first one's run and is refused.
 */
export async function startManualRun(opts: { db: TDatabase; job: TRecurringJob; userId: number | null }): Promise<TManualRunResult> {
  return runInScope(opts.db, SYSTEM, async (tx): Promise<TManualRunResult> => {
    await tx.execute(sql`select pg_advisory_xact_lock(727276, hashtext(${opts.job.name}))`);
    if (!(await isJobEnabled(tx, opts.job.name))) return { ok: false, reason: 'disabled' };
    if (await hasRunningRun(tx, opts.job.name)) return { ok: false, reason: 'running' };
    const run = await insertManualRun(tx, { job: opts.job.name, userId: opts.userId });
    await enqueueJob(tx, { companyId: null, kind: manualRunKindOf(opts.job.name), payload: { runId: run.id } });
    return { ok: true, run };
  });
}

/**
 * Runs a job here and now, outside the outbox, recorded like any run (manual, no user). For callers that already own
 * the moment, like the demo seed right after it wrote its data; the screen's "run now" goes through startManualRun.
 */
export async function runJobInline(opts: { db: TDatabase; job: TRecurringJob; log?: TLog }): Promise<TCronJobRunRow | undefined> {
  const run = await runInScope(opts.db, SYSTEM, (tx) => insertManualRun(tx, { job: opts.job.name, userId: null }));
  const error = await attempt(opts.job, new Date(), opts.log);
  return runInScope(opts.db, SYSTEM, (tx) => finishRun(tx, { id: run.id, error }));
}

/** Runs the work, returning what it threw (null when it succeeded). */
async function attempt(def: TRecurringJob, slot: Date, log: TLog | undefined): Promise<unknown> {
  try {
    await def.run({ slot });
    return null;
  } catch (err) {
    log?.error({ err, recurring: def.name }, 'recurring job failed');
    return err ?? new Error('failed');
  }
}

type TLog = { error: (o: unknown, msg: string) => void };

/**
 * Outbox handlers for the definitions: record the run, do the work, then record its end, complete the job and plan
 * the next slot together. A disabled job's slot is recorded skipped and the next one planned.
 */
export function createRecurringJobHandlers(opts: {
  db: TDatabase;
  jobs: readonly TRecurringJob[];
  log?: TLog;
  onRun?: TRunListener;
}): Record<string, TJobHandler> {
  const notify = async (run: TCronJobRunRow | undefined) => {
    if (!run || !opts.onRun) return;
    try {
      await opts.onRun(run);
    } catch (err) {
      opts.log?.error({ err }, 'recurring run listener failed');
    }
  };
  const slotHandler =
    (def: TRecurringJob): TJobHandler =>
    async ({ job }) => {
      const slot = new Date(String(job.payload.slot));
      const trigger = job.payload.trigger === 'catch_up' ? 'catch_up' : 'schedule';
      // Never a slot in the past: after a long outage the missed slots collapse into the next one.
      const planNext = (tx: TTx) => planSlot(tx, def, nextSlotOfJob(def, new Date(Math.max(Date.now(), slot.getTime()))));
      const started = await runInScope(opts.db, SYSTEM, async (tx) => {
        if (await isJobEnabled(tx, def.name)) return { run: await startSlotRun(tx, { job: def.name, slot, trigger }), skipped: false };
        const run = await recordSkippedSlot(tx, { job: def.name, slot, trigger, reason: 'The job is disabled.' });
        await completeJob(tx, job.id);
        await planNext(tx);
        return { run, skipped: true };
      });
      await notify(started.run);
      if (started.skipped) return 'rescheduled';
      const error = await attempt(def, slot, opts.log);
      const finished = await runInScope(opts.db, SYSTEM, async (tx) => {
        const run = await finishRun(tx, { id: started.run.id, error });
        await completeJob(tx, job.id);
        await planNext(tx);
        return run;
      });
      await notify(finished);
      // Completed above together with the next slot; this tells the worker not to complete it a second time.
      return 'rescheduled';
    };
  const manualHandler =
    (def: TRecurringJob): TJobHandler =>
    async ({ job }) => {
      const runId = Number(job.payload.runId);
      await runInScope(opts.db, SYSTEM, (tx) => claimRun(tx, runId));
      const error = await attempt(def, new Date(), opts.log);
      const finished = await runInScope(opts.db, SYSTEM, async (tx) => {
        const run = await finishRun(tx, { id: runId, error });
        await completeJob(tx, job.id);
        return run;
      });
      await notify(finished);
      return 'rescheduled';
    };
  return Object.fromEntries(
    opts.jobs.flatMap((def) => [
      [recurringKindOf(def.name), slotHandler(def)],
      [manualRunKindOf(def.name), manualHandler(def)],
    ]),
  );
}
