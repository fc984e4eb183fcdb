import { useQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TListingInterest } from '@cd/contracts/interests';
import { api } from '../../../lib/api';
import { listingsKeys } from './query-keys';

/** GET /api/listing_interests?customer={id}&pagination=false: the listings a customer asked about (customer details). */
export function useCustomerListingInterests(customerId: number, opts: { enabled: boolean }) {
  return useQuery({
    queryKey: listingsKeys.customerListingInterests(customerId),
    queryFn: async ({ signal }) => {
      const body = await api.request<THydraCollection<TListingInterest>>('/api/listing_interests', {
        query: { customer: customerId, pagination: 'false' },
        signal,
        silent: true,
      });
      return body.member;
    },
    enabled: opts.enabled,
  });
}
