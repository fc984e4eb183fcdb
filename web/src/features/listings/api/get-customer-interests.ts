import { useQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TCustomerInterest } from '@cd/contracts/interests';
import { api } from '../../../lib/api';
import { listingsKeys } from './query-keys';

/** GET /api/customer_interests?customer={id}: the interest categories a customer has ("3-bed under $400k"). */
export function useCustomerInterests(customerId: number, opts: { enabled: boolean }) {
  return useQuery({
    queryKey: listingsKeys.customerCategories(customerId),
    queryFn: async ({ signal }) => {
      const body = await api.request<THydraCollection<TCustomerInterest>>('/api/customer_interests', {
        query: { customer: customerId, pagination: 'false' },
        signal,
        silent: true,
      });
      return body.member;
    },
    enabled: opts.enabled,
  });
}
