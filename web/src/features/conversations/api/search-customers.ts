import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TCustomerSimple } from '@cd/contracts/customer';
import { api } from '../../../lib/api';
import { conversationKeys } from './query-keys';

/** GET /api/customers/simple?search= → up to 20 {id, name, phone} the caller may see (the merge dialog's picker). */
export async function searchCustomers(search: string, signal?: AbortSignal): Promise<TCustomerSimple[]> {
  const body = await api.request<{ member?: TCustomerSimple[] }>('/api/customers/simple', { query: { search: search.trim() }, signal, silent: true });
  return body?.member ?? [];
}

export function customerSearchQueryOptions(search: string) {
  return queryOptions({
    queryKey: conversationKeys.customerSearch(search.trim()),
    queryFn: ({ signal }) => searchCustomers(search, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

export function useCustomerSearch(search: string, enabled: boolean) {
  return useQuery({ ...customerSearchQueryOptions(search), enabled });
}
