import type { QueryClient } from '@tanstack/react-query';
import type { TCompanyService } from '@cd/contracts/company-service';
import type { TLiveEvent } from '@cd/contracts/live';
import { companyServicesQueryKey } from '../api/get-company-services';
import { applyServiceEvent } from '../lib/service-form';

const companyIdOf = (iri: unknown): number | null => {
  const m = typeof iri === 'string' ? /^\/api\/companies\/(\d+)$/.exec(iri) : null;
  return m ? Number(m[1]) : null;
};

/**
 * Live `company_service` events (company topic) keep an open services table current when another admin, or the
 * same admin in another tab, changes the catalogue. An event without a usable resource refetches instead.
 */
export function handleCompaniesLiveEvent(queryClient: QueryClient, event: TLiveEvent): boolean {
  if (event.entity !== 'company_service') return false;
  const service = event.data as TCompanyService | null;
  const companyId = companyIdOf(service?.company);
  if (!service || typeof service.id !== 'number' || companyId === null || event.event === 'trigger') {
    void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'company' && q.queryKey[2] === 'services' });
    return true;
  }
  queryClient.setQueryData<TCompanyService[]>(companyServicesQueryKey(companyId), (old) =>
    old ? applyServiceEvent(old, event.event as 'created' | 'updated' | 'removed', service) : old,
  );
  return true;
}
