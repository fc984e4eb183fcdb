import { describe, expect, it } from 'vitest';
import { cronJobRunsQueryOptions } from './get-cron-job-runs';
import { CRON_POLL_MS, cronJobsQueryOptions } from './get-cron-jobs';

type TInterval = (query: unknown) => number | false;
const jobsQuery = (outcome: string | null) => ({ state: { data: { member: [{ lastRun: outcome ? { outcome } : null }] } } });
const runsQuery = (outcome: string) => ({ state: { data: { pages: [{ member: [{ outcome }] }] } } });

describe('scheduled-jobs polling', () => {
  it('polls a running job only while the live stream is down', () => {
    const down = cronJobsQueryOptions({ liveOpen: false }).refetchInterval as TInterval;
    const open = cronJobsQueryOptions({ liveOpen: true }).refetchInterval as TInterval;
    expect(down(jobsQuery('running'))).toBe(CRON_POLL_MS);
    expect(down(jobsQuery('succeeded'))).toBe(false);
    expect(down(jobsQuery(null))).toBe(false);
    expect(open(jobsQuery('running'))).toBe(false);
  });

  it('does the same for a job’s run history', () => {
    expect((cronJobRunsQueryOptions('x', { liveOpen: false }).refetchInterval as TInterval)(runsQuery('running'))).toBe(CRON_POLL_MS);
    expect((cronJobRunsQueryOptions('x', { liveOpen: true }).refetchInterval as TInterval)(runsQuery('running'))).toBe(false);
    expect((cronJobRunsQueryOptions('x', { liveOpen: false }).refetchInterval as TInterval)(runsQuery('failed'))).toBe(false);
  });
});
