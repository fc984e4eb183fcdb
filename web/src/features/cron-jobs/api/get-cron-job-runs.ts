import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TCronRun } from '@cd/contracts/cron-jobs';
import type { THydraCollection } from '@cd/contracts/hydra';
import { api } from '../../../lib/api';
import { useLiveOpen } from '../../../lib/live-status';
import { CRON_POLL_MS } from './get-cron-jobs';
import { cronJobsKeys } from './query-keys';

/**
 * GET /api/cron_jobs/{name}/runs: newest first, 30 a page; older pages follow the server's `view.next` (keyset on
 * startedAt with an id tie-breaker), never an offset.
 */
export function fetchCronJobRuns(opts: { name: string; next: string | null; signal?: AbortSignal }): Promise<THydraCollection<TCronRun>> {
  const path = opts.next ?? `/api/cron_jobs/${encodeURIComponent(opts.name)}/runs`;
  return api.request<THydraCollection<TCronRun>>(path, { signal: opts.signal, silent: true });
}

export function cronJobRunsQueryOptions(name: string, opts: { liveOpen: boolean } = { liveOpen: false }) {
  return infiniteQueryOptions({
    queryKey: cronJobsKeys.runs(name),
    queryFn: ({ pageParam, signal }) => fetchCronJobRuns({ name, next: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.view?.next ?? undefined,
    // As the jobs list: live events refetch a run in progress; without the live stream it is polled until it ends.
    refetchInterval: (query) => (!opts.liveOpen && query.state.data?.pages[0]?.member.some((r) => r.outcome === 'running') ? CRON_POLL_MS : false),
  });
}

export function useCronJobRuns(name: string | null) {
  return useInfiniteQuery({ ...cronJobRunsQueryOptions(name ?? '', { liveOpen: useLiveOpen() }), enabled: name !== null });
}
