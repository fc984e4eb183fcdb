import { useQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TPartsTicket } from '@cd/contracts/parts';
import { api } from '../../../lib/api';
import { partsKeys } from './query-keys';

export type TTicketResource = 'parts_sales' | 'parts_counter_tickets';

/** GET /api/parts_sales or /api/parts_counter_tickets ?customer&pagination=false: one account's tickets, newest first. */
export function usePartsTickets(resource: TTicketResource, customerId: number) {
  return useQuery({
    queryKey: partsKeys.tickets(resource, customerId),
    queryFn: ({ signal }) =>
      api.request<THydraCollection<TPartsTicket>>(`/api/${resource}`, { query: { customer: customerId, pagination: 'false' }, signal, silent: true }),
  });
}
