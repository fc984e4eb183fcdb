import { queryOptions, useQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TUser } from '@cd/contracts/user';
import { api } from '../../../lib/api';

/** GET /api/users?company={id}&pagination=false&enabled=true: the company's users, for the default customer user picker. */
export async function fetchCompanyUsers(companyId: number, signal?: AbortSignal): Promise<TUser[]> {
  const body = await api.request<THydraCollection<TUser>>('/api/users', {
    query: { company: companyId, pagination: 'false', enabled: true },
    signal,
  });
  return body.member;
}

export function companyUsersQueryOptions(companyId: number) {
  return queryOptions({
    queryKey: ['company', companyId, 'users'],
    queryFn: ({ signal }) => fetchCompanyUsers(companyId, signal),
    staleTime: 60_000,
  });
}

export function useCompanyUsers(companyId: number, options: { enabled: boolean }) {
  return useQuery({ ...companyUsersQueryOptions(companyId), enabled: options.enabled });
}
