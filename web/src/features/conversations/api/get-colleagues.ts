import { queryOptions, useQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TColleague } from '@cd/contracts/user';
import { api } from '../../../lib/api';
import { conversationKeys } from './query-keys';

/** GET /api/users/colleagues: enabled users of the caller's company, without the caller. */
export async function fetchColleagues(signal?: AbortSignal): Promise<TColleague[]> {
  const body = await api.request<THydraCollection<TColleague>>('/api/users/colleagues', { signal, silent: true });
  return body?.member ?? [];
}

export function colleaguesQueryOptions() {
  return queryOptions({ queryKey: conversationKeys.colleagues, queryFn: ({ signal }) => fetchColleagues(signal), staleTime: 5 * 60_000 });
}

export function useColleagues() {
  return useQuery(colleaguesQueryOptions());
}
