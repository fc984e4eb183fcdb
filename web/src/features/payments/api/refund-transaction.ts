import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPaymentTransactionDetail } from '@cd/contracts/payment-operations';
import { api } from '../../../lib/api';
import { paymentKeys } from './query-keys';

/**
 * POST /api/payment/transactions/{id}/refund: all that remains (no amount) or part of it; the key is made when the dialog
 * opens, so a double click or a retry refunds once. The dialog shows 409/422 (over the remaining amount) itself.
 */
export function refundTransaction(input: { id: number; amountCents: number | null; idempotencyKey: string }): Promise<TPaymentTransactionDetail> {
  return api.request<TPaymentTransactionDetail>(`/api/payment/transactions/${input.id}/refund`, {
    method: 'POST',
    body: { ...(input.amountCents === null ? {} : { amountCents: input.amountCents }), idempotencyKey: input.idempotencyKey },
    silent: [409, 422, 502, 503],
  });
}

export function useRefundTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundTransaction,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: paymentKeys.transactionLists }),
  });
}
