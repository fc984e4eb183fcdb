import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRepairOrder } from '@cd/contracts/repair-order';
import { api } from '../../../lib/api';
import { repairOrderKeys } from './query-keys';

/** GET /api/repair_orders/{id}. 404 is shown by the page itself. */
export function fetchRepairOrder(id: number, signal?: AbortSignal): Promise<TRepairOrder> {
  return api.request<TRepairOrder>(`/api/repair_orders/${id}`, { signal, silent: [403, 404] });
}

export function repairOrderQueryOptions(id: number) {
  return queryOptions({ queryKey: repairOrderKeys.detail(id), queryFn: ({ signal }) => fetchRepairOrder(id, signal), enabled: Number.isInteger(id) && id > 0 });
}

export function useRepairOrder(id: number) {
  return useQuery(repairOrderQueryOptions(id));
}
