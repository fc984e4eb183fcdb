import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCompanyService } from '@cd/contracts/company-service';
import type { THydraCollection } from '@cd/contracts/hydra';
import { api } from '../../../lib/api';
import { appointmentKeys } from './query-keys';

/** GET /api/company_services (the catalogue, at most 200): what an appointment is booked for. */
export async function fetchCompanyServices(signal?: AbortSignal): Promise<TCompanyService[]> {
  const body = await api.request<THydraCollection<TCompanyService>>('/api/company_services', {
    query: { itemsPerPage: 200 },
    signal,
    silent: true,
  });
  return body.member;
}

export function companyServicesQueryOptions() {
  return queryOptions({ queryKey: appointmentKeys.services, queryFn: ({ signal }) => fetchCompanyServices(signal), staleTime: 5 * 60_000 });
}

export function useCompanyServices(options: { enabled?: boolean } = {}) {
  return useQuery({ ...companyServicesQueryOptions(), enabled: options.enabled ?? true });
}
