import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPartsTicket } from '@cd/contracts/parts';
import { api } from '../../../lib/api';
import type { TTicketResource } from './get-parts-tickets';
import { partsKeys } from './query-keys';

/** POST /api/{resource}/{id}/send: texts the customer a payment link (the server's refusal is toasted). */
export function useSendPartsTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { resource: TTicketResource; id: number }) =>
      api.request<TPartsTicket>(`/api/${input.resource}/${input.id}/send`, { method: 'POST', body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: partsKeys.all }),
  });
}
