import { and, eq, sql } from 'drizzle-orm';
import { runInScope, type TDatabase, type TTx } from '../db/client';
import { outboxJobs } from './outbox.schema';

export type TJob = typeof outboxJobs.$inferSelect;

/** Writes a job in the caller's transaction: it exists exactly when the change that needs it does. */
export async function enqueueJob(
  tx: TTx,
  job: { companyId: number | null; kind: string; payload: Record<string, unknown>; runAt?: Date },
): Promise<number> {
  const [id] = await enqueueJobs(tx, [job]);
  return id!;
}

/** Many jobs in one statement (same contract as enqueueJob); ids in the order given. */
export async function enqueueJobs(
  tx: TTx,
  jobs: { companyId: number | null; kind: string; payload: Record<string, unknown>; runAt?: Date }[],
): Promise<number[]> {
  if (!jobs.length) return [];
  const rows = await tx
    .insert(outboxJobs)
    .values(jobs.map((job) => ({ companyId: job.companyId, kind: job.kind, payload: job.payload, runAt: job.runAt ?? new Date() })))
    .returning({ id: outboxJobs.id });
  return rows.map((r) => r.id);
}

/** Marks a job done inside the handler's own transaction, so its effect and its completion commit together. */
export async function completeJob(tx: TTx, jobId: number): Promise<void> {
  await completeJobs(tx, [jobId]);
}

/** completeJob for many jobs in one statement. */
export async function completeJobs(tx: TTx, jobIds: number[]): Promise<void> {
  if (!jobIds.length) return;
  await tx.execute(sql`update outbox_jobs set done_at = now(), locked_until = null where id = any(${sql.param(jobIds)}::bigint[])`);
}

export async function rescheduleJob(tx: TTx, opts: { jobId: number; runAt: Date; error?: string }): Promise<void> {
  await tx
    .update(outboxJobs)
    .set({ runAt: opts.runAt, lockedUntil: null, lastError: opts.error ?? null })
    .where(and(eq(outboxJobs.id, opts.jobId), sql`${outboxJobs.doneAt} is null`));
}

/** rescheduleJob for many jobs (each its own time) in one statement. */
export async function rescheduleJobs(tx: TTx, jobs: { jobId: number; runAt: Date; error?: string }[]): Promise<void> {
  if (!jobs.length) return;
  const rows = jobs.map((j) => ({ id: j.jobId, run_at: j.runAt.toISOString(), error: j.error ?? null }));
  await tx.execute(sql`
    update outbox_jobs j set run_at = v.run_at, locked_until = null, last_error = v.error
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id bigint, run_at timestamptz, error text)
    where j.id = v.id and j.done_at is null`);
}

/** A handler that moved its job to a later time returns 'rescheduled' so the worker does not complete it. */
export type TJobHandler = (opts: { job: TJob }) => Promise<void | 'rescheduled'>;

/** How one job of a batch ended when its external call ran: its result, or what it threw. */
export type TBatchOutcome<TResult> = { ok: true; value: TResult } | { ok: false; error: unknown };

/**
 * A kind whose jobs are worked many at a time. `prepare` readies every claimed job of the kind in one go
 * (set-based statements) and settles those with nothing to do; `run` makes one job's slow external call (they
 * overlap, up to the worker's concurrency); `finish` records the results of the runs that have ended so far in one
 * transaction (group commit: results that arrive while a finish commits go into the next one).
 */
export interface TBatchJobHandler<TWork, TResult> {
  /**
   * The work of each job still to run, by job id, and the jobs that could not be prepared (tried again later);
   * every other job must be completed or rescheduled by prepare.
   */
  prepare(opts: { jobs: TJob[] }): Promise<{ ready: Map<number, TWork>; failed: { job: TJob; error: unknown }[] }>;
  run(opts: { job: TJob; work: TWork }): Promise<TResult>;
  /** Completes each job it settles, in its transaction; returns those to try again later, with their error. */
  finish(opts: { items: { job: TJob; work: TWork; outcome: TBatchOutcome<TResult> }[] }): Promise<{ job: TJob; error: unknown }[]>;
}

// The worker does not look inside work or results; each handler is typed on its own.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type TAnyBatchJobHandler = TBatchJobHandler<any, any>;

export interface TOutboxWorker {
  start(): void;
  stop(): Promise<void>;
  /** Process due jobs now (called after a commit that enqueued one). */
  wake(): void;
  /** Runs until no job is due; tests call it for determinism. Returns how many jobs ran. */
  drain(): Promise<number>;
}

