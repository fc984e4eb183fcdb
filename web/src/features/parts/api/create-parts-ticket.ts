import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPartsTicket, TPartsTicketCreate } from '@cd/contracts/parts';
import { api } from '../../../lib/api';
import type { TTicketResource } from './get-parts-tickets';
import { partsKeys } from './query-keys';

/** POST /api/parts_sales | /api/parts_counter_tickets with lines; the server computes the totals. */
export function useCreatePartsTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { resource: TTicketResource; body: TPartsTicketCreate }) =>
      api.request<TPartsTicket>(`/api/${input.resource}`, { method: 'POST', body: input.body, silent: [422] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partsKeys.all }),
  });
}
