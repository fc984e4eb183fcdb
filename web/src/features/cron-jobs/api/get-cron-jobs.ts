import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCronJob } from '@cd/contracts/cron-jobs';
import type { THydraCollection } from '@cd/contracts/hydra';
import { api } from '../../../lib/api';
import { useLiveOpen } from '../../../lib/live-status';
import { cronJobsKeys } from './query-keys';

/** GET /api/cron_jobs (super admins): every registered job and recurring report, unpaged (the registry is small). */
export function fetchCronJobs(opts: { signal?: AbortSignal }): Promise<THydraCollection<TCronJob>> {
  return api.request<THydraCollection<TCronJob>>('/api/cron_jobs', { signal: opts.signal, silent: true });
}

/** How often a running job is polled while the live stream is down (with it open, its cron_job events refetch). */
export const CRON_POLL_MS = 2000;

export function cronJobsQueryOptions(opts: { liveOpen: boolean } = { liveOpen: false }) {
  return queryOptions({
    queryKey: cronJobsKeys.list,
    queryFn: ({ signal }) => fetchCronJobs({ signal }),
    // A run's start and end arrive as live events on the super admins' topic; polling is the fallback without them.
    refetchInterval: (query) => (!opts.liveOpen && query.state.data?.member.some((j) => j.lastRun?.outcome === 'running') ? CRON_POLL_MS : false),
  });
}

export function useCronJobs() {
  return useQuery(cronJobsQueryOptions({ liveOpen: useLiveOpen() }));
}
