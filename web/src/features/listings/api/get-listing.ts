import { useQuery } from '@tanstack/react-query';
import type { TListing } from '@cd/contracts/listings';
import { api } from '../../../lib/api';
import { listingsKeys } from './query-keys';

/** GET /api/listings/{id}: the drawer's listing (fresh, with its keyword and agent names). */
export function useListing(id: number | null) {
  return useQuery({
    queryKey: listingsKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.request<TListing>(`/api/listings/${id}`, { signal, silent: true }),
    enabled: id !== null,
  });
}
