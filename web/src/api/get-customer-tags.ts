import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCustomerTag } from '@cd/contracts/customer';
import { api } from '../lib/api';

/** The tags in use (inbox filter, customer form, group member filter); writes that change tags invalidate it. */
export const customerTagsQueryKey = ['customer_tags'] as const;

/** GET /api/customer_tags → {member: [{name, count}]} (a bare array is accepted too). Quiet: pickers stay usable without it. */
export async function fetchCustomerTags(opts: { signal?: AbortSignal } = {}): Promise<TCustomerTag[]> {
  const body = await api.request<TCustomerTag[] | { member?: TCustomerTag[] }>('/api/customer_tags', { signal: opts.signal, silent: true });
  return Array.isArray(body) ? body : (body?.member ?? []);
}

export function customerTagsQueryOptions() {
  return queryOptions({ queryKey: customerTagsQueryKey, queryFn: ({ signal }) => fetchCustomerTags({ signal }), staleTime: 60_000 });
}

export function useCustomerTags(opts: { enabled?: boolean } = {}) {
  return useQuery({ ...customerTagsQueryOptions(), enabled: opts.enabled ?? true });
}
