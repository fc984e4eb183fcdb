import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TCustomer } from '@cd/contracts/customer';
import type { THydraCollection } from '@cd/contracts/hydra';
import { api } from '../../../lib/api';
import { buildInboxQuery, effectiveFilters, inboxPath, type TInboxFilters } from '../lib/inbox-query';
import { conversationKeys } from './query-keys';

/**
 * GET /api/customers (or /api/archived_customers): newest bumpedAt first, keyset paging. The first page is built
 * from the filters; later pages follow `view.next` exactly as the server wrote it.
 */
export function fetchCustomers(filters: TInboxFilters, next: string | null, signal?: AbortSignal): Promise<THydraCollection<TCustomer>> {
  if (next) return api.request<THydraCollection<TCustomer>>(next, { signal });
  return api.request<THydraCollection<TCustomer>>(inboxPath(filters), { query: buildInboxQuery(filters), signal });
}

export function customersQueryOptions(input: TInboxFilters) {
  const filters = effectiveFilters(input);
  return infiniteQueryOptions({
    queryKey: conversationKeys.list(filters),
    queryFn: ({ pageParam, signal }) => fetchCustomers(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.view?.next && last.member.length > 0 ? last.view.next : undefined),
  });
}

export function useCustomers(filters: TInboxFilters) {
  return useInfiniteQuery(customersQueryOptions(filters));
}
