import { queryOptions, useQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TColleague } from '@cd/contracts/user';
import { api } from '../../../lib/api';
import { userMenuKeys } from './query-keys';

/**
 * GET /api/users/colleagues?impersonable=true[&company=]: the users the real signed-in user may impersonate
 * (the server applies the rank rules). Sent as the real user — without the impersonate parameter (spec part 1 §7).
 * Quiet: the dialog shows "error fetching impersonate users" itself.
 */
export async function fetchImpersonableUsers(opts: { companyId: number | null; signal?: AbortSignal }): Promise<TColleague[]> {
  const body = await api.request<THydraCollection<TColleague>>('/api/users/colleagues', {
    query: { impersonable: true, company: opts.companyId ?? undefined },
    impersonate: false,
    silent: true,
    signal: opts.signal,
  });
  return body?.member ?? [];
}

export function impersonableUsersQueryOptions(companyId: number | null) {
  return queryOptions({
    queryKey: userMenuKeys.impersonable(companyId),
    queryFn: ({ signal }) => fetchImpersonableUsers({ companyId, signal }),
    retry: false,
  });
}

export function useImpersonableUsers(opts: { companyId: number | null; enabled: boolean }) {
  return useQuery({ ...impersonableUsersQueryOptions(opts.companyId), enabled: opts.enabled });
}
