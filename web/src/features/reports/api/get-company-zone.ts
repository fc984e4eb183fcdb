import { useQuery } from '@tanstack/react-query';
import type { TCompany } from '@cd/contracts/company';
import { api } from '../../../lib/api';
import { reportsKeys } from './query-keys';

export interface TCompanyZone {
  timeZone: string;
  country: string | null;
}

/** GET /api/companies/{id}, kept to its time zone and country: a period's days are the company's, as the server counts them. */
export function fetchCompanyZone(opts: { companyId: number; signal?: AbortSignal }): Promise<TCompanyZone> {
  return api
    .request<TCompany>(`/api/companies/${opts.companyId}`, { signal: opts.signal, silent: true })
    .then((c) => ({ timeZone: c.timezone, country: c.country ?? null }));
}

export function useCompanyZone(companyId: number | null) {
  return useQuery({
    queryKey: reportsKeys.companyZone(companyId ?? 0),
    queryFn: ({ signal }) => fetchCompanyZone({ companyId: companyId ?? 0, signal }),
    enabled: companyId !== null && companyId > 0,
    staleTime: 10 * 60_000,
  });
}
