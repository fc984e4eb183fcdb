import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDashboardStats } from '@cd/contracts/dashboard';
import { api } from '../../../lib/api';
import { dashboardKeys } from './query-keys';

/** GET /api/dashboard/stats: the last 14 local days, for the dashboard's chart. */
export function fetchDashboardStats(opts: { signal?: AbortSignal } = {}): Promise<TDashboardStats> {
  return api.request<TDashboardStats>('/api/dashboard/stats', { signal: opts.signal, silent: true });
}

export function dashboardStatsQueryOptions() {
  return queryOptions({ queryKey: dashboardKeys.stats, queryFn: ({ signal }) => fetchDashboardStats({ signal }) });
}

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions());
}
