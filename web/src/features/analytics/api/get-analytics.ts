import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TUsageMetrics } from '@cd/contracts/analytics';
import { api } from '../../../lib/api';
import { analyticsQueryOf, type TAnalyticsSearch } from '../lib/analytics-search';
import { analyticsKeys } from './query-keys';

/** GET /api/analytics?period|from&to&userId[]&channel[]: the usage metrics of the range. */
export function fetchAnalytics(opts: { search: TAnalyticsSearch; signal?: AbortSignal }): Promise<TUsageMetrics> {
  // Quiet: the page shows its own error state with a retry button.
  return api.request<TUsageMetrics>('/api/analytics', { query: analyticsQueryOf(opts.search), signal: opts.signal, silent: true });
}

export function analyticsQueryOptions(search: TAnalyticsSearch) {
  return queryOptions({
    queryKey: analyticsKeys.metrics(analyticsQueryOf(search)),
    queryFn: ({ signal }) => fetchAnalytics({ search, signal }),
    // Another range keeps the old figures on screen (dimmed) until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useAnalytics(search: TAnalyticsSearch) {
  return useQuery(analyticsQueryOptions(search));
}
