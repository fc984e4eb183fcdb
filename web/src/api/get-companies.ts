import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { TCompany } from '@cd/contracts/company';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TLiveEvent } from '@cd/contracts/live';
import { api } from '../lib/api';

export interface TCompaniesParams {
  page: number;
  itemsPerPage: number;
  name: string;
}

/** Every companies list (the companies screen, the impersonation company picker) starts with this key. */
export const companiesQueryKey = ['companies'] as const;

/**
 * GET /api/companies (super admin: every company), hydra paged, optional name search. `asRealUser` sends it
 * without the impersonate parameter: the impersonation picker lists the real super admin's choices.
 */
export function fetchCompanies(opts: { params: TCompaniesParams; asRealUser?: boolean; signal?: AbortSignal }): Promise<THydraCollection<TCompany>> {
  const { page, itemsPerPage, name } = opts.params;
  return api.request<THydraCollection<TCompany>>('/api/companies', {
    query: { page, itemsPerPage, name: name.trim() || undefined },
    impersonate: opts.asRealUser ? false : undefined,
    signal: opts.signal,
  });
}

export function companiesQueryOptions(opts: { params: TCompaniesParams; asRealUser?: boolean }) {
  const asRealUser = opts.asRealUser ?? false;
  return queryOptions({
    // The two identities may see different companies, so the key tells them apart.
    queryKey: [...companiesQueryKey, opts.params, { asRealUser }],
    queryFn: ({ signal }) => fetchCompanies({ params: opts.params, asRealUser, signal }),
    // Keep the current page (or the previous search's matches) on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useCompanies(opts: { params: TCompaniesParams; asRealUser?: boolean; enabled?: boolean }) {
  return useQuery({ ...companiesQueryOptions(opts), enabled: opts.enabled ?? true });
}

/** A `company` event (renamed, enabled, modules changed, created, removed) makes every companies list refetch. */
export function invalidateCompaniesOnLiveEvent(opts: { queryClient: QueryClient; event: TLiveEvent }): boolean {
  if (opts.event.entity !== 'company') return false;
  void opts.queryClient.invalidateQueries({ queryKey: companiesQueryKey });
  return true;
}
