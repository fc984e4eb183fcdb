import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TWebhookEndpointWithSecret } from '@cd/contracts/outgoing-webhooks';
import { api } from '../../../lib/api';
import { webhookKeys } from './query-keys';

/** POST /api/webhook_endpoints/{id}/roll_secret: a new secret at once (the old one stops working). */
export function rollWebhookSecret(input: { id: number }): Promise<TWebhookEndpointWithSecret> {
  return api.request<TWebhookEndpointWithSecret>(`/api/webhook_endpoints/${input.id}/roll_secret`, { method: 'POST', silent: true });
}

export function useRollWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: rollWebhookSecret, onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list }) });
}
