import type { QueryClient } from '@tanstack/react-query';
import type { TInternalChatThread } from '@cd/contracts/internal-chat';
import { removeFromPages } from '../../../lib/paged-list';
import { internalChatKeys } from '../api/query-keys';
import { upsertThreadInList, type TThreadFilters, type TThreadList } from '../lib/chat-cache';

/** A thread as the server just answered it: the detail, and every loaded list it is (or no longer is) in. */
export function writeThreadToCache(queryClient: QueryClient, thread: TInternalChatThread): void {
  queryClient.setQueryData(internalChatKeys.thread(thread.id), thread);
  for (const [key, data] of queryClient.getQueriesData<TThreadList>({ queryKey: internalChatKeys.lists })) {
    const filters = key[2] as TThreadFilters | undefined;
    if (!data || !filters) continue;
    const next = upsertThreadInList(data, thread, filters);
    if (next !== data) queryClient.setQueryData(key, next);
  }
  void queryClient.invalidateQueries({ queryKey: internalChatKeys.readState });
}

/** A thread the caller no longer has (deleted, or removed from it). */
export function dropThreadFromCache(queryClient: QueryClient, id: number): void {
  queryClient.setQueriesData<TThreadList>({ queryKey: internalChatKeys.lists }, (old) => (old ? removeFromPages(old, id) : old));
  queryClient.removeQueries({ queryKey: internalChatKeys.messages(id), exact: true });
  void queryClient.invalidateQueries({ queryKey: internalChatKeys.readState });
}
