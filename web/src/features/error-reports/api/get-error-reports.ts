import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ERROR_REPORTS_PER_PAGE, type TErrorReport } from '@cd/contracts/error-report';
import type { THydraCollection } from '@cd/contracts/hydra';
import { api } from '../../../lib/api';

export const errorReportsQueryKey = ['error-reports'] as const;

/**
 * GET /api/error_reports (super admins), newest first, optionally one release. Older pages follow the server's
 * `view.next` link (keyset on receivedAt with an id tie-breaker), never an offset.
 */
export function fetchErrorReports(opts: { release: string | null; next: string | null; signal?: AbortSignal }): Promise<THydraCollection<TErrorReport>> {
  if (opts.next) return api.request<THydraCollection<TErrorReport>>(opts.next, { signal: opts.signal });
  return api.request<THydraCollection<TErrorReport>>('/api/error_reports', {
    query: { itemsPerPage: ERROR_REPORTS_PER_PAGE, release: opts.release ?? undefined },
    signal: opts.signal,
  });
}

export function errorReportsQueryOptions(release: string | null) {
  return infiniteQueryOptions({
    queryKey: [...errorReportsQueryKey, 'list', release],
    queryFn: ({ pageParam, signal }) => fetchErrorReports({ release, next: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.view?.next ?? undefined,
  });
}

export function useErrorReports(release: string | null) {
  return useInfiniteQuery(errorReportsQueryOptions(release));
}