/** After this many attempts a failing job gives up (handlers may finish their own bookkeeping on the last one). */
export const MAX_JOB_ATTEMPTS = 8;
/** Results recorded by one finish transaction at most. */
const MAX_FINISH_BATCH = 200;

/** Moves failed jobs to their next attempt (exponential backoff from 2 s to ~4 min), or gives up on them, in one statement. */
async function failJobs(db: TDatabase, failures: { job: TJob; error: unknown }[]): Promise<void> {
  if (!failures.length) return;
  const rows = failures.map(({ job, error }) => {
    const message = error instanceof Error ? error.message : String(error);
    const giveUp = job.attempts >= MAX_JOB_ATTEMPTS;
    const runAt = new Date(Date.now() + Math.min(2 ** job.attempts * 1000, 240_000));
    return { id: job.id, run_at: runAt.toISOString(), error: giveUp ? `gave up: ${message}` : message, give_up: giveUp };
  });
  await runInScope(db, { companyId: null, system: true }, (tx) =>
    tx.execute(sql`
      update outbox_jobs j
      set done_at = case when v.give_up then now() end,
          run_at = case when v.give_up then j.run_at else v.run_at end,
          locked_until = case when v.give_up then j.locked_until end,
          last_error = v.error
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id bigint, run_at timestamptz, error text, give_up boolean)
      where j.id = v.id and j.done_at is null`),
  ).catch(() => undefined);
}

/**
 * Polls the outbox (and is woken on enqueue). Jobs are claimed with a lease (`locked_until`); a worker that dies
 * mid-job simply lets the lease expire and another claim runs the job again, so handlers must be idempotent.
 * Claims roll: whenever a quarter of `batchSize` has settled, that many more are claimed, so a slow job never
 * holds up the rest. Kinds with a batch handler are prepared and finished many jobs per transaction.
 */
