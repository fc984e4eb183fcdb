import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TWebhookRequestDetail } from '@cd/contracts/dev-logs';
import { api } from '../../../lib/api';
import { webhookRequestsQueryKey } from './query-keys';

/** POST /api/development/webhook_requests/{id}/replay (super admins): re-runs the handler; answers the new entry. */
export function replayWebhookRequest(opts: { id: number }): Promise<TWebhookRequestDetail> {
  // The dialog shows the error itself.
  return api.request<TWebhookRequestDetail>(`/api/development/webhook_requests/${opts.id}/replay`, { method: 'POST', body: {}, silent: true });
}

export function useReplayWebhookRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replayWebhookRequest,
    // The list gains the new entry and the original's replay count moves.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookRequestsQueryKey }),
  });
}
