import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMe } from '@cd/contracts/user';
import { api } from '../../../lib/api';
import { ME_QUERY_KEY } from '../../../lib/current-user';
import { hasToken } from '../../../lib/storage-keys';

export const meQueryKey = ME_QUERY_KEY;

/** GET /api/me: the effective user (impersonated one while impersonating) with the shell's company view. */
export function fetchMe(signal?: AbortSignal): Promise<TMe> {
  return api.request<TMe>('/api/me', { signal });
}

export function meQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => fetchMe(signal),
    enabled: hasToken(),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function useMe() {
  return useQuery(meQueryOptions());
}
