import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TOffer } from '@cd/contracts/offers';
import { api } from '../../../lib/api';
import { offerKeys } from './query-keys';

export const OFFERS_PER_PAGE = 30;

/** GET /api/offers: newest first, keyset paged (`view.next`). Silent: the page shows its own error (403 names the module or role). */
export function fetchOffers(opts: { next: string | null; signal?: AbortSignal }): Promise<THydraCollection<TOffer>> {
  if (opts.next) return api.request<THydraCollection<TOffer>>(opts.next, { signal: opts.signal, silent: true });
  return api.request<THydraCollection<TOffer>>('/api/offers', { query: { itemsPerPage: OFFERS_PER_PAGE }, signal: opts.signal, silent: true });
}

export function offersQueryOptions() {
  return infiniteQueryOptions({
    queryKey: offerKeys.list,
    queryFn: ({ pageParam, signal }) => fetchOffers({ next: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.view?.next ?? undefined,
  });
}

export function useOffers() {
  return useInfiniteQuery(offersQueryOptions());
}
