import { useInfiniteQuery } from '@tanstack/react-query';
import type { TChargeCustomer } from '@cd/contracts/accounting';
import type { THydraCollection } from '@cd/contracts/hydra';
import { api } from '../../../lib/api';
import { arKeys } from './query-keys';

export const CHARGE_CUSTOMERS_PAGE = 50;

/** GET /api/charge_customers?search=&page=: by name, with each account's aging; pages until view.next is absent. */
export function fetchChargeCustomers(opts: { search: string; page: number; signal?: AbortSignal }): Promise<THydraCollection<TChargeCustomer>> {
  return api.request('/api/charge_customers', {
    query: { search: opts.search || undefined, page: opts.page, itemsPerPage: CHARGE_CUSTOMERS_PAGE },
    signal: opts.signal,
    silent: true,
  });
}

export function useChargeCustomers(search: string) {
  return useInfiniteQuery({
    queryKey: arKeys.customers(search),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => fetchChargeCustomers({ search, page: pageParam, signal }),
    getNextPageParam: (last, _all, page) => (last.view?.next ? page + 1 : undefined),
  });
}
