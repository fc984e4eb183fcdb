import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TListing, TListingStatus } from '@cd/contracts/listings';
import { api } from '../../../lib/api';
import { listingsKeys } from './query-keys';

export type TListingAction =
  | { kind: 'assign_keyword'; id: number; keywordId: number }
  | { kind: 'change_agent'; id: number; agentId: number | null }
  | { kind: 'archive'; id: number; newStatus: TListingStatus }
  | { kind: 'unarchive'; id: number; keywordId: number; newStatus: TListingStatus };

/** The body of each listing action (spec part 2 §7: snake_case payloads). */
export function actionBodyOf(action: TListingAction): Record<string, unknown> {
  switch (action.kind) {
    case 'assign_keyword':
      return { keyword_id: action.keywordId };
    case 'change_agent':
      return { agent_id: action.agentId };
    case 'archive':
      return { new_status: action.newStatus };
    case 'unarchive':
      return { keyword_id: action.keywordId, new_status: action.newStatus };
  }
}

/**
 * PUT /api/listings/{id}/assign_keyword | change_agent | archive | unarchive. 409 (the keyword was taken meanwhile)
 * and 422 are shown in the dialog; every list and the keyword picker refetch after.
 */
export function useListingAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: TListingAction) =>
      api.request<TListing>(`/api/listings/${action.id}/${action.kind}`, { method: 'PUT', body: actionBodyOf(action), silent: [409, 422] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listingsKeys.all }),
  });
}
