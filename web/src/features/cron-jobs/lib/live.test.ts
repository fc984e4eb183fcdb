import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { CRON_JOB_LIVE_ENTITY } from '@cd/contracts/cron-jobs';
import { cronJobsKeys } from '../api/query-keys';
import { handleCronJobsLiveEvent } from './live';

describe('cron jobs live events', () => {
  it('refetches the jobs and histories on a cron_job event', () => {
    const c = new QueryClient();
    const spy = vi.spyOn(c, 'invalidateQueries');
    expect(handleCronJobsLiveEvent(c, { entity: CRON_JOB_LIVE_ENTITY })).toBe(true);
    expect(spy).toHaveBeenCalledWith({ queryKey: cronJobsKeys.all });
  });

  it('leaves other areas alone', () => {
    const c = new QueryClient();
    expect(handleCronJobsLiveEvent(c, { entity: 'reports' })).toBe(false);
    expect(handleCronJobsLiveEvent(c, { entity: 'cron_jobs' })).toBe(false);
  });
});
