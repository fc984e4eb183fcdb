import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TCustomerSimple } from '@cd/contracts/customer';
import { api } from '../../../lib/api';

/** The shortest text searched: one character would match most of the company's customers. */
export const CUSTOMER_SEARCH_MIN = 2;

/** GET /api/customers/simple?search= → up to 20 {id, name, phone} the user may see. Same key as the other customer pickers. */
export async function searchCustomers(opts: { search: string; signal?: AbortSignal }): Promise<TCustomerSimple[]> {
  const body = await api.request<{ member?: TCustomerSimple[] }>('/api/customers/simple', {
    query: { search: opts.search.trim() },
    signal: opts.signal,
    silent: true,
  });
  return body?.member ?? [];
}

export function useCustomerSearch(search: string) {
  const text = search.trim();
  return useQuery({
    queryKey: ['customers', 'simple', text] as const,
    queryFn: ({ signal }) => searchCustomers({ search: text, signal }),
    enabled: text.length >= CUSTOMER_SEARCH_MIN,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
