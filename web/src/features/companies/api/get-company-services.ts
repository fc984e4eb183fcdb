import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCompanyService } from '@cd/contracts/company-service';
import type { THydraCollection } from '@cd/contracts/hydra';
import { api } from '../../../lib/api';

export const companyServicesQueryKey = (companyId: number) => ['company', companyId, 'services'] as const;

/** GET /api/company_services?company={id}&pagination=false: the whole catalogue (ordered by title by the server). */
export async function fetchCompanyServices(companyId: number, signal?: AbortSignal): Promise<TCompanyService[]> {
  const body = await api.request<THydraCollection<TCompanyService>>('/api/company_services', {
    query: { company: companyId, pagination: 'false' },
    signal,
    // The section shows its own error state with a retry.
    silent: true,
  });
  return body.member;
}

export function companyServicesQueryOptions(companyId: number) {
  return queryOptions({
    queryKey: companyServicesQueryKey(companyId),
    queryFn: ({ signal }) => fetchCompanyServices(companyId, signal),
  });
}

export function useCompanyServices(companyId: number) {
  return useQuery(companyServicesQueryOptions(companyId));
}
