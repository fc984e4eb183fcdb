import { queryOptions, useQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TVehicle } from '@cd/contracts/vehicle';
import { api } from '../../../lib/api';
import { repairOrderKeys } from './query-keys';

/** GET /api/vehicles?customer=…: the customer's garage. */
export async function fetchVehicles(customerId: number, signal?: AbortSignal): Promise<TVehicle[]> {
  const body = await api.request<THydraCollection<TVehicle>>('/api/vehicles', { query: { customer: customerId, itemsPerPage: 100 }, signal, silent: true });
  return body?.member ?? [];
}

export function vehiclesQueryOptions(customerId: number) {
  return queryOptions({ queryKey: repairOrderKeys.vehicles(customerId), queryFn: ({ signal }) => fetchVehicles(customerId, signal), enabled: customerId > 0 });
}

export function useVehicles(customerId: number, enabled = true) {
  return useQuery({ ...vehiclesQueryOptions(customerId), enabled: enabled && customerId > 0 });
}
