import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TInternalChatThread } from '@cd/contracts/internal-chat';
import { api } from '../../../lib/api';
import { internalChatKeys } from './query-keys';

/** GET /api/internal_chat_threads/{id}. 404 (not a member, deleted) is shown by the page, not as a toast. */
export function fetchThread(id: number, signal?: AbortSignal): Promise<TInternalChatThread> {
  return api.request<TInternalChatThread>(`/api/internal_chat_threads/${id}`, { signal, silent: [404] });
}

export function threadQueryOptions(id: number) {
  return queryOptions({
    queryKey: internalChatKeys.thread(id),
    queryFn: ({ signal }) => fetchThread(id, signal),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

export function useThread(id: number) {
  return useQuery(threadQueryOptions(id));
}
