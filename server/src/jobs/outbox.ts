import { and, eq, inArray, sql } from 'drizzle-orm';
import { runInScope, type TDatabase, type TTx } from '../db/client';
import { outboxJobs } from './outbox.schema';

export type TJob = typeof outboxJobs.$inferSelect;

/** Writes a job in the caller's transaction: it exists exactly when the change that needs it does. */
export async function enqueueJob(
  tx: TTx,
  job: { companyId: number | null; kind: string; payload: Record<string, unknown>; runAt?: Date },
): Promise<number> {
  const [row] = await tx
    .insert(outboxJobs)
    .values({ companyId: job.companyId, kind: job.kind, payload: job.payload, runAt: job.runAt ?? new Date() })
    .returning({ id: outboxJobs.id });
  return row!.id;
}

/** Marks a job done inside the handler's own transaction, so its effect and its completion commit together. */
export async function completeJob(tx: TTx, jobId: number): Promise<void> {
  await tx.update(outboxJobs).set({ doneAt: new Date(), lockedUntil: null }).where(eq(outboxJobs.id, jobId));
}

export async function rescheduleJob(tx: TTx, opts: { jobId: number; runAt: Date; error?: string }): Promise<void> {
  await tx
    .update(outboxJobs)
    .set({ runAt: opts.runAt, lockedUntil: null, lastError: opts.error ?? null })
    .where(and(eq(outboxJobs.id, opts.jobId), sql`${outboxJobs.doneAt} is null`));
}

/** A handler that moved its job to a later time returns 'rescheduled' so the worker does not complete it. */
export type TJobHandler = (opts: { job: TJob }) => Promise<void | 'rescheduled'>;

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

/**
 * Polls the outbox (and is woken on enqueue). Jobs are claimed with a lease (`locked_until`); a worker that dies
 * mid-job simply lets the lease expire and another claim runs the job again, so handlers must be idempotent.
 */
export function createOutboxWorker(opts: {
  db: TDatabase;
  handlers: Record<string, TJobHandler>;
  pollMs?: number;
  batchSize?: number;
  leaseSeconds?: number;
  /** How many claimed jobs run at once. */
  concurrency?: number;
  log?: { error: (o: unknown, msg: string) => void };
}): TOutboxWorker {
  const { db, handlers } = opts;
  const pollMs = opts.pollMs ?? 500;
  const batchSize = opts.batchSize ?? 20;
  const leaseSeconds = opts.leaseSeconds ?? 60;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = true;
  let wakeAgain = false;

  const claim = () =>
    runInScope(db, { companyId: null, system: true }, async (tx) => {
      const res = await tx.execute(sql`
        update outbox_jobs set locked_until = now() + make_interval(secs => ${leaseSeconds}), attempts = attempts + 1
        where id in (
          select id from outbox_jobs
          where done_at is null and run_at <= now() and (locked_until is null or locked_until < now())
          order by run_at, id
          limit ${batchSize}
          for update skip locked)
        returning id`);
      const ids = (res.rows as { id: string | number }[]).map((r) => Number(r.id));
      if (!ids.length) return [];
      return tx.select().from(outboxJobs).where(inArray(outboxJobs.id, ids)).orderBy(outboxJobs.runAt, outboxJobs.id);
    });

  const runJob = async (job: TJob) => {
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      const outcome = await handler({ job });
      // Handlers normally complete the job in their own transaction; this catches those that do not need one.
      if (outcome !== 'rescheduled') await runInScope(db, { companyId: null, system: true }, (tx) => completeJob(tx, job.id));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      opts.log?.error({ err, jobId: job.id, kind: job.kind }, 'job failed');
      const giveUp = job.attempts >= MAX_JOB_ATTEMPTS;
      // Exponential backoff from 2 s to ~4 min.
      const delay = Math.min(2 ** job.attempts * 1000, 240_000);
      await runInScope(db, { companyId: null, system: true }, async (tx) => {
        if (giveUp) await tx.update(outboxJobs).set({ doneAt: new Date(), lastError: `gave up: ${message}` }).where(eq(outboxJobs.id, job.id));
        else await rescheduleJob(tx, { jobId: job.id, runAt: new Date(Date.now() + delay), error: message });
      }).catch(() => undefined);
    }
  };

  const concurrency = Math.max(1, opts.concurrency ?? 1);
  const drainOnce = async (): Promise<number> => {
    let total = 0;
    for (;;) {
      const jobs = await claim();
      if (!jobs.length) return total;
      // Claimed jobs are independent (each holds its own lease): provider calls of several overlap.
      let next = 0;
      await Promise.all(
        Array.from({ length: Math.min(concurrency, jobs.length) }, async () => {
          while (next < jobs.length) await runJob(jobs[next++]!);
        }),
      );
      total += jobs.length;
    }
  };

  const drain = async (): Promise<number> => {
    // One drain at a time per process; a wake during a drain runs another pass right after.
    if (running) {
      wakeAgain = true;
      return running;
    }
    running = (async () => {
      let n = 0;
      do {
        wakeAgain = false;
        n += await drainOnce();
      } while (wakeAgain);
      return n;
    })().finally(() => {
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
      await running?.catch(() => undefined);
    },
    wake() {
      if (stopped) return;
      void drain().catch((err) => opts.log?.error({ err }, 'outbox run failed'));
    },
    drain,
  };
}
