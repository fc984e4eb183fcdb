import { queryOptions, useQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import { api } from '../../../lib/api';
import { routingKeys } from './query-keys';

interface TUserItem {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
}

/** GET /api/users?pagination=false: the company's users, for the fixed-user rule and the decision history's names. */
export function fetchCompanyUsers(opts: { signal?: AbortSignal }): Promise<{ id: number; name: string }[]> {
  return api
    .request<THydraCollection<TUserItem>>('/api/users', { query: { pagination: 'false' }, signal: opts.signal, silent: true })
    .then((c) => c.member.map((u) => ({ id: u.id, name: `${u.firstName} ${u.lastName}`.trim() || u.email })));
}

export function companyUsersQueryOptions() {
  return queryOptions({ queryKey: [...routingKeys.all, 'users'] as const, queryFn: ({ signal }) => fetchCompanyUsers({ signal }) });
}

export function useCompanyUsers() {
  return useQuery(companyUsersQueryOptions());
}
