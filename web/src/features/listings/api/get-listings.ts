import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TListing } from '@cd/contracts/listings';
import { api } from '../../../lib/api';
import { listingApiQuery, type TListingFilters } from '../lib/listings-query';
import { listingsKeys } from './query-keys';

export const LISTINGS_PER_PAGE = 30;

/**
 * GET /api/listings?archived=…: newest first; later pages follow the server's `view.next` (keyset), never an offset.
 * Silent: the page shows its own error state with a retry.
 */
export function fetchListings(opts: {
  filters: TListingFilters;
  archived: boolean;
  next: string | null;
  signal?: AbortSignal;
}): Promise<THydraCollection<TListing>> {
  if (opts.next) return api.request<THydraCollection<TListing>>(opts.next, { signal: opts.signal, silent: true });
  return api.request<THydraCollection<TListing>>('/api/listings', {
    query: { ...listingApiQuery({ ...opts.filters, archived: opts.archived }), itemsPerPage: LISTINGS_PER_PAGE },
    signal: opts.signal,
    silent: true,
  });
}

export function listingsQueryOptions(filters: TListingFilters, archived: boolean) {
  return infiniteQueryOptions({
    queryKey: listingsKeys.list({ ...filters, archived }),
    queryFn: ({ pageParam, signal }) => fetchListings({ filters, archived, next: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.view?.next ?? undefined,
  });
}

export function useListings(filters: TListingFilters, archived: boolean) {
  return useInfiniteQuery(listingsQueryOptions(filters, archived));
}
