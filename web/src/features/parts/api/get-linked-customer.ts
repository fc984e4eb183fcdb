import { useQuery } from '@tanstack/react-query';
import type { TCustomer } from '@cd/contracts/customer';
import { api } from '../../../lib/api';

/** The id of `/api/customers/{id}` (the parts customer's `customer` reference), or null. */
export function linkedCustomerIdOf(iri: string | null | undefined): number | null {
  const m = iri ? /^\/api\/customers\/(\d+)$/.exec(iri) : null;
  return m ? Number(m[1]) : null;
}

/**
 * GET /api/customers/{id}: the name and phone of the messaging customer a trade account is linked to. Same cache key
 * as the conversations screen's customer query. A 404 (a customer this user may not see) is left to the caller.
 */
export function useLinkedCustomer(iri: string | null | undefined) {
  const id = linkedCustomerIdOf(iri);
  return useQuery({
    queryKey: ['customers', 'detail', id ?? 0] as const,
    queryFn: ({ signal }) => api.request<TCustomer>(`/api/customers/${id}`, { signal, silent: true }),
    enabled: id !== null,
  });
}
