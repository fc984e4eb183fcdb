import type { TCronRun } from '@cd/contracts/cron-jobs';
import type { TRunRow } from './cron-jobs.repository';

export const jobIri = (name: string) => `/api/cron_jobs/${encodeURIComponent(name)}`;

export function toCronRun(r: TRunRow): TCronRun {
  return {
    '@id': `${jobIri(r.job)}/runs/${r.id}`,
    '@type': 'CronJobRun',
    id: r.id,
    job: r.job,
    trigger: r.trigger,
    slot: r.slot?.toISOString() ?? null,
    startedAt: r.startedAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
    durationMs: r.durationMs,
    outcome: r.outcome,
    error: r.error,
    triggeredBy: r.triggeredBy,
  };
}
