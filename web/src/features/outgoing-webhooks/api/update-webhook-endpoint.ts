import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TWebhookEndpoint, TWebhookEndpointPatch } from '@cd/contracts/outgoing-webhooks';
import { api } from '../../../lib/api';
import { webhookKeys } from './query-keys';

/** PATCH /api/webhook_endpoints/{id} (merge-patch): URL, description, events, enabled. */
export function updateWebhookEndpoint(input: { id: number; patch: TWebhookEndpointPatch }): Promise<TWebhookEndpoint> {
  return api.request<TWebhookEndpoint>(`/api/webhook_endpoints/${input.id}`, { method: 'PATCH', body: input.patch, silent: true });
}

export function useUpdateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateWebhookEndpoint, onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }) });
}
