import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TCompany } from '@cd/contracts/company';
import type { THydraCollection } from '@cd/contracts/hydra';
import { api } from '../../../lib/api';

export interface TCompaniesParams {
  page: number;
  itemsPerPage: number;
  name: string;
}

export const companiesQueryKey = ['companies'] as const;

/** GET /api/companies (super admin: every company), hydra paged, optional name search. */
export function fetchCompanies(params: TCompaniesParams, signal?: AbortSignal): Promise<THydraCollection<TCompany>> {
  return api.request<THydraCollection<TCompany>>('/api/companies', {
    query: { page: params.page, itemsPerPage: params.itemsPerPage, name: params.name.trim() || undefined },
    signal,
  });
}

export function companiesQueryOptions(params: TCompaniesParams) {
  return queryOptions({
    queryKey: [...companiesQueryKey, params],
    queryFn: ({ signal }) => fetchCompanies(params, signal),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useCompanies(params: TCompaniesParams) {
  return useQuery(companiesQueryOptions(params));
}
