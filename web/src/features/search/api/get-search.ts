import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TSearchHit } from '@cd/contracts/search';
import { api } from '../../../lib/api';

export const searchKeys = {
  all: ['search'] as const,
  list: (params: Record<string, string>) => ['search', params] as const,
};

/**
 * GET /api/search: hits newest first, 20 a page; later pages follow the server's `view.next` (an opaque cursor),
 * never an offset.
 */
export function fetchSearch(opts: { params: Record<string, string>; next: string | null; signal?: AbortSignal }): Promise<THydraCollection<TSearchHit>> {
  if (opts.next) return api.request<THydraCollection<TSearchHit>>(opts.next, { signal: opts.signal, silent: true });
  return api.request<THydraCollection<TSearchHit>>('/api/search', { query: opts.params, signal: opts.signal, silent: true });
}

export function searchQueryOptions(params: Record<string, string>) {
  return infiniteQueryOptions({
    queryKey: searchKeys.list(params),
    queryFn: ({ pageParam, signal }) => fetchSearch({ params, next: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.view?.next ?? undefined,
    // Results go stale quickly (new messages arrive); a reopened search asks again.
    staleTime: 0,
  });
}

export function useSearch(params: Record<string, string>, enabled: boolean) {
  return useInfiniteQuery({ ...searchQueryOptions(params), enabled });
}
