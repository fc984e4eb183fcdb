import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTerminalRequestResource } from '@cd/contracts/payment-operations';
import { api } from '../../../lib/api';
import { repairOrderKeys } from './query-keys';

/** POST /api/payment_requests/{id}/terminal {serial}: the amount appears on the card terminal; 409 busy, 422 not allowed. */
export function sendToTerminal(input: { id: number; serial: string }): Promise<TTerminalRequestResource> {
  return api.request<TTerminalRequestResource>(`/api/payment_requests/${input.id}/terminal`, {
    method: 'POST',
    body: { serial: input.serial },
    silent: [409, 422],
  });
}

export function useSendToTerminal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendToTerminal,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: repairOrderKeys.paymentRequestsAll }),
  });
}
