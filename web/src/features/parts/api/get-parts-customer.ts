import { useQuery } from '@tanstack/react-query';
import type { TPartsCustomer } from '@cd/contracts/parts';
import { api } from '../../../lib/api';
import { partsKeys } from './query-keys';

/** GET /api/parts_customers/{id}: one account with its balance. */
export function usePartsCustomer(id: number | null) {
  return useQuery({
    queryKey: partsKeys.customer(id ?? 0),
    queryFn: ({ signal }) => api.request<TPartsCustomer>(`/api/parts_customers/${id}`, { signal, silent: true }),
    enabled: id !== null,
  });
}
