import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TWebhookEndpointCreate, TWebhookEndpointWithSecret } from '@cd/contracts/outgoing-webhooks';
import { api } from '../../../lib/api';
import { webhookKeys } from './query-keys';

/** POST /api/webhook_endpoints: answers the endpoint with its signing secret (shown once right away). */
export function createWebhookEndpoint(body: TWebhookEndpointCreate): Promise<TWebhookEndpointWithSecret> {
  return api.request<TWebhookEndpointWithSecret>('/api/webhook_endpoints', { method: 'POST', body, silent: true });
}

export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createWebhookEndpoint, onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list }) });
}
