import { SUPER_ADMINS_TOPIC } from '@cd/contracts/live';
import type { TDatabase } from '../../db/client';
import type { TRunListener } from '../../jobs/recurring';
import type { TLiveBus, TLiveEventInput } from '../../live/live.types';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import * as repo from './cron-jobs.repository';
import { toCronRun } from './cron-run-resource';

const SYSTEM = { companyId: null, system: true } as const;

/**
 * A run starting or ending, as a live event on the super admins' system topic (no company: live_events.company_id is
 * null, so no tenant scope ever reads it). The scheduled-jobs screen refetches on it instead of polling.
 */
export function cronRunLiveEventOf(run: repo.TRunRow): TLiveEventInput {
  return {
    companyId: null,
    topics: [SUPER_ADMINS_TOPIC],
    event: 'updated',
    entity: 'cron_job',
    data: { name: run.job, run: toCronRun(run) },
    changes: ['lastRun'],
  };
}

/** Records and broadcasts the event of one run (read back with who triggered it, in the event's own transaction). */
export async function publishCronRun(deps: { db: TDatabase; live: TLiveBus }, runId: number): Promise<void> {
  await runWithLiveEvents({
    deps,
    scope: SYSTEM,
    fn: async (tx, emit) => {
      const run = await repo.findJobRun(tx, runId);
      if (run) emit([cronRunLiveEventOf(run)]);
    },
  });
}

/** A recurring report's generated child starting or ending, as a run of `report:{parent}` (reports' onRun). */
export async function publishReportRun(deps: { db: TDatabase; live: TLiveBus }, opts: { companyId: number; reportId: number }): Promise<void> {
  await runWithLiveEvents({
    deps,
    scope: SYSTEM,
    fn: async (tx, emit) => {
      const run = await repo.findReportRun(tx, { companyId: opts.companyId, id: opts.reportId });
      if (run) emit([cronRunLiveEventOf(run)]);
    },
  });
}

/** The registry's run listener (jobs/recurring.ts onRun): every start and end of a scheduled or manual run. */
export function createCronRunPublisher(deps: { db: TDatabase; live: TLiveBus }): TRunListener {
  return (run) => publishCronRun(deps, run.id);
}
