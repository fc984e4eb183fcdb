import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TWebhookDelivery } from '@cd/contracts/outgoing-webhooks';
import { api } from '../../../lib/api';
import { webhookKeys } from './query-keys';

/** POST /api/webhook_endpoints/{id}/test: queues a signed `ping` to this endpoint. */
export function sendWebhookTest(input: { id: number }): Promise<TWebhookDelivery> {
  return api.request<TWebhookDelivery>(`/api/webhook_endpoints/${input.id}/test`, { method: 'POST', silent: true });
}

export function useSendWebhookTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendWebhookTest,
    onSettled: (_d, _e, input) => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(input.id) }),
  });
}
