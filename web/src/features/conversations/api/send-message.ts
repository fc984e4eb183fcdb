import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TChannel } from '@cd/contracts/customer';
import type { TMessage } from '@cd/contracts/message';
import { api } from '../../../lib/api';
import { upsertMessage, type TMessageList } from '../lib/live-cache';
import { conversationKeys } from './query-keys';

export interface TSendMessageInput {
  customerId: number;
  content: string;
  channel: TChannel;
  /** ISO with offset, or null to send now. */
  scheduledAt: string | null;
  files: File[];
}

export function toFormData(input: TSendMessageInput): FormData {
  const fd = new FormData();
  fd.append('customerId', String(input.customerId));
  fd.append('content', input.content);
  fd.append('channel', input.channel);
  if (input.scheduledAt) fd.append('scheduledAt', input.scheduledAt);
  for (const f of input.files) fd.append('file[]', f, f.name);
  return fd;
}

/** POST /api/messages (multipart). 413 is silent: the composer shows err_total_attachment_size itself. */
export function sendMessage(input: TSendMessageInput): Promise<TMessage> {
  return api.request<TMessage>('/api/messages', { method: 'POST', body: toFormData(input), silent: [413] });
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: (message, input) => {
      // Shown at once; live events reconcile it by id afterwards.
      if (message && typeof message.id === 'number')
        queryClient.setQueryData<TMessageList>(conversationKeys.messages(input.customerId), (old) => (old ? upsertMessage(old, message) : old));
    },
  });
}
