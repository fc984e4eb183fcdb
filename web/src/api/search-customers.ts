import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TCustomerSimple } from '@cd/contracts/customer';
import { api } from '../lib/api';

/** Searches of the customer pickers (merge dialog, group members); the key holds the trimmed text. */
export const customerSearchQueryKey = (search: string) => ['customers', 'simple', search.trim()] as const;

/** GET /api/customers/simple?search= → up to 20 {id, name, phone} the caller may see. */
export async function searchCustomers(opts: { search: string; signal?: AbortSignal }): Promise<TCustomerSimple[]> {
  const body = await api.request<{ member?: TCustomerSimple[] }>('/api/customers/simple', {
    query: { search: opts.search.trim() },
    signal: opts.signal,
    silent: true,
  });
  return body?.member ?? [];
}

export function customerSearchQueryOptions(search: string) {
  return queryOptions({
    queryKey: customerSearchQueryKey(search),
    queryFn: ({ signal }) => searchCustomers({ search, signal }),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

export function useCustomerSearch(opts: { search: string; enabled: boolean }) {
  return useQuery({ ...customerSearchQueryOptions(opts.search), enabled: opts.enabled });
}
