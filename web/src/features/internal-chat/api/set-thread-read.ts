import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TInternalChatThread } from '@cd/contracts/internal-chat';
import { api } from '../../../lib/api';
import { writeThreadToCache } from '../hooks/thread-cache';

/** PUT /api/internal_chat_threads/{id}/read or /unread → the thread with the caller's new read state. */
export function setThreadRead(input: { id: number; read: boolean }): Promise<TInternalChatThread> {
  // Marking read happens by itself when a chat opens: a failure there is not worth a toast.
  return api.request<TInternalChatThread>(`/api/internal_chat_threads/${input.id}/${input.read ? 'read' : 'unread'}`, { method: 'PUT', silent: input.read });
}

export function useSetThreadRead() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setThreadRead, onSuccess: (thread) => writeThreadToCache(queryClient, thread) });
}
