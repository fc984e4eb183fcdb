import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCronJob } from '@cd/contracts/cron-jobs';
import type { THydraCollection } from '@cd/contracts/hydra';
import { api } from '../../../lib/api';
import { cronJobsKeys } from './query-keys';

/** GET /api/cron_jobs (super admins): every registered job and recurring report, unpaged (the registry is small). */
export function fetchCronJobs(opts: { signal?: AbortSignal }): Promise<THydraCollection<TCronJob>> {
  return api.request<THydraCollection<TCronJob>>('/api/cron_jobs', { signal: opts.signal, silent: true });
}

export function cronJobsQueryOptions() {
  return queryOptions({
    queryKey: cronJobsKeys.list,
    queryFn: ({ signal }) => fetchCronJobs({ signal }),
    // Runs end on a worker without a live event to super admins (they have no company topic): poll while one runs.
    refetchInterval: (query) => (query.state.data?.member.some((j) => j.lastRun?.outcome === 'running') ? 2000 : false),
  });
}

export function useCronJobs() {
  return useQuery(cronJobsQueryOptions());
}
