import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { TGroupMessage, TKeysetPage } from '../lib/types';
import { groupKeys } from './query-keys';

export const GROUP_MESSAGES_PER_PAGE = 15;

/** GET /api/group_messages?customerGroup=&per_page=15&createdAt[strictly_before]= (newest first). */
export function fetchGroupMessages(groupId: number, before: string | null, signal?: AbortSignal): Promise<TKeysetPage<TGroupMessage>> {
  return api.request<TKeysetPage<TGroupMessage>>('/api/group_messages', {
    query: { customerGroup: groupId, per_page: GROUP_MESSAGES_PER_PAGE, 'createdAt[strictly_before]': before ?? undefined },
    signal,
  });
}

/** Older page cursor: strictly before the oldest loaded message, while the server has a next page. */
export function olderGroupMessagesParam(last: TKeysetPage<TGroupMessage>): string | undefined {
  if (last.member.length === 0) return undefined;
  if (last.view ? !last.view.next : last.member.length < GROUP_MESSAGES_PER_PAGE) return undefined;
  let oldest = last.member[0]!;
  for (const m of last.member) if (Date.parse(m.createdAt) < Date.parse(oldest.createdAt)) oldest = m;
  return oldest.createdAt;
}

export function groupMessagesQueryOptions(groupId: number) {
  return infiniteQueryOptions({
    queryKey: groupKeys.messages(groupId),
    queryFn: ({ pageParam, signal }) => fetchGroupMessages(groupId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: olderGroupMessagesParam,
  });
}

export function useGroupMessages(groupId: number) {
  return useInfiniteQuery(groupMessagesQueryOptions(groupId));
}
