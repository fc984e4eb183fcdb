import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { webhookKeys } from './query-keys';

/** DELETE /api/webhook_endpoints/{id}: the endpoint and its delivery log. */
export function deleteWebhookEndpoint(input: { id: number }): Promise<void> {
  return api.request<void>(`/api/webhook_endpoints/${input.id}`, { method: 'DELETE', silent: true });
}

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteWebhookEndpoint, onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list }) });
}
