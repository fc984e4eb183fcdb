import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TLiveEvent } from '@cd/contracts/live';
import type { TColleague } from '@cd/contracts/user';
import { api } from '../lib/api';

/** One cache entry for every screen that lists colleagues (inbox assignees, customer owner, away transfer). */
export const colleaguesQueryKey = ['users', 'colleagues'] as const;

/**
 * GET /api/users/colleagues: enabled users of the (effective) user's company, without the caller. Quiet: the
 * pickers fall back to what they have and the away dialog shows its own "could not load" text.
 */
export async function fetchColleagues(opts: { signal?: AbortSignal } = {}): Promise<TColleague[]> {
  const body = await api.request<THydraCollection<TColleague>>('/api/users/colleagues', { signal: opts.signal, silent: true });
  return body?.member ?? [];
}

export function colleaguesQueryOptions() {
  return queryOptions({ queryKey: colleaguesQueryKey, queryFn: ({ signal }) => fetchColleagues({ signal }), staleTime: 60_000 });
}

export function useColleagues(opts: { enabled?: boolean } = {}) {
  return useQuery({ ...colleaguesQueryOptions(), enabled: opts.enabled ?? true });
}

/** A `company_user` event (a user added, renamed, disabled or removed) makes the list refetch wherever it is shown. */
export function invalidateColleaguesOnLiveEvent(opts: { queryClient: QueryClient; event: TLiveEvent }): boolean {
  if (opts.event.entity !== 'company_user') return false;
  void opts.queryClient.invalidateQueries({ queryKey: colleaguesQueryKey });
  return true;
}
