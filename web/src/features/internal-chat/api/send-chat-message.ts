import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TInternalChatMessage } from '@cd/contracts/internal-chat';
import { api } from '../../../lib/api';
import { upsertMessage, type TChatMessageList } from '../lib/chat-cache';
import { internalChatKeys } from './query-keys';

export interface TSendChatMessageInput {
  threadId: number;
  content: string;
  files: File[];
}

/**
 * POST /api/internal_chat/send: JSON {thread_id, content}, or multipart with `file[]` when there are files.
 * 413 is silent: the composer shows err_total_attachment_size itself.
 */
export function sendChatMessage(input: TSendChatMessageInput): Promise<TInternalChatMessage> {
  if (!input.files.length)
    return api.request<TInternalChatMessage>('/api/internal_chat/send', { method: 'POST', body: { thread_id: input.threadId, content: input.content }, silent: [413] });
  const fd = new FormData();
  fd.append('thread_id', String(input.threadId));
  fd.append('content', input.content);
  for (const f of input.files) fd.append('file[]', f, f.name);
  return api.request<TInternalChatMessage>('/api/internal_chat/send', { method: 'POST', body: fd, silent: [413] });
}

export function useSendChatMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendChatMessage,
    onSuccess: (message, input) => {
      // Shown at once; the live event with the same id merges into it.
      queryClient.setQueryData<TChatMessageList>(internalChatKeys.messages(input.threadId), (old) => (old ? upsertMessage(old, message) : old));
    },
  });
}
