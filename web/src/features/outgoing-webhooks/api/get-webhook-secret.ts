import { useMutation } from '@tanstack/react-query';
import type { TWebhookSecret } from '@cd/contracts/outgoing-webhooks';
import { api } from '../../../lib/api';

/** GET /api/webhook_endpoints/{id}/secret: asked for on "reveal" only, never cached. */
export function fetchWebhookSecret(input: { id: number }): Promise<TWebhookSecret> {
  return api.request<TWebhookSecret>(`/api/webhook_endpoints/${input.id}/secret`, { silent: true });
}

export function useRevealWebhookSecret() {
  return useMutation({ mutationFn: fetchWebhookSecret });
}
