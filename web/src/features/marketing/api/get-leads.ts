import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TLead } from '@cd/contracts/leads';
import { api } from '../../../lib/api';
import { leadApiQuery, type TLeadFilters } from '../lib/leads-query';
import { marketingKeys } from './query-keys';

export const LEADS_PER_PAGE = 50;

/**
 * GET /api/marketing/leads: newest first; later pages follow the server's `view.next` (keyset), never an offset.
 * Silent: the page shows its own error state with a retry (a 403 names the missing role or module).
 */
export function fetchLeads(opts: { filters: TLeadFilters; next: string | null; signal?: AbortSignal }): Promise<THydraCollection<TLead>> {
  if (opts.next) return api.request<THydraCollection<TLead>>(opts.next, { signal: opts.signal, silent: true });
  return api.request<THydraCollection<TLead>>('/api/marketing/leads', {
    query: { ...leadApiQuery(opts.filters), itemsPerPage: LEADS_PER_PAGE },
    signal: opts.signal,
    silent: true,
  });
}

export function leadsQueryOptions(filters: TLeadFilters) {
  return infiniteQueryOptions({
    queryKey: marketingKeys.leadList(filters),
    queryFn: ({ pageParam, signal }) => fetchLeads({ filters, next: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.view?.next ?? undefined,
  });
}

export function useLeads(filters: TLeadFilters) {
  return useInfiniteQuery(leadsQueryOptions(filters));
}
