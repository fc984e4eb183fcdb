import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMessage } from '@cd/contracts/message';
import { api } from '../../../lib/api';
import { removeFromPages } from '../../../lib/paged-list';
import { upsertMessage, type TMessageList } from '../lib/live-cache';
import { conversationKeys } from './query-keys';

/** POST /api/messages/{id}/retry: a failed/undelivered outbound message goes again (→ SENDING). */
export function retryMessage(id: number): Promise<TMessage> {
  return api.request<TMessage>(`/api/messages/${id}/retry`, { method: 'POST' });
}

/** POST /api/messages/{id}/send_scheduled: a scheduled message goes now. */
export function sendScheduledMessage(id: number): Promise<TMessage> {
  return api.request<TMessage>(`/api/messages/${id}/send_scheduled`, { method: 'POST' });
}

/** POST /api/messages/{id}/remove_scheduled (204): the scheduled message is deleted. */
export function removeScheduledMessage(id: number): Promise<void> {
  return api.request<void>(`/api/messages/${id}/remove_scheduled`, { method: 'POST' });
}

export type TMessageAction = 'retry' | 'send_scheduled' | 'remove_scheduled';

export function useMessageAction(customerId: number) {
  const queryClient = useQueryClient();
  const key = conversationKeys.messages(customerId);
  return useMutation({
    mutationFn: async ({ id, action }: { id: number; action: TMessageAction }): Promise<TMessage | undefined> => {
      if (action === 'retry') return retryMessage(id);
      if (action === 'send_scheduled') return sendScheduledMessage(id);
      await removeScheduledMessage(id);
      return undefined;
    },
    onSuccess: (message, { id, action }) => {
      queryClient.setQueryData<TMessageList>(key, (old) => {
        if (!old) return old;
        if (action === 'remove_scheduled') return removeFromPages(old, id);
        return message && typeof message.id === 'number' ? upsertMessage(old, message) : old;
      });
      if (!message && action !== 'remove_scheduled') void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
