import { sql } from 'drizzle-orm';
import type { TTx } from '../db/client';

/** A job that gave up counts as failed for this long (finished jobs are kept; the count must stay bounded). */
export const FAILED_JOBS_WINDOW = '1 day';

export interface TOutboxKindDepth {
  kind: string;
  /** Waiting for a worker: run time passed, not held by a lease. */
  due: number;
  /** Waiting for their run time. */
  scheduled: number;
  /** Held by a worker's lease right now. */
  running: number;
  /** Gave up after their last attempt within FAILED_JOBS_WINDOW. */
  failed: number;
  /** Seconds since the oldest due job became due; null when none is due. */
  oldestDueAgeSeconds: number | null;
}

/**
 * The job queue now, per kind, in one statement (/metrics and /api/development/stats). Unfinished jobs come from the
 * outbox's partial due index, failed ones from the partial gave-up index (migration 0038). Runs in system scope.
 */
export async function readOutboxDepth(tx: TTx): Promise<TOutboxKindDepth[]> {
  const result = await tx.execute<Record<string, string | number | null>>(sql`
    select kind, sum(due)::int as due, sum(scheduled)::int as scheduled, sum(running)::int as running, sum(failed)::int as failed,
           max(oldest_due_age) as oldest_due_age
    from (
      select kind,
             count(*) filter (where not leased and run_at <= now()) as due,
             count(*) filter (where not leased and run_at > now()) as scheduled,
             count(*) filter (where leased) as running,
             0 as failed,
             extract(epoch from now() - min(run_at) filter (where not leased and run_at <= now()))::float8 as oldest_due_age
      from (select kind, run_at, coalesce(locked_until >= now(), false) as leased from outbox_jobs where done_at is null) j
      group by kind
      union all
      select kind, 0, 0, 0, count(*), null
      from outbox_jobs
      where done_at > now() - ${FAILED_JOBS_WINDOW}::interval and last_error like 'gave up:%'
      group by kind
    ) k
    group by kind
    order by kind`);
  return (result.rows as Record<string, string | number | null>[]).map((r) => ({
    kind: String(r.kind),
    due: Number(r.due ?? 0),
    scheduled: Number(r.scheduled ?? 0),
    running: Number(r.running ?? 0),
    failed: Number(r.failed ?? 0),
    oldestDueAgeSeconds: r.oldest_due_age === null || r.oldest_due_age === undefined ? null : Math.max(0, Math.round(Number(r.oldest_due_age))),
  }));
}

/** Sums per-kind figures into the queue totals. */
export function totalOutboxDepth(kinds: TOutboxKindDepth[]): Omit<TOutboxKindDepth, 'kind'> {
  const ages = kinds.map((k) => k.oldestDueAgeSeconds).filter((a): a is number => a !== null);
  return {
    due: kinds.reduce((n, k) => n + k.due, 0),
    scheduled: kinds.reduce((n, k) => n + k.scheduled, 0),
    running: kinds.reduce((n, k) => n + k.running, 0),
    failed: kinds.reduce((n, k) => n + k.failed, 0),
    oldestDueAgeSeconds: ages.length ? Math.max(...ages) : null,
  };
}
