import type { QueryClient } from '@tanstack/react-query';
import type { TInternalChatMessage, TInternalChatThread } from '@cd/contracts/internal-chat';
import { INTERNAL_CHAT_MESSAGE_ENTITY, INTERNAL_CHAT_THREAD_ENTITY } from '@cd/contracts/internal-chat-constants';
import type { TLiveEvent } from '@cd/contracts/live';
import { internalChatKeys } from '../api/query-keys';
import { applyThreadEventToList, mergeThread, upsertMessage, type TChatMessageList, type TThreadFilters, type TThreadList } from '../lib/chat-cache';
import { dropThreadFromCache } from './thread-cache';

/**
 * Applies `internal_chat_message` and `internal_chat_thread` live events (sent to each member's own topic) to
 * the chat caches. Returns false for events it does not understand so the shell can log them.
 */
export function handleInternalChatLiveEvent(queryClient: QueryClient, event: TLiveEvent): boolean {
  if (event.entity === 'company_user') {
    // Someone joined, left or was renamed: the colleague picker refetches when next opened.
    void queryClient.invalidateQueries({ queryKey: internalChatKeys.colleagues });
    return true;
  }
  if (event.entity === INTERNAL_CHAT_MESSAGE_ENTITY) {
    if (event.event !== 'created') return false;
    const m = event.data as TInternalChatMessage | null;
    if (m && typeof m.id === 'number' && typeof m.threadId === 'number')
      queryClient.setQueryData<TChatMessageList>(internalChatKeys.messages(m.threadId), (old) => (old ? upsertMessage(old, m) : old));
    return true;
  }
  if (event.entity !== INTERNAL_CHAT_THREAD_ENTITY) return false;
  if (event.event !== 'created' && event.event !== 'updated' && event.event !== 'removed') return false;
  const data = event.data as TInternalChatThread | null;
  if (!data || typeof data.id !== 'number') return true;
  for (const [key, list] of queryClient.getQueriesData<TThreadList>({ queryKey: internalChatKeys.lists })) {
    const filters = key[2] as TThreadFilters | undefined;
    if (!list || !filters) continue;
    const result = applyThreadEventToList(list, event, filters);
    if (result.data !== list) queryClient.setQueryData(key, result.data);
    if (result.stale) void queryClient.invalidateQueries({ queryKey: key, exact: true });
  }
  if (event.event === 'removed') {
    dropThreadFromCache(queryClient, data.id);
    // An open chat forgets what it showed, asks again and shows that it is gone.
    void queryClient.resetQueries({ queryKey: internalChatKeys.thread(data.id), exact: true });
  } else {
    queryClient.setQueryData<TInternalChatThread>(internalChatKeys.thread(data.id), (old) =>
      old || event.event === 'created' ? mergeThread(old, data, event.event === 'created' ? null : event.changes) : old,
    );
  }
  void queryClient.invalidateQueries({ queryKey: internalChatKeys.readState });
  return true;
}
