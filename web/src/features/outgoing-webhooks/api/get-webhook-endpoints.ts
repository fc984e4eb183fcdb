import { queryOptions, useQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TWebhookEndpoint } from '@cd/contracts/outgoing-webhooks';
import { api } from '../../../lib/api';
import { webhookKeys } from './query-keys';

/** GET /api/webhook_endpoints: the company's endpoints (at most 20, unpaged). */
export function fetchWebhookEndpoints(opts: { signal?: AbortSignal }): Promise<THydraCollection<TWebhookEndpoint>> {
  return api.request<THydraCollection<TWebhookEndpoint>>('/api/webhook_endpoints', { signal: opts.signal, silent: true });
}

export function webhookEndpointsQueryOptions() {
  return queryOptions({ queryKey: webhookKeys.list, queryFn: ({ signal }) => fetchWebhookEndpoints({ signal }) });
}

export function useWebhookEndpoints() {
  return useQuery(webhookEndpointsQueryOptions());
}
