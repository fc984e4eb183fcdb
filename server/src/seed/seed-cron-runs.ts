import type { TDatabase } from '../db/client';
import { runJobInline, type TRecurringJob } from '../jobs/recurring';

/**
 * Scheduled-jobs history for the demo (issue 20): right after the first start's seed, a few registry jobs really run
 * once over the demo data, recorded like every run, so /management/cron_jobs opens with runs. Only jobs that read the
 * database and touch no outside system; the worker then runs them on their schedules.
 */
export const SEEDED_CRON_JOBS = ['analytics_close_days', 'reports-sweep', 'payment_request_expiry'] as const;

export async function seedCronRuns(opts: { db: TDatabase; jobs: readonly TRecurringJob[] }): Promise<number> {
  let runs = 0;
  for (const name of SEEDED_CRON_JOBS) {
    const job = opts.jobs.find((j) => j.name === name);
    if (!job) continue;
    await runJobInline({ db: opts.db, job });
    runs++;
  }
  return runs;
}
