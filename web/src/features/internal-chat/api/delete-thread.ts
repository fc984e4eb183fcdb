import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { dropThreadFromCache } from '../hooks/thread-cache';
import { internalChatKeys } from './query-keys';

/** DELETE /api/internal_chat_threads/{id} (owner only): the chat and its messages, for every member. */
export function deleteThread(id: number): Promise<void> {
  return api.request<void>(`/api/internal_chat_threads/${id}`, { method: 'DELETE' });
}

export function useDeleteThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteThread,
    onSuccess: (_r, id) => {
      dropThreadFromCache(queryClient, id);
      queryClient.removeQueries({ queryKey: internalChatKeys.thread(id), exact: true });
    },
  });
}
