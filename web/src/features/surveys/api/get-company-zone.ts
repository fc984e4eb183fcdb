import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCompany } from '@cd/contracts/company';
import { api } from '../../../lib/api';
import { surveyKeys } from './query-keys';

export interface TCompanyZone {
  timezone: string;
  country: string;
}

/** GET /api/companies/{id}, kept to what the dashboard needs: its days are the company's local days. */
export function fetchCompanyZone(opts: { companyId: number; signal?: AbortSignal }): Promise<TCompanyZone> {
  return api.request<TCompany>(`/api/companies/${opts.companyId}`, { signal: opts.signal }).then((c) => ({ timezone: c.timezone, country: c.country }));
}

export function companyZoneQueryOptions(companyId: number) {
  return queryOptions({
    queryKey: surveyKeys.companyZone(companyId),
    queryFn: ({ signal }) => fetchCompanyZone({ companyId, signal }),
    staleTime: 10 * 60_000,
  });
}

export function useCompanyZone(companyId: number | null) {
  return useQuery({ ...companyZoneQueryOptions(companyId ?? 0), enabled: companyId !== null && companyId > 0 });
}
