import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { internalChatKeys } from './query-keys';

/** GET /api/internal_chat/read_state → {unread}: the caller's unread, non-archived chats. Errors stay quiet. */
export function fetchChatReadState(signal?: AbortSignal): Promise<{ unread: number }> {
  return api.request<{ unread: number }>('/api/internal_chat/read_state', { signal, silent: true });
}

export function chatReadStateQueryOptions(enabled = true) {
  return queryOptions({ queryKey: internalChatKeys.readState, queryFn: ({ signal }) => fetchChatReadState(signal), enabled, staleTime: 30_000, gcTime: Infinity });
}

/** The unread chat count, or 0 while unknown. */
export function useChatUnreadCount(enabled: boolean): number {
  const q = useQuery(chatReadStateQueryOptions(enabled));
  const n = q.data?.unread;
  return enabled && typeof n === 'number' && n > 0 ? n : 0;
}
