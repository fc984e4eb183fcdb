import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import { REPORTS_PER_PAGE, type TReport } from '@cd/contracts/reports';
import { api } from '../../../lib/api';
import { reportsKeys } from './query-keys';

/** `type` narrows the list (the top list hides generated runs); `parent` lists one recurring report's runs. */
export interface TReportListFilters {
  type?: 'one_time' | 'recurring' | 'recurring_generated';
  parent?: number;
}

/**
 * GET /api/reports: newest first, 30 a page; later pages follow the server's `view.next` (keyset), never an offset.
 * Silent: the page shows its own error state with a retry.
 */
export function fetchReports(opts: { filters: TReportListFilters; next: string | null; signal?: AbortSignal }): Promise<THydraCollection<TReport>> {
  if (opts.next) return api.request<THydraCollection<TReport>>(opts.next, { signal: opts.signal, silent: true });
  return api.request<THydraCollection<TReport>>('/api/reports', {
    query: {
      itemsPerPage: REPORTS_PER_PAGE,
      type: opts.filters.type,
      parent: opts.filters.parent === undefined ? undefined : `/api/reports/${opts.filters.parent}`,
    },
    signal: opts.signal,
    silent: true,
  });
}

export function reportsQueryOptions(filters: TReportListFilters) {
  return infiniteQueryOptions({
    queryKey: reportsKeys.list({ ...filters }),
    queryFn: ({ pageParam, signal }) => fetchReports({ filters, next: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.view?.next ?? undefined,
  });
}

export function useReports(filters: TReportListFilters, opts: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...reportsQueryOptions(filters), enabled: opts.enabled ?? true });
}
