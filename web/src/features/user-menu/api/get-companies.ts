import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import { api } from '../../../lib/api';
import { userMenuKeys } from './query-keys';

export interface TCompanyChoice {
  id: number;
  name: string;
}

/** GET /api/companies?name=…: a super admin's company choices (first 30 matches), without the impersonate parameter. */
export async function fetchCompanyChoices(opts: { name: string; signal?: AbortSignal }): Promise<TCompanyChoice[]> {
  const body = await api.request<THydraCollection<TCompanyChoice>>('/api/companies', {
    query: { name: opts.name.trim() || undefined, itemsPerPage: 30 },
    impersonate: false,
    signal: opts.signal,
  });
  return (body?.member ?? []).map((c) => ({ id: c.id, name: c.name }));
}

export function companyChoicesQueryOptions(name: string) {
  return queryOptions({
    queryKey: userMenuKeys.companies(name),
    queryFn: ({ signal }) => fetchCompanyChoices({ name, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCompanyChoices(opts: { name: string; enabled: boolean }) {
  return useQuery({ ...companyChoicesQueryOptions(opts.name), enabled: opts.enabled });
}
