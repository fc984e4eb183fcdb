import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { applyGroupMessageEvent } from '../lib/live';
import type { TGroupMessage, TKeysetPage } from '../lib/types';
import { groupKeys } from './query-keys';

/** POST /api/group_messages/{id}/send_scheduled: the scheduled group message goes now. */
export function sendScheduledGroupMessage(id: number): Promise<TGroupMessage | undefined> {
  return api.request<TGroupMessage | undefined>(`/api/group_messages/${id}/send_scheduled`, { method: 'POST' });
}

/** POST /api/group_messages/{id}/remove_scheduled (204). */
export function removeScheduledGroupMessage(id: number): Promise<void> {
  return api.request<void>(`/api/group_messages/${id}/remove_scheduled`, { method: 'POST' });
}

export function useGroupMessageAction(groupId: number) {
  const qc = useQueryClient();
  const key = groupKeys.messages(groupId);
  return useMutation({
    mutationFn: async ({ message, action }: { message: TGroupMessage; action: 'send_scheduled' | 'remove_scheduled' }) => {
      if (action === 'send_scheduled') return sendScheduledGroupMessage(message.id);
      await removeScheduledGroupMessage(message.id);
      return undefined;
    },
    onSuccess: (result, { message, action }) => {
      qc.setQueryData<InfiniteData<TKeysetPage<TGroupMessage>, unknown>>(key, (old) => {
        if (!old) return old;
        if (action === 'remove_scheduled') return applyGroupMessageEvent(old, 'removed', message);
        return result && typeof result.id === 'number' ? applyGroupMessageEvent(old, 'updated', result) : old;
      });
      if (action === 'send_scheduled' && !(result && typeof result.id === 'number')) void qc.invalidateQueries({ queryKey: key });
    },
  });
}
