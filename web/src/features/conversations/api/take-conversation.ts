import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TRoutingTakeResult } from '@cd/contracts/routing';
import { api } from '../../../lib/api';
import { conversationKeys } from './query-keys';

/** POST /api/routing/conversations/{id}/take (issue 21): 409 when someone else has it (the answer names who). */
export function takeConversation(customerId: number): Promise<TRoutingTakeResult> {
  return api.request<TRoutingTakeResult>(`/api/routing/conversations/${customerId}/take`, { method: 'POST', silent: true });
}

/** After a take (won or lost): the conversation, and the lists — it leaves the unassigned queue and joins the taker's inbox. */
export function refreshAfterTake(queryClient: QueryClient, customerId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: conversationKeys.detail(customerId) }),
    queryClient.invalidateQueries({ queryKey: conversationKeys.lists }),
  ]);
}

export function useTakeConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takeConversation,
    onSettled: (_d, _e, customerId) => refreshAfterTake(queryClient, customerId),
  });
}
