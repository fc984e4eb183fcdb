import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TInternalChatThread } from '@cd/contracts/internal-chat';
import { api } from '../../../lib/api';
import { writeThreadToCache } from '../hooks/thread-cache';
import { internalChatKeys } from './query-keys';

/** PUT /api/internal_chat_threads/{id}/archive or /unarchive: the caller's own archive. */
export function setThreadArchived(input: { id: number; archived: boolean }): Promise<TInternalChatThread> {
  return api.request<TInternalChatThread>(`/api/internal_chat_threads/${input.id}/${input.archived ? 'archive' : 'unarchive'}`, { method: 'PUT' });
}

export function useSetThreadArchived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setThreadArchived,
    onSuccess: (thread) => {
      writeThreadToCache(queryClient, thread);
      // The list it moves into places it by its bump: ask the server.
      return queryClient.invalidateQueries({ queryKey: internalChatKeys.lists });
    },
  });
}
