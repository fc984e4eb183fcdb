import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCustomerMergePreview } from '@cd/contracts/customer';
import { api } from '../../../lib/api';
import { conversationKeys } from './query-keys';

/** GET /api/customers/{id}/merge_preview?duplicate= → what the merge would move and which values win. Errors show in the dialog. */
export function fetchMergePreview(input: { id: number; duplicateId: number; signal?: AbortSignal }): Promise<TCustomerMergePreview> {
  return api.request<TCustomerMergePreview>(`/api/customers/${input.id}/merge_preview`, {
    query: { duplicate: input.duplicateId },
    signal: input.signal,
    silent: true,
  });
}

export function mergePreviewQueryOptions(input: { id: number; duplicateId: number | null }) {
  const duplicateId = input.duplicateId ?? 0;
  return queryOptions({
    queryKey: conversationKeys.mergePreview(input.id, duplicateId),
    queryFn: ({ signal }) => fetchMergePreview({ id: input.id, duplicateId, signal }),
    enabled: duplicateId > 0,
    // Counts change as messages arrive: ask again each time the dialog shows a pair.
    staleTime: 0,
    gcTime: 0,
  });
}

export function useMergePreview(input: { id: number; duplicateId: number | null }) {
  return useQuery(mergePreviewQueryOptions(input));
}
