import { Cron } from 'croner';
import { and, eq, sql } from 'drizzle-orm';
import { runInScope, type TDatabase, type TTx } from '../db/client';
import { completeJob, enqueueJob, type TJobHandler } from './outbox';
import { outboxJobs } from './outbox.schema';

/**
 * Recurring work (ARCHITECTURE §6): each definition is one outbox job that, when it runs, plans its next slot in the
 * same transaction that completes it. So a restart loses no slot, and across processes a slot runs once (the outbox
 * lease). This list is the one registry a scheduled-jobs screen reads.
 */
export interface TRecurringJob {
  /** Stable name; the job kind is `recurring:<name>`. */
  name: string;
  /** A croner pattern in UTC (`0 * * * *` hourly). Per-company local times are the job's own business. */
  cron: string;
  description: string;
  /** The work of one slot. An error is logged and the next slot is planned all the same. */
  run: (opts: { slot: Date }) => Promise<void>;
}

export const recurringKindOf = (name: string) => `recurring:${name}`;

export function nextSlotOf(opts: { cron: string; after: Date }): Date {
  const next = new Cron(opts.cron, { paused: true, timezone: 'UTC' }).nextRun(opts.after);
  if (!next) throw new Error(`cron pattern ${opts.cron} has no next run`);
  return next;
}

async function planSlot(tx: TTx, job: TRecurringJob, slot: Date): Promise<void> {
  await enqueueJob(tx, { companyId: null, kind: recurringKindOf(job.name), payload: { slot: slot.toISOString() }, runAt: slot });
}

/**
 * Makes sure each definition has its next slot waiting (called at start). Serialised by an advisory lock so two
 * processes starting together plan one slot, not two.
 */
export async function ensureRecurringJobs(opts: { db: TDatabase; jobs: readonly TRecurringJob[]; now?: Date }): Promise<void> {
  const now = opts.now ?? new Date();
  for (const job of opts.jobs) {
    await runInScope(opts.db, { companyId: null, system: true }, async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(727275, hashtext(${job.name}))`);
      const [waiting] = await tx
        .select({ id: outboxJobs.id })
        .from(outboxJobs)
        .where(and(eq(outboxJobs.kind, recurringKindOf(job.name)), sql`${outboxJobs.doneAt} is null`))
        .limit(1);
      if (!waiting) await planSlot(tx, job, nextSlotOf({ cron: job.cron, after: now }));
    });
  }
}

/** Outbox handlers for the definitions: run the slot, then complete it and plan the next one together. */
export function createRecurringJobHandlers(opts: {
  db: TDatabase;
  jobs: readonly TRecurringJob[];
  log?: { error: (o: unknown, msg: string) => void };
}): Record<string, TJobHandler> {
  return Object.fromEntries(
    opts.jobs.map((def) => [
      recurringKindOf(def.name),
      async ({ job }) => {
        const slot = new Date(String(job.payload.slot));
        try {
          await def.run({ slot });
        } catch (err) {
          opts.log?.error({ err, recurring: def.name }, 'recurring job failed');
        }
        await runInScope(opts.db, { companyId: null, system: true }, async (tx) => {
          await completeJob(tx, job.id);
          // Never a slot in the past: after a long outage the missed slots collapse into the next one.
          await planSlot(tx, def, nextSlotOf({ cron: def.cron, after: new Date(Math.max(Date.now(), slot.getTime())) }));
        });
        // Completed above together with the next slot; this tells the worker not to complete it a second time.
        return 'rescheduled';
      },
    ]),
  );
}
