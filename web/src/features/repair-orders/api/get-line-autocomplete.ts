import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TLineAutocompleteOption } from '@cd/contracts/repair-order-line';
import { api } from '../../../lib/api';
import { repairOrderKeys } from './query-keys';

/** GET /api/repair_order_lines/autocomplete_options?q=…: past descriptions, most used first (a plain list or a collection). */
export async function fetchLineAutocomplete(q: string, signal?: AbortSignal): Promise<TLineAutocompleteOption[]> {
  const body = await api.request<TLineAutocompleteOption[] | { member: TLineAutocompleteOption[] }>('/api/repair_order_lines/autocomplete_options', {
    query: { q: q.trim() || undefined },
    signal,
    silent: true,
  });
  return Array.isArray(body) ? body : (body?.member ?? []);
}

export function lineAutocompleteQueryOptions(q: string) {
  return queryOptions({
    queryKey: repairOrderKeys.lineOptions(q.trim()),
    queryFn: ({ signal }) => fetchLineAutocomplete(q, signal),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useLineAutocomplete(q: string, enabled: boolean) {
  return useQuery({ ...lineAutocompleteQueryOptions(q), enabled });
}
