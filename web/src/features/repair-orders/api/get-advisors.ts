import { queryOptions, useQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TUser } from '@cd/contracts/user';
import { api } from '../../../lib/api';
import { repairOrderKeys } from './query-keys';

/**
 * GET /api/users (enabled users of the company), keeping those flagged service advisor. Quiet: without the right to
 * list users the picker simply offers none and the order keeps no advisor.
 */
export async function fetchAdvisors(signal?: AbortSignal): Promise<TUser[]> {
  const body = await api.request<THydraCollection<TUser>>('/api/users', { query: { enabled: true, itemsPerPage: 100 }, signal, silent: true });
  return (body?.member ?? []).filter((u) => u.advisor);
}

export function advisorsQueryOptions() {
  return queryOptions({ queryKey: repairOrderKeys.advisors, queryFn: ({ signal }) => fetchAdvisors(signal), staleTime: 5 * 60_000 });
}

export function useAdvisors(enabled = true) {
  return useQuery({ ...advisorsQueryOptions(), enabled });
}
