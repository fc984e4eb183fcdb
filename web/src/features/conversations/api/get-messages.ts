import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TMessage } from '@cd/contracts/message';
import { MESSAGES_PER_PAGE } from '@cd/contracts/message-constants';
import { api } from '../../../lib/api';
import { conversationKeys } from './query-keys';

/**
 * GET /api/messages?customer=&createdAt[strictly_before]=&per_page=15, newest first. Older pages are fetched
 * strictly before the oldest loaded message (spec part 1 §7).
 */
export function fetchMessages(customerId: number, before: string | null, signal?: AbortSignal): Promise<THydraCollection<TMessage>> {
  return api.request<THydraCollection<TMessage>>('/api/messages', {
    query: { customer: customerId, 'createdAt[strictly_before]': before ?? undefined, per_page: MESSAGES_PER_PAGE },
    signal,
  });
}

/** The cursor of the next (older) page, or undefined when the server says there is none. */
export function olderPageParam(last: THydraCollection<TMessage>): string | undefined {
  if (last.member.length === 0) return undefined;
  if (last.view ? !last.view.next : last.member.length < MESSAGES_PER_PAGE) return undefined;
  let oldest = last.member[0]!;
  for (const m of last.member) if (Date.parse(m.createdAt) < Date.parse(oldest.createdAt)) oldest = m;
  return oldest.createdAt;
}

export function messagesQueryOptions(customerId: number) {
  return infiniteQueryOptions({
    queryKey: conversationKeys.messages(customerId),
    queryFn: ({ pageParam, signal }) => fetchMessages(customerId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: olderPageParam,
    enabled: Number.isInteger(customerId) && customerId > 0,
  });
}

export function useMessages(customerId: number) {
  return useInfiniteQuery(messagesQueryOptions(customerId));
}
