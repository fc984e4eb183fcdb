import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDashboard } from '@cd/contracts/dashboard';
import { api } from '../../../lib/api';
import { dashboardKeys } from './query-keys';

/** GET /api/dashboard: today so far against the same weekday last week, the unread backlog, own reminders. */
export function fetchDashboard(opts: { signal?: AbortSignal } = {}): Promise<TDashboard> {
  // Quiet: the page shows its own error state with a retry button.
  return api.request<TDashboard>('/api/dashboard', { signal: opts.signal, silent: true });
}

export function dashboardQueryOptions() {
  return queryOptions({ queryKey: dashboardKeys.summary, queryFn: ({ signal }) => fetchDashboard({ signal }) });
}

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
