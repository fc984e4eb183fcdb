import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TCustomerSimple } from '@cd/contracts/customer';
import { api } from '../../../lib/api';

/** The shortest text searched: one character would match most of the company's customers. */
export const MESSAGING_SEARCH_MIN = 2;

/**
 * GET /api/customers/simple?search= → up to 20 {id, name, phone} of the company's messaging customers (by name or
 * phone) the user may see: the candidates a trade account can be linked to. Same key as the other customer pickers.
 */
export async function searchMessagingCustomers(opts: { search: string; signal?: AbortSignal }): Promise<TCustomerSimple[]> {
  const body = await api.request<{ member?: TCustomerSimple[] }>('/api/customers/simple', {
    query: { search: opts.search.trim() },
    signal: opts.signal,
    silent: true,
  });
  return body?.member ?? [];
}

export function useMessagingCustomerSearch(search: string) {
  const text = search.trim();
  return useQuery({
    queryKey: ['customers', 'simple', text] as const,
    queryFn: ({ signal }) => searchMessagingCustomers({ search: text, signal }),
    enabled: text.length >= MESSAGING_SEARCH_MIN,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