export function createOutboxWorker(opts: {
  db: TDatabase;
  handlers: Record<string, TJobHandler>;
  batchHandlers?: Record<string, TAnyBatchJobHandler>;
  pollMs?: number;
  /** Jobs held (claimed and not yet settled) at most. */
  batchSize?: number;
  leaseSeconds?: number;
  /** How many claimed jobs run at once (handlers, and the `run` step of batch handlers). */
  concurrency?: number;
  /**
   * A wake claims after this long, so the jobs of a burst of commits (a send per request) are claimed, prepared and
   * finished together instead of one transaction each.
   */
  wakeDelayMs?: number;
  log?: { error: (o: unknown, msg: string) => void };
}): TOutboxWorker {
  const { db, handlers } = opts;
  const batchHandlers = opts.batchHandlers ?? {};
  const pollMs = opts.pollMs ?? 500;
  const concurrency = Math.max(1, opts.concurrency ?? 1);
  const batchSize = Math.max(1, opts.batchSize ?? 20);
  const refillAt = Math.max(1, Math.floor(batchSize / 4));
  const leaseSeconds = opts.leaseSeconds ?? 60;
  const wakeDelayMs = opts.wakeDelayMs ?? 0;
  let timer: NodeJS.Timeout | null = null;
  let wakeTimer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = true;
  let wakeAgain = false;

  // Something happened that may let the drain loop claim again: a job settled, or a wake.
  let signal: (() => void) | null = null;
  const notify = () => {
    signal?.();
    signal = null;
  };
  const nextEvent = () => new Promise<void>((resolve) => (signal = resolve));

  let free = concurrency;
  const waiting: (() => void)[] = [];
  const withSlot = async <T>(fn: () => Promise<T>): Promise<T> => {
    if (free > 0) free--;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await fn();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free++;
    }
  };

  const claim = (limit: number) =>
    runInScope(db, { companyId: null, system: true }, async (tx) => {
      const rows = await tx
        .update(outboxJobs)
        .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`, attempts: sql`${outboxJobs.attempts} + 1` })
        .where(
          sql`${outboxJobs.id} in (
            select id from outbox_jobs
            where done_at is null and run_at <= now() and (locked_until is null or locked_until < now())
            order by run_at, id
            limit ${limit}
            for update skip locked)`,
        )
        .returning();
      return rows.sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id);
    });

  const runJob = async (job: TJob) => {
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      const outcome = await handler({ job });
      // Handlers normally complete the job in their own transaction; this catches those that do not need one.
      if (outcome !== 'rescheduled') await runInScope(db, { companyId: null, system: true }, (tx) => completeJob(tx, job.id));
    } catch (err) {
      opts.log?.error({ err, jobId: job.id, kind: job.kind }, 'job failed');
      await failJobs(db, [{ job, error: err }]);
    }
  };

  let held = 0;
  const settle = (n: number) => {
    held -= n;
    notify();
  };

  type TFinishItem = Parameters<TAnyBatchJobHandler['finish']>[0]['items'][number];
  const finishers = new Map<string, { pending: TFinishItem[]; flushing: boolean }>();
  const finishLater = (kind: string, handler: TAnyBatchJobHandler, item: TFinishItem) => {
    let f = finishers.get(kind);
    if (!f) finishers.set(kind, (f = { pending: [], flushing: false }));
    f.pending.push(item);
    if (f.flushing) return;
    f.flushing = true;
    const finisher = f;
    void (async () => {
      while (finisher.pending.length) {
        const items = finisher.pending.splice(0, MAX_FINISH_BATCH);
        try {
          await failJobs(db, await handler.finish({ items }));
        } catch (err) {
          opts.log?.error({ err, kind, jobs: items.length }, 'batch finish failed');
          await failJobs(db, items.map((i) => ({ job: i.job, error: err })));
        }
        settle(items.length);
      }
      finisher.flushing = false;
    })();
  };

  const runBatch = async (kind: string, handler: TAnyBatchJobHandler, jobs: TJob[]) => {
    let works: Map<number, unknown>;
    try {
      const prepared = await handler.prepare({ jobs });
      works = prepared.ready;
      if (prepared.failed.length) {
        opts.log?.error({ err: prepared.failed[0]!.error, kind, jobs: prepared.failed.length }, 'batch prepare failed');
        await failJobs(db, prepared.failed);
      }
    } catch (err) {
      opts.log?.error({ err, kind, jobs: jobs.length }, 'batch prepare failed');
      await failJobs(db, jobs.map((job) => ({ job, error: err })));
      works = new Map();
    }
    const ready = jobs.filter((j) => works.has(j.id));
    settle(jobs.length - ready.length);
    for (const job of ready) {
      const work = works.get(job.id);
      void withSlot(() => handler.run({ job, work })).then(
        (value) => finishLater(kind, handler, { job, work, outcome: { ok: true, value } }),
        (error) => finishLater(kind, handler, { job, work, outcome: { ok: false, error } }),
      );
    }
  };

  const dispatch = (jobs: TJob[]) => {
    held += jobs.length;
    const byKind = new Map<string, TJob[]>();
    for (const job of jobs) {
      const handler = batchHandlers[job.kind];
      if (!handler) {
        void withSlot(() => runJob(job)).then(() => settle(1));
        continue;
      }
      const group = byKind.get(job.kind);
      if (group) group.push(job);
      else byKind.set(job.kind, [job]);
    }
    for (const [kind, group] of byKind) void runBatch(kind, batchHandlers[kind]!, group);
  };

  const drainOnce = async (): Promise<number> => {
    let total = 0;
    // Set when a claim came back short: nothing more is due, so claim again only when woken or idle.
    let exhausted = false;
    for (;;) {
      const room = batchSize - held;
      if (room >= refillAt && (!exhausted || held === 0 || wakeAgain)) {
        wakeAgain = false;
        let jobs: TJob[] = [];
        try {
          jobs = await claim(room);
        } catch (err) {
          if (held === 0) throw err;
          opts.log?.error({ err }, 'outbox claim failed');
        }
        total += jobs.length;
        exhausted = jobs.length < room;
        if (jobs.length) dispatch(jobs);
        // A wake during the claim may stand for a job committed after it looked: look once more.
        else if (held === 0 && !wakeAgain) return total;
        continue;
      }
      await nextEvent();
    }
  };

  const drain = async (): Promise<number> => {
    // One drain at a time per process; a wake during a drain lets it claim again.
    if (running) {
      wakeAgain = true;
      notify();
      return running;
    }
    running = drainOnce().finally(() => {
      running = null;
    });
    return running;
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(async () => {
      await drain().catch((err) => opts.log?.error({ err }, 'outbox poll failed'));
      schedule();
    }, pollMs);
    timer.unref?.();
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (wakeTimer) clearTimeout(wakeTimer);
      wakeTimer = null;
      await running?.catch(() => undefined);
    },
    wake() {
      if (stopped || wakeTimer) return;
      wakeTimer = setTimeout(() => {
        wakeTimer = null;
        void drain().catch((err) => opts.log?.error({ err }, 'outbox run failed'));
      }, wakeDelayMs);
    },
    drain,
  };
}
