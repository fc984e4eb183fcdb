import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TWebhookDelivery } from '@cd/contracts/outgoing-webhooks';
import { api } from '../../../lib/api';
import { webhookKeys } from './query-keys';

/** GET /api/webhook_endpoints/{id}/deliveries: newest first; older pages follow `view.next` (keyset). */
export function fetchWebhookDeliveries(opts: { endpointId: number; next: string | null; signal?: AbortSignal }): Promise<THydraCollection<TWebhookDelivery>> {
  return api.request<THydraCollection<TWebhookDelivery>>(opts.next ?? `/api/webhook_endpoints/${opts.endpointId}/deliveries`, {
    signal: opts.signal,
    silent: true,
  });
}

export function webhookDeliveriesQueryOptions(endpointId: number) {
  return infiniteQueryOptions({
    queryKey: webhookKeys.deliveries(endpointId),
    queryFn: ({ pageParam, signal }) => fetchWebhookDeliveries({ endpointId, next: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.view?.next ?? undefined,
  });
}

/** Refetches every 5 s while a delivery of the page is still pending (retries land without a reload). */
export function useWebhookDeliveries(endpointId: number | null) {
  return useInfiniteQuery({
    ...webhookDeliveriesQueryOptions(endpointId ?? 0),
    enabled: endpointId !== null,
    refetchInterval: (q) => (q.state.data?.pages.some((p) => p.member.some((d) => d.status === 'pending')) ? 5000 : false),
  });
}
