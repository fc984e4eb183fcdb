import { queryOptions, useQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TColleague } from '@cd/contracts/user';
import { api } from '../../../lib/api';
import { userMenuKeys } from './query-keys';

/** GET /api/users/colleagues: enabled users of the (effective) user's company, without them — the transfer picker. */
export async function fetchColleagues(signal?: AbortSignal): Promise<TColleague[]> {
  const body = await api.request<THydraCollection<TColleague>>('/api/users/colleagues', { signal });
  return body?.member ?? [];
}

export function colleaguesQueryOptions() {
  return queryOptions({ queryKey: userMenuKeys.colleagues, queryFn: ({ signal }) => fetchColleagues(signal), staleTime: 60_000 });
}

export function useColleagues(enabled: boolean) {
  return useQuery({ ...colleaguesQueryOptions(), enabled });
}
