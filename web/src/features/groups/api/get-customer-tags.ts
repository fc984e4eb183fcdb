import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { groupKeys } from './query-keys';

export interface TTagOption {
  name: string;
  count: number;
}

/** GET /api/customer_tags → {member: [{name, count}]} (a bare array is accepted too). */
export async function fetchTags(signal?: AbortSignal): Promise<TTagOption[]> {
  const body = await api.request<TTagOption[] | { member?: TTagOption[] }>('/api/customer_tags', { signal, silent: true });
  return Array.isArray(body) ? body : (body?.member ?? []);
}

export function tagsQueryOptions() {
  return queryOptions({ queryKey: groupKeys.tags, queryFn: ({ signal }) => fetchTags(signal), staleTime: 60_000 });
}

export function useTags(enabled: boolean) {
  return useQuery({ ...tagsQueryOptions(), enabled });
}
