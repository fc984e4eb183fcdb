import { queryOptions, useQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TVehicle } from '@cd/contracts/vehicle';
import { api } from '../../../lib/api';
import { appointmentKeys } from './query-keys';

/** GET /api/vehicles?customer=…: the customer's garage, offered when booking. Quiet: without vehicles the field hides. */
export async function fetchCustomerVehicles(opts: { customerId: number; signal?: AbortSignal }): Promise<TVehicle[]> {
  const body = await api.request<THydraCollection<TVehicle>>('/api/vehicles', {
    query: { customer: opts.customerId, itemsPerPage: 100 },
    signal: opts.signal,
    silent: true,
  });
  return body?.member ?? [];
}

export function customerVehiclesQueryOptions(customerId: number) {
  return queryOptions({
    queryKey: appointmentKeys.vehicles(customerId),
    queryFn: ({ signal }) => fetchCustomerVehicles({ customerId, signal }),
    staleTime: 60_000,
  });
}

export function useCustomerVehicles(customerId: number | null) {
  return useQuery({ ...customerVehiclesQueryOptions(customerId ?? 0), enabled: customerId !== null && customerId > 0 });
}
