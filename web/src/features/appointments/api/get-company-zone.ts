import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_GRANULARITY_MINUTES } from '@cd/contracts/appointment-constants';
import type { TCompany } from '@cd/contracts/company';
import { api } from '../../../lib/api';
import { appointmentKeys } from './query-keys';

export interface TCompanyZone {
  timezone: string;
  country: string;
  /** Minutes appointments start on (the company's setting, else the default): drags snap to it. */
  granularity: number;
}

/** GET /api/companies/{id}, kept to its clock and slot grid: the calendar and booking run on the company's time. */
export function fetchCompanyZone(opts: { companyId: number; signal?: AbortSignal }): Promise<TCompanyZone> {
  return api
    .request<TCompany>(`/api/companies/${opts.companyId}`, { signal: opts.signal, silent: true })
    .then((c) => ({ timezone: c.timezone, country: c.country, granularity: c.appointmentsSettings?.granularity ?? DEFAULT_GRANULARITY_MINUTES }));
}

export function companyZoneQueryOptions(companyId: number) {
  return queryOptions({
    queryKey: appointmentKeys.companyZone(companyId),
    queryFn: ({ signal }) => fetchCompanyZone({ companyId, signal }),
    staleTime: 10 * 60_000,
  });
}

export function useCompanyZone(companyId: number | null) {
  return useQuery({ ...companyZoneQueryOptions(companyId ?? 0), enabled: companyId !== null && companyId > 0 });
}
