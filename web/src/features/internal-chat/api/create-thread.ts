import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TInternalChatThread } from '@cd/contracts/internal-chat';
import { api } from '../../../lib/api';
import { internalChatKeys } from './query-keys';

export interface TCreateThreadInput {
  users: number[];
  /** A name makes a group chat; none with one colleague is a one-to-one chat. */
  name?: string;
}

/** POST /api/internal_chat_threads. 422s ("Chat already exists", a missing group name) are shown by the dialogs. */
export function createThread(input: TCreateThreadInput): Promise<TInternalChatThread> {
  return api.request<TInternalChatThread>('/api/internal_chat_threads', { method: 'POST', body: input, silent: [422] });
}

export function useCreateThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createThread,
    onSuccess: (thread) => {
      queryClient.setQueryData(internalChatKeys.thread(thread.id), thread);
      // Its place in the lists comes from the server (the live event may already have put it there).
      return queryClient.invalidateQueries({ queryKey: internalChatKeys.lists });
    },
  });
}
