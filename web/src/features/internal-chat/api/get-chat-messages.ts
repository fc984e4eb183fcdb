import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { INTERNAL_CHAT_MESSAGES_PER_PAGE } from '@cd/contracts/internal-chat';
import { api } from '../../../lib/api';
import { olderPageParam, type TChatMessagePage } from '../lib/chat-cache';
import { internalChatKeys } from './query-keys';

/**
 * GET /api/internal_chat_messages?thread=&createdAt[strictly_before]=&per_page=15, newest first. Older pages are
 * fetched strictly before the oldest loaded message (spec part 1 §7).
 */
export function fetchChatMessages(threadId: number, before: string | null, signal?: AbortSignal): Promise<TChatMessagePage> {
  return api.request<TChatMessagePage>('/api/internal_chat_messages', {
    query: { thread: threadId, 'createdAt[strictly_before]': before ?? undefined, per_page: INTERNAL_CHAT_MESSAGES_PER_PAGE },
    signal,
    silent: [404],
  });
}

export function chatMessagesQueryOptions(threadId: number) {
  return infiniteQueryOptions({
    queryKey: internalChatKeys.messages(threadId),
    queryFn: ({ pageParam, signal }) => fetchChatMessages(threadId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: TChatMessagePage) => olderPageParam(last, INTERNAL_CHAT_MESSAGES_PER_PAGE),
    enabled: Number.isInteger(threadId) && threadId > 0,
  });
}

export function useChatMessages(threadId: number) {
  return useInfiniteQuery(chatMessagesQueryOptions(threadId));
}
