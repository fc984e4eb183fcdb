import { useQuery } from '@tanstack/react-query';
import type { TCompany } from '@cd/contracts/company';
import { api } from '../../../lib/api';
import { arKeys } from './query-keys';

/** GET /api/companies/{id}, kept to its time zone: a statement's period is in the company's days, as the server checks. */
export function fetchCompanyZone(opts: { companyId: number; signal?: AbortSignal }): Promise<string> {
  return api.request<TCompany>(`/api/companies/${opts.companyId}`, { signal: opts.signal, silent: true }).then((c) => c.timezone);
}

export function useCompanyZone(companyId: number | null) {
  return useQuery({
    queryKey: arKeys.companyZone(companyId ?? 0),
    queryFn: ({ signal }) => fetchCompanyZone({ companyId: companyId ?? 0, signal }),
    enabled: companyId !== null && companyId > 0,
    staleTime: 10 * 60_000,
  });
}
