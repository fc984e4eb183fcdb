import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCompany } from '@cd/contracts/company';
import { api } from '../../../lib/api';

/** GET /api/companies/{id}. */
export function fetchCompany(id: number, signal?: AbortSignal): Promise<TCompany> {
  return api.request<TCompany>(`/api/companies/${id}`, { signal });
}

export function companyQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['company', id],
    queryFn: ({ signal }) => fetchCompany(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useCompany(id: number) {
  return useQuery(companyQueryOptions(id));
}
