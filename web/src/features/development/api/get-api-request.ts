import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TApiRequestDetail } from '@cd/contracts/dev-logs';
import { api } from '../../../lib/api';
import { apiRequestsQueryKey } from './query-keys';

/** GET /api/development/api_requests/{id} (super admins): the call with its redacted headers and bodies. */
export function fetchApiRequest(id: number, signal?: AbortSignal): Promise<TApiRequestDetail> {
  return api.request<TApiRequestDetail>(`/api/development/api_requests/${id}`, { signal, silent: [404] });
}

export function apiRequestQueryOptions(id: number) {
  // A logged call never changes.
  return queryOptions({ queryKey: [...apiRequestsQueryKey, 'one', id], queryFn: ({ signal }) => fetchApiRequest(id, signal), staleTime: Infinity });
}

export function useApiRequest(id: number | null) {
  return useQuery({ ...apiRequestQueryOptions(id ?? 0), enabled: id !== null });
}
