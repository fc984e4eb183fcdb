import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSuggestedReplyStats } from '@cd/contracts/suggested-replies';
import { api } from '../../../lib/api';
import { analyticsKeys } from './query-keys';

/** GET /api/suggested_replies/stats?days=N → shown / inserted / sent per day and the taken rate (company admins). */
export function fetchSuggestionStats(days: number, signal?: AbortSignal): Promise<TSuggestedReplyStats> {
  return api.request<TSuggestedReplyStats>(`/api/suggested_replies/stats?days=${days}`, { signal, silent: true });
}

export function suggestionStatsQueryOptions(days: number) {
  return queryOptions({
    queryKey: [...analyticsKeys.all, 'suggested_replies', days] as const,
    queryFn: ({ signal }) => fetchSuggestionStats(days, signal),
    staleTime: 60_000,
  });
}

export function useSuggestionStats(days: number) {
  return useQuery(suggestionStatsQueryOptions(days));
}
