import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRoleCatalogue } from '@cd/contracts/role-catalogue';
import { api } from '../../../lib/api';
import { rolesKeys } from './query-keys';

/** GET /api/role_catalogue (super admins): every role, what it unlocks and who holds it. */
export function fetchRoleCatalogue(opts: { signal?: AbortSignal }): Promise<TRoleCatalogue> {
  return api.request<TRoleCatalogue>('/api/role_catalogue', { signal: opts.signal, silent: true });
}

export function roleCatalogueQueryOptions() {
  return queryOptions({ queryKey: rolesKeys.catalogue, queryFn: ({ signal }) => fetchRoleCatalogue({ signal }) });
}

export function useRoleCatalogue() {
  return useQuery(roleCatalogueQueryOptions());
}
