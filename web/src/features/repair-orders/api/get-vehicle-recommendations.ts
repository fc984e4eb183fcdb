import { queryOptions, useQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TVehicleRecommendation } from '@cd/contracts/vehicle-extras';
import { api } from '../../../lib/api';
import { repairOrderKeys } from './query-keys';

/** GET /api/vehicles/{id}/recommendations: the open ones only (taken up or dismissed ones are history). */
export async function fetchVehicleRecommendations(id: number, signal?: AbortSignal): Promise<TVehicleRecommendation[]> {
  const body = await api.request<THydraCollection<TVehicleRecommendation>>(`/api/vehicles/${id}/recommendations`, { signal, silent: true });
  return (body?.member ?? []).filter((r) => r.status === 'open');
}

export function vehicleRecommendationsQueryOptions(id: number) {
  return queryOptions({ queryKey: repairOrderKeys.recommendations(id), queryFn: ({ signal }) => fetchVehicleRecommendations(id, signal), retry: false });
}

export function useVehicleRecommendations(id: number | null) {
  return useQuery({ ...vehicleRecommendationsQueryOptions(id ?? 0), enabled: !!id });
}
