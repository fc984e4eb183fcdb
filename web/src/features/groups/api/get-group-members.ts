import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { TGroupMember, TKeysetPage } from '../lib/types';
import { groupKeys } from './query-keys';

export const MEMBERS_PER_PAGE = 50;

/** GET /api/customer_groups/{id}/members?itemsPerPage=50&after=<id> (keyset; follow view.next). */
export function fetchGroupMembers(groupId: number, next: string | null, signal?: AbortSignal): Promise<TKeysetPage<TGroupMember>> {
  if (next) return api.request<TKeysetPage<TGroupMember>>(next, { signal });
  return api.request<TKeysetPage<TGroupMember>>(`/api/customer_groups/${groupId}/members`, { query: { itemsPerPage: MEMBERS_PER_PAGE }, signal });
}

export function groupMembersQueryOptions(groupId: number) {
  return infiniteQueryOptions({
    queryKey: groupKeys.members(groupId),
    queryFn: ({ pageParam, signal }) => fetchGroupMembers(groupId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.view?.next && last.member.length > 0 ? last.view.next : undefined),
  });
}

export function useGroupMembers(groupId: number) {
  return useInfiniteQuery(groupMembersQueryOptions(groupId));
}
