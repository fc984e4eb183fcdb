import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { INTERNAL_CHAT_THREADS_PER_PAGE } from '@cd/contracts/internal-chat';
import { api } from '../../../lib/api';
import type { TThreadFilters, TThreadPage } from '../lib/chat-cache';
import { internalChatKeys } from './query-keys';

/**
 * GET /api/internal_chat_threads?isArchived=&search=: the caller's chats, newest bump first, keyset paged. The
 * first page is built from the filters; later pages follow `view.next` as the server wrote it.
 */
export function fetchThreads(filters: TThreadFilters, next: string | null, signal?: AbortSignal): Promise<TThreadPage> {
  // 403 (no internal chat role) is shown by the list itself.
  if (next) return api.request<TThreadPage>(next, { signal, silent: [403] });
  return api.request<TThreadPage>('/api/internal_chat_threads', {
    query: { isArchived: filters.archived, search: filters.search.trim() || undefined, itemsPerPage: INTERNAL_CHAT_THREADS_PER_PAGE },
    signal,
    silent: [403],
  });
}

export function threadsQueryOptions(filters: TThreadFilters) {
  return infiniteQueryOptions({
    queryKey: internalChatKeys.list(filters),
    queryFn: ({ pageParam, signal }) => fetchThreads(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.view?.next && last.member.length > 0 ? last.view.next : undefined),
  });
}

export function useThreads(filters: TThreadFilters) {
  return useInfiniteQuery(threadsQueryOptions(filters));
}
