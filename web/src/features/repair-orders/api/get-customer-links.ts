import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCustomerLink } from '@cd/contracts/customer-link';
import type { THydraCollection } from '@cd/contracts/hydra';
import { api } from '../../../lib/api';
import { repairOrderKeys } from './query-keys';

/** GET /api/customer_links?entity=repair_order&entityId=…: the links sent for an order and whether they were opened. */
export async function fetchOrderCustomerLinks(orderId: number, signal?: AbortSignal): Promise<TCustomerLink[]> {
  const body = await api.request<THydraCollection<TCustomerLink>>('/api/customer_links', {
    query: { entity: 'repair_order', entityId: orderId },
    signal,
    silent: true,
  });
  return body?.member ?? [];
}

export function orderCustomerLinksQueryOptions(orderId: number) {
  return queryOptions({
    queryKey: repairOrderKeys.customerLinks(orderId), // Live events keep it fresh; the interval only covers a stream that was down for a while.
    refetchInterval: 30_000,
    queryFn: ({ signal }) => fetchOrderCustomerLinks(orderId, signal),
  });
}

export function useOrderCustomerLinks(orderId: number) {
  return useQuery({ ...orderCustomerLinksQueryOptions(orderId), enabled: orderId > 0 });
}
