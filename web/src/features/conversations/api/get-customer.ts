import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCustomer } from '@cd/contracts/customer';
import { api } from '../../../lib/api';
import { conversationKeys } from './query-keys';

/** GET /api/customers/{id}. 404 is shown by the page itself. */
export function fetchCustomer(id: number, signal?: AbortSignal): Promise<TCustomer> {
  return api.request<TCustomer>(`/api/customers/${id}`, { signal, silent: [403, 404] });
}

export function customerQueryOptions(id: number) {
  return queryOptions({
    queryKey: conversationKeys.detail(id),
    queryFn: ({ signal }) => fetchCustomer(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useCustomer(id: number) {
  return useQuery(customerQueryOptions(id));
}
