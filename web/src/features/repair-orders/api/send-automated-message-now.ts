import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAutomatedMessage } from '@cd/contracts/automated-message';
import { api } from '../../../lib/api';
import { repairOrderKeys } from './query-keys';

/** PUT /api/automated_messages/{id}/send_now (company admins): a waiting message goes out now; 409 when it no longer waits. */
export function sendAutomatedMessageNow(input: { id: number }): Promise<TAutomatedMessage> {
  // The dialog shows a 409 itself (the message went out or was cancelled meanwhile).
  return api.request<TAutomatedMessage>(`/api/automated_messages/${input.id}/send_now`, { method: 'PUT', body: {}, silent: [409] });
}

export function useSendAutomatedMessageNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendAutomatedMessageNow,
    // Refreshed on a 409 too: the list then shows what became of the message.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: repairOrderKeys.automatedMessagesAll }),
  });
}
