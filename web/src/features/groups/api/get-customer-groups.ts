import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { TCustomerGroup } from '../lib/types';
import { groupKeys } from './query-keys';

/** GET /api/customer_groups → hydra {member: [{id, name, memberCount, createdAt}]}. */
export async function fetchCustomerGroups(signal?: AbortSignal): Promise<TCustomerGroup[]> {
  const body = await api.request<{ member?: TCustomerGroup[] } | TCustomerGroup[]>('/api/customer_groups', { signal, query: { itemsPerPage: 500 } });
  const list = Array.isArray(body) ? body : (body?.member ?? []);
  return [...list].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
}

export function customerGroupsQueryOptions() {
  return queryOptions({ queryKey: groupKeys.list, queryFn: ({ signal }) => fetchCustomerGroups(signal) });
}

export function useCustomerGroups() {
  return useQuery(customerGroupsQueryOptions());
}
