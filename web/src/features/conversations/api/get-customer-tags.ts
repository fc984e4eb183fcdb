import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { conversationKeys } from './query-keys';

export interface TCustomerTag {
  name: string;
  count: number;
}

/** GET /api/customer_tags → [{name, count}] (a Hydra wrapper is accepted too). */
export async function fetchCustomerTags(signal?: AbortSignal): Promise<TCustomerTag[]> {
  const body = await api.request<TCustomerTag[] | { member?: TCustomerTag[] }>('/api/customer_tags', { signal, silent: true });
  return Array.isArray(body) ? body : (body?.member ?? []);
}

export function customerTagsQueryOptions() {
  return queryOptions({ queryKey: conversationKeys.tags, queryFn: ({ signal }) => fetchCustomerTags(signal), staleTime: 60_000 });
}

export function useCustomerTags() {
  return useQuery(customerTagsQueryOptions());
}
