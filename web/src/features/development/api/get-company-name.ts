import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCompany } from '@cd/contracts/company';
import { api } from '../../../lib/api';
import { developmentQueryKey } from './query-keys';

/** GET /api/companies/{id}: the name of the company a shared address filters by (the picker shows names). */
export function fetchCompanyName(id: string, signal?: AbortSignal): Promise<string> {
  return api.request<TCompany>(`/api/companies/${id}`, { signal, silent: true }).then((c) => c.name);
}

export function companyNameQueryOptions(id: string) {
  return queryOptions({ queryKey: [...developmentQueryKey, 'company-name', id], queryFn: ({ signal }) => fetchCompanyName(id, signal), staleTime: 300_000 });
}

export function useCompanyName(id: string | null) {
  return useQuery({ ...companyNameQueryOptions(id ?? ''), enabled: id !== null });
}
