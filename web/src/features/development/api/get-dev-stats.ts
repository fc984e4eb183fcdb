import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TDevStats } from '@cd/contracts/dev-logs';
import { api } from '../../../lib/api';
import { statsQueryOf, writeStatsSearch, type TStatsSearch } from '../lib/dev-search';
import { developmentQueryKey } from './query-keys';

/** GET /api/development/stats (super admins): figures over outside calls, webhooks and the job queue. */
export function fetchDevStats(opts: { search: TStatsSearch; signal?: AbortSignal }): Promise<TDevStats> {
  return api.request<TDevStats>('/api/development/stats', { query: statsQueryOf(opts.search), signal: opts.signal });
}

export function devStatsQueryOptions(search: TStatsSearch) {
  return queryOptions({
    queryKey: [...developmentQueryKey, 'stats', writeStatsSearch(search).toString()],
    queryFn: ({ signal }) => fetchDevStats({ search, signal }),
    // The other range's figures stay on screen while the new ones load.
    placeholderData: keepPreviousData,
  });
}

export function useDevStats(search: TStatsSearch) {
  return useQuery(devStatsQueryOptions(search));
}
