import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSuggestedReplies } from '@cd/contracts/suggested-replies';
import { api } from '../../../lib/api';

/** Cache key of a customer's suggestions; `latestAt` (the latest message's time) makes a new message a new query. */
export const suggestedRepliesKey = (customerId: number, latestAt: string) => ['suggested_replies', customerId, latestAt] as const;

/** GET /api/customers/{id}/suggested_replies → templates and past replies for the latest inbound message. Errors stay quiet. */
export function fetchSuggestedReplies(customerId: number, signal?: AbortSignal): Promise<TSuggestedReplies> {
  return api.request<TSuggestedReplies>(`/api/customers/${customerId}/suggested_replies`, { signal, silent: true });
}

export function suggestedRepliesQueryOptions(opts: { customerId: number; latestAt: string; enabled: boolean }) {
  return queryOptions({
    queryKey: suggestedRepliesKey(opts.customerId, opts.latestAt),
    queryFn: ({ signal }) => fetchSuggestedReplies(opts.customerId, signal),
    enabled: opts.enabled,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useSuggestedReplies(opts: { customerId: number; latestAt: string; enabled: boolean }) {
  return useQuery(suggestedRepliesQueryOptions(opts));
}
