import { queryOptions, useQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TUser } from '@cd/contracts/user';
import { api } from '../../../lib/api';

/** Every users query of a company (this table and the default customer user picker) starts with this key. */
export const companyUsersKey = (companyId: number) => ['company', companyId, 'users'] as const;

/** GET /api/users?company={id}&pagination=false: all users of the company, disabled ones included (the users tab). */
export async function fetchUsers(companyId: number, signal?: AbortSignal): Promise<TUser[]> {
  const body = await api.request<THydraCollection<TUser>>('/api/users', {
    query: { company: companyId, pagination: 'false' },
    signal,
    // The tab shows its own error (and the "admins only" answer) instead of a toast.
    silent: true,
  });
  return body.member;
}

export function usersQueryOptions(companyId: number) {
  return queryOptions({
    queryKey: [...companyUsersKey(companyId), 'all'],
    queryFn: ({ signal }) => fetchUsers(companyId, signal),
  });
}

export function useUsers(companyId: number) {
  return useQuery(usersQueryOptions(companyId));
}
