import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { repairOrderKeys } from './query-keys';

/** An open recall as the NHTSA check reports it (fields the server may leave out are optional). */
export interface TVehicleRecall {
  campaignNumber?: string | null;
  component?: string | null;
  summary?: string | null;
  remedy?: string | null;
  reportDate?: string | null;
}

/** GET /api/vehicles/{id}/recalls: cached on the server; a failed check answers none, so this never blocks a screen. */
export async function fetchVehicleRecalls(id: number, signal?: AbortSignal): Promise<TVehicleRecall[]> {
  const body = await api.request<TVehicleRecall[] | { member?: TVehicleRecall[]; recalls?: TVehicleRecall[] }>(`/api/vehicles/${id}/recalls`, {
    signal,
    silent: true,
  });
  if (Array.isArray(body)) return body;
  return body?.member ?? body?.recalls ?? [];
}

export function vehicleRecallsQueryOptions(id: number) {
  return queryOptions({
    queryKey: repairOrderKeys.recalls(id),
    queryFn: ({ signal }) => fetchVehicleRecalls(id, signal),
    staleTime: 60 * 60_000,
    retry: false,
  });
}

export function useVehicleRecalls(id: number | null) {
  return useQuery({ ...vehicleRecallsQueryOptions(id ?? 0), enabled: !!id });
}
