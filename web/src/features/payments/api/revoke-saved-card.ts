import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSavedCardRevokeResult } from '@cd/contracts/payment-operations';
import { api } from '../../../lib/api';
import { paymentKeys } from './query-keys';

/** POST /api/payment/saved_cards/{id}/revoke: the card is never charged again; its rules stop (consent kept). */
export function revokeSavedCard(id: number): Promise<TSavedCardRevokeResult> {
  return api.request<TSavedCardRevokeResult>(`/api/payment/saved_cards/${id}/revoke`, { method: 'POST', body: {}, silent: [404] });
}

export function useRevokeSavedCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSavedCard,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: paymentKeys.recurringRules }),
  });
}
