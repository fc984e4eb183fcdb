import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TVehicleRecalls } from '@cd/contracts/vehicle-extras';
import { api } from '../../../lib/api';
import { repairOrderKeys } from './query-keys';

/** GET /api/vehicles/{id}/recalls: cached on the server; `available: false` when NHTSA could not be asked (never blocks a screen). */
export function fetchVehicleRecalls(id: number, signal?: AbortSignal): Promise<TVehicleRecalls> {
  return api.request<TVehicleRecalls>(`/api/vehicles/${id}/recalls`, { signal, silent: true });
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
