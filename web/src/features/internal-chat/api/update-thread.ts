import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TInternalChatThread } from '@cd/contracts/internal-chat';
import { api } from '../../../lib/api';
import { writeThreadToCache } from '../hooks/thread-cache';

export interface TUpdateThreadInput {
  id: number;
  name?: string;
  /** The full member list (the owner stays a member anyway). */
  users?: number[];
}

/** PATCH /api/internal_chat_threads/{id} (owner of a group chat). 422s are shown by the dialog. */
export function updateThread({ id, ...patch }: TUpdateThreadInput): Promise<TInternalChatThread> {
  return api.request<TInternalChatThread>(`/api/internal_chat_threads/${id}`, { method: 'PATCH', body: patch, silent: [422] });
}

export function useUpdateThread() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateThread, onSuccess: (thread) => writeThreadToCache(queryClient, thread) });
}
