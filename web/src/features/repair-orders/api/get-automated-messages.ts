import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAutomatedMessage } from '@cd/contracts/automated-message';
import type { THydraCollection } from '@cd/contracts/hydra';
import { api } from '../../../lib/api';
import { repairOrderKeys } from './query-keys';

/** GET /api/automated_messages?entity=repair_order&entityId=…: what was sent (or waits) for one order. */
export async function fetchOrderAutomatedMessages(orderId: number, signal?: AbortSignal): Promise<TAutomatedMessage[]> {
  const body = await api.request<THydraCollection<TAutomatedMessage>>('/api/automated_messages', {
    query: { entity: 'repair_order', entityId: orderId },
    signal,
    silent: true,
  });
  return body?.member ?? [];
}

export function orderAutomatedMessagesQueryOptions(orderId: number) {
  return queryOptions({
    queryKey: repairOrderKeys.automatedMessages(orderId), // Live events keep it fresh; the interval only covers a stream that was down for a while.
    refetchInterval: 30_000,
    queryFn: ({ signal }) => fetchOrderAutomatedMessages(orderId, signal),
  });
}

export function useOrderAutomatedMessages(orderId: number) {
  return useQuery({ ...orderAutomatedMessagesQueryOptions(orderId), enabled: orderId > 0 });
}
