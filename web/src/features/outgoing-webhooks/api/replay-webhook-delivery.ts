import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TWebhookDelivery } from '@cd/contracts/outgoing-webhooks';
import { api } from '../../../lib/api';
import { webhookKeys } from './query-keys';

/** POST /api/webhook_deliveries/{id}/replay: the same event (same id) again; a second click while pending is the same replay. */
export function replayWebhookDelivery(input: { id: number; endpointId: number }): Promise<TWebhookDelivery> {
  return api.request<TWebhookDelivery>(`/api/webhook_deliveries/${input.id}/replay`, { method: 'POST', silent: true });
}

export function useReplayWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replayWebhookDelivery,
    onSettled: (_d, _e, input) => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(input.endpointId) }),
  });
}
