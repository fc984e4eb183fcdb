import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { conversationKeys } from './query-keys';

/** GET /api/customers/read_state → {unread}: the side-menu badge and the tab title. Errors stay quiet. */
export function fetchReadState(signal?: AbortSignal): Promise<{ unread: number }> {
  return api.request<{ unread: number }>('/api/customers/read_state', { signal, silent: true });
}

export function readStateQueryOptions(enabled = true) {
  return queryOptions({
    queryKey: conversationKeys.readState,
    queryFn: ({ signal }) => fetchReadState(signal),
    enabled,
    staleTime: 30_000,
    gcTime: Infinity,
  });
}

/** The unread customer count, or 0 while unknown (never a made-up number). */
export function useUnreadCount(enabled: boolean): number {
  const q = useQuery(readStateQueryOptions(enabled));
  const n = q.data?.unread;
  return enabled && typeof n === 'number' && n > 0 ? n : 0;
}
