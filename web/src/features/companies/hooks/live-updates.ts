import type { QueryClient } from '@tanstack/react-query';
import type { TCompanyService } from '@cd/contracts/company-service';
import type { TLiveEvent } from '@cd/contracts/live';
import { ME_QUERY_KEY } from '../../../lib/current-user';
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
  if (event.entity === 'company') return refetchChangedCompany(queryClient, event);
  if (event.entity === 'company_user') {
    // Another admin added, edited, disabled or removed a user: the users table and the user pickers refetch.
    void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'company' && q.queryKey[2] === 'users' });
    return true;
  }
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

/**
 * Live `company` events name the company and its changed fields only (everyone in the company hears them); the
 * screen refetches what this user may see: the company (settings tabs follow its modules) and the signed-in user's
 * company data (menu and warnings banner); the companies list follows in api/get-companies.ts.
 */
function refetchChangedCompany(queryClient: QueryClient, event: TLiveEvent): boolean {
  const id = (event.data as { id?: unknown } | null)?.id;
  if (typeof id === 'number') void queryClient.invalidateQueries({ queryKey: ['company', id], exact: true });
  void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
  return true;
}
