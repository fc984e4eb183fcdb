import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAutomatedMessage } from '@cd/contracts/automated-message';
import type { THydraCollection } from '@cd/contracts/hydra';
import { api } from '../../../lib/api';
import { repairOrderKeys, type TOwnerEntity } from './query-keys';

/** GET /api/automated_messages?entity=…&entityId=…: what was sent (or waits) for an order, or for its survey. */
export async function fetchAutomatedMessages(options: { entity: TOwnerEntity; id: number; signal?: AbortSignal }): Promise<TAutomatedMessage[]> {
  const body = await api.request<THydraCollection<TAutomatedMessage>>('/api/automated_messages', {
    query: { entity: options.entity, entityId: options.id },
    signal: options.signal,
    silent: true,
  });
  return body?.member ?? [];
}

export function automatedMessagesQueryOptions(options: { entity: TOwnerEntity; id: number }) {
  const { entity, id } = options;
  return queryOptions({
    queryKey: repairOrderKeys.automatedMessages(entity, id), // Live events keep it fresh; the interval only covers a stream that was down for a while.
    refetchInterval: 30_000,
    queryFn: ({ signal }) => fetchAutomatedMessages({ entity, id, signal }),
  });
}

/** `id` null (an order without a survey): nothing is asked. */
export function useAutomatedMessages(options: { entity: TOwnerEntity; id: number | null }) {
  const id = options.id ?? 0;
  return useQuery({ ...automatedMessagesQueryOptions({ entity: options.entity, id }), enabled: id > 0 });
}
