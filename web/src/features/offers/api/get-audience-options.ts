import { useQuery } from '@tanstack/react-query';
import type { TCustomerGroup } from '@cd/contracts/customer-group';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TInterest } from '@cd/contracts/interests';
import { api } from '../../../lib/api';
import { offerKeys } from './query-keys';

/** GET /api/interests?pagination=false: the categories an offer can go to (with their member counts). Quiet: the picker says it failed. */
export async function fetchAudienceInterests(opts: { signal?: AbortSignal } = {}): Promise<TInterest[]> {
  const body = await api.request<THydraCollection<TInterest>>('/api/interests', { query: { pagination: 'false' }, signal: opts.signal, silent: true });
  return body?.member ?? [];
}

export function useAudienceInterests() {
  return useQuery({ queryKey: offerKeys.interests, queryFn: ({ signal }) => fetchAudienceInterests({ signal }), staleTime: 30_000 });
}

/** GET /api/customer_groups: the groups an offer can go to. Quiet: a user without the groups screen still composes by interest or tag. */
export async function fetchAudienceGroups(opts: { signal?: AbortSignal } = {}): Promise<TCustomerGroup[]> {
  const body = await api.request<THydraCollection<TCustomerGroup>>('/api/customer_groups', { query: { itemsPerPage: 500 }, signal: opts.signal, silent: true });
  return [...(body?.member ?? [])].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
}

export function useAudienceGroups() {
  return useQuery({ queryKey: offerKeys.groups, queryFn: ({ signal }) => fetchAudienceGroups({ signal }), staleTime: 30_000 });
}
