import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { groupKeys } from './query-keys';

export interface TCustomerOption {
  id: number;
  name: string;
  phone: string | null;
}

/** GET /api/customers/simple?search= → {member: [{id, name, phone}]} (for adding group members). */
export async function searchCustomers(search: string, signal?: AbortSignal): Promise<TCustomerOption[]> {
  const body = await api.request<{ member?: TCustomerOption[] }>('/api/customers/simple', { query: { search: search.trim() }, signal, silent: true });
  return body?.member ?? [];
}

export function customerSearchQueryOptions(search: string) {
  return queryOptions({
    queryKey: groupKeys.customerSearch(search.trim()),
    queryFn: ({ signal }) => searchCustomers(search, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

export function useCustomerSearch(search: string, enabled: boolean) {
  return useQuery({ ...customerSearchQueryOptions(search), enabled });
}
