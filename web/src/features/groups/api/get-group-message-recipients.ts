import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { buildRecipientsQuery, nextRecipientsCursor, type TRecipientFilter } from '../lib/recipients-query';
import type { TGroupRecipient, TKeysetPage } from '../lib/types';
import { groupKeys } from './query-keys';

/** GET /api/group_messages/{id}/recipients?status=&itemsPerPage=50&after=<messageId>. */
export function fetchRecipients(id: number, filter: TRecipientFilter, after: number | null, signal?: AbortSignal): Promise<TKeysetPage<TGroupRecipient>> {
  return api.request<TKeysetPage<TGroupRecipient>>(`/api/group_messages/${id}/recipients`, { query: buildRecipientsQuery(filter, after), signal });
}

export function recipientsQueryOptions(id: number, filter: TRecipientFilter) {
  return infiniteQueryOptions({
    queryKey: groupKeys.recipients(id, filter),
    queryFn: ({ pageParam, signal }) => fetchRecipients(id, filter, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: nextRecipientsCursor,
  });
}

export function useRecipients(id: number, filter: TRecipientFilter) {
  return useInfiniteQuery(recipientsQueryOptions(id, filter));
}
