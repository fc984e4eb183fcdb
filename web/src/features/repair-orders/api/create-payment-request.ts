import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPaymentRequest, TPaymentRequestCreate } from '@cd/contracts/payments';
import { api } from '../../../lib/api';
import { repairOrderKeys } from './query-keys';

/** POST /api/payment_requests: the dialog shows a 422 (zero amount, payments off, bad line) itself. */
export function createPaymentRequest(body: TPaymentRequestCreate): Promise<TPaymentRequest> {
  return api.request<TPaymentRequest>('/api/payment_requests', { method: 'POST', body, silent: [422] });
}

export function useCreatePaymentRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPaymentRequest,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: repairOrderKeys.paymentRequestsAll });
      void queryClient.invalidateQueries({ queryKey: repairOrderKeys.customerLinksAll });
    },
  });
}
