import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCustomer } from '@cd/contracts/customer';
import { idOfIri } from '../lib/iri';
import { api } from '../../../lib/api';

/**
 * GET /api/customers/{id} for the order screen's header (the customer's name and phone). Same cache key as the
 * conversations feature's customer query, so both screens share one entry and its live updates.
 */
export function fetchOrderCustomer(id: number, signal?: AbortSignal): Promise<TCustomer> {
  return api.request<TCustomer>(`/api/customers/${id}`, { signal, silent: true });
}

export function orderCustomerQueryOptions(iri: string | null | undefined) {
  const id = idOfIri(iri) ?? 0;
  return queryOptions({ queryKey: ['customers', 'detail', id], queryFn: ({ signal }) => fetchOrderCustomer(id, signal), enabled: id > 0 });
}

export function useOrderCustomer(iri: string | null | undefined) {
  return useQuery(orderCustomerQueryOptions(iri));
}
