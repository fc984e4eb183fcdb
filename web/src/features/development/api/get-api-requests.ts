import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { TApiRequest } from '@cd/contracts/dev-logs';
import type { THydraCollection } from '@cd/contracts/hydra';
import { api } from '../../../lib/api';
import { apiLogQueryOf, writeApiLogSearch, type TApiLogSearch } from '../lib/dev-search';
import { apiRequestsQueryKey } from './query-keys';

/**
 * GET /api/development/api_requests (super admins): outside calls, newest first. Older pages follow the server's
 * `view.next` link (keyset on createdAt + id), never an offset.
 */
export function fetchApiRequests(opts: { search: TApiLogSearch; next: string | null; signal?: AbortSignal }): Promise<THydraCollection<TApiRequest>> {
  if (opts.next) return api.request<THydraCollection<TApiRequest>>(opts.next, { signal: opts.signal });
  return api.request<THydraCollection<TApiRequest>>('/api/development/api_requests', { query: apiLogQueryOf(opts.search), signal: opts.signal });
}

/** The list's key: the filters only (the open row does not change the list). */
const listKeyOf = (search: TApiLogSearch) => writeApiLogSearch({ ...search, open: null }).toString();

export function apiRequestsQueryOptions(search: TApiLogSearch) {
  return infiniteQueryOptions({
    queryKey: [...apiRequestsQueryKey, 'list', listKeyOf(search)],
    queryFn: ({ pageParam, signal }) => fetchApiRequests({ search, next: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.view?.next ?? undefined,
  });
}

export function useApiRequests(search: TApiLogSearch) {
  return useInfiniteQuery(apiRequestsQueryOptions(search));
}

/** Live tail: the newest page alone, asked again every `intervalMs` while the tab is visible (paused when hidden). */
export function useApiRequestsTail(opts: { search: TApiLogSearch; enabled: boolean; intervalMs: number }) {
  return useQuery({
    queryKey: [...apiRequestsQueryKey, 'tail', listKeyOf(opts.search)],
    queryFn: ({ signal }) => fetchApiRequests({ search: opts.search, next: null, signal }),
    enabled: opts.enabled,
    refetchInterval: opts.enabled ? opts.intervalMs : false,
    refetchIntervalInBackground: false,
  });
}
