import { useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { applyGroupMessageEvent } from '../lib/live';
import { shouldPoll } from '../lib/progress';
import type { TGroupMessage, TKeysetPage } from '../lib/types';
import { groupKeys } from './query-keys';

export const PROGRESS_POLL_MS = 2000;

/** GET /api/group_messages/{id} (progress). */
export function fetchGroupMessage(id: number, signal?: AbortSignal): Promise<TGroupMessage> {
  return api.request<TGroupMessage>(`/api/group_messages/${id}`, { signal, silent: true });
}

/**
 * While a message is in flight its progress is polled every 2 s (live events update it too); each answer is
 * written back into the group's message list, which stays the single source the screen renders from.
 */
export function useGroupMessagePolling(message: TGroupMessage) {
  const qc = useQueryClient();
  const active = shouldPoll(message);
  return useQuery({
    queryKey: groupKeys.message(message.id),
    queryFn: async ({ signal }) => {
      const gm = await fetchGroupMessage(message.id, signal);
      const groupId = gm.customerGroupId ?? message.customerGroupId;
      if (groupId != null)
        qc.setQueryData<InfiniteData<TKeysetPage<TGroupMessage>, unknown>>(groupKeys.messages(groupId), (old) => (old ? applyGroupMessageEvent(old, 'updated', gm) : old));
      return gm;
    },
    enabled: active,
    refetchInterval: active ? PROGRESS_POLL_MS : false,
    refetchIntervalInBackground: false,
  });
}
