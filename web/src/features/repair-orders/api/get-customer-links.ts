import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCustomerLink } from '@cd/contracts/customer-link';
import type { THydraCollection } from '@cd/contracts/hydra';
import { api } from '../../../lib/api';
import { repairOrderKeys, type TOwnerEntity } from './query-keys';

/** GET /api/customer_links?entity=…&entityId=…: the links sent for an order (or its survey) and whether they were opened. */
export async function fetchCustomerLinks(options: { entity: TOwnerEntity; id: number; signal?: AbortSignal }): Promise<TCustomerLink[]> {
  const body = await api.request<THydraCollection<TCustomerLink>>('/api/customer_links', {
    query: { entity: options.entity, entityId: options.id },
    signal: options.signal,
    silent: true,
  });
  return body?.member ?? [];
}

export function customerLinksQueryOptions(options: { entity: TOwnerEntity; id: number }) {
  const { entity, id } = options;
  return queryOptions({
    queryKey: repairOrderKeys.customerLinks(entity, id), // Live events keep it fresh; the interval only covers a stream that was down for a while.
    refetchInterval: 30_000,
    queryFn: ({ signal }) => fetchCustomerLinks({ entity, id, signal }),
  });
}

/** `id` null (an order without a survey): nothing is asked. */
export function useCustomerLinks(options: { entity: TOwnerEntity; id: number | null }) {
  const id = options.id ?? 0;
  return useQuery({ ...customerLinksQueryOptions({ entity: options.entity, id }), enabled: id > 0 });
}
