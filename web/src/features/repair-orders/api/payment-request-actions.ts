import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPaymentRequest } from '@cd/contracts/payments';
import { api } from '../../../lib/api';
import { repairOrderKeys } from './query-keys';

export type TPaymentRequestAction = 'resend' | 'cancel';

/** POST /api/payment_requests/{id}/resend (a new text with the link) or /cancel (revokes the link). 409: no longer possible. */
export function runPaymentRequestAction(input: { id: number; action: TPaymentRequestAction }): Promise<TPaymentRequest> {
  return api.request<TPaymentRequest>(`/api/payment_requests/${input.id}/${input.action}`, { method: 'POST', body: {}, silent: [409, 422] });
}

export function usePaymentRequestAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runPaymentRequestAction,
    // Refreshed on failure too: the list then shows what became of the request.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: repairOrderKeys.paymentRequestsAll });
      void queryClient.invalidateQueries({ queryKey: repairOrderKeys.customerLinksAll });
    },
  });
}
