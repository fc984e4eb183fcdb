import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { repairOrderKeys } from './query-keys';

/** A declined line kept on the vehicle to offer again (issue 13 "deferred recommendations"). */
export interface TVehicleRecommendation {
  id?: number;
  description: string;
  /** open: still to offer; added: taken into a later order; dismissed. */
  status?: string;
  price?: number | null;
  /** When the customer declined it. */
  declinedAt?: string | null;
  decidedAt?: string | null;
  repairOrderNumber?: string | null;
}

/** GET /api/vehicles/{id}/recommendations. */
export async function fetchVehicleRecommendations(id: number, signal?: AbortSignal): Promise<TVehicleRecommendation[]> {
  const body = await api.request<TVehicleRecommendation[] | { member?: TVehicleRecommendation[] }>(`/api/vehicles/${id}/recommendations`, {
    signal,
    silent: true,
  });
  const all = Array.isArray(body) ? body : (body?.member ?? []);
  // Only what is still to offer again; taken up or dismissed ones are history.
  return all.filter((r) => r.status === undefined || r.status === 'open');
}

export function vehicleRecommendationsQueryOptions(id: number) {
  return queryOptions({ queryKey: repairOrderKeys.recommendations(id), queryFn: ({ signal }) => fetchVehicleRecommendations(id, signal), retry: false });
}

export function useVehicleRecommendations(id: number | null) {
  return useQuery({ ...vehicleRecommendationsQueryOptions(id ?? 0), enabled: !!id });
}
