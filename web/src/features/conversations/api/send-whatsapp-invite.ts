import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMessage } from '@cd/contracts/message';
import { api } from '../../../lib/api';
import { upsertMessage, type TMessageList } from '../lib/live-cache';
import { conversationKeys } from './query-keys';

export interface TWhatsAppInviteInput {
  customerId: number;
  content: string;
}

/** POST /api/messages/send_whatsapp_invite_template {customer_id, content} → 201 message. */
export function sendWhatsAppInvite(input: TWhatsAppInviteInput): Promise<TMessage> {
  return api.request<TMessage>('/api/messages/send_whatsapp_invite_template', { method: 'POST', body: { customer_id: input.customerId, content: input.content } });
}

export function useSendWhatsAppInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendWhatsAppInvite,
    onSuccess: (message, input) => {
      if (message && typeof message.id === 'number')
        queryClient.setQueryData<TMessageList>(conversationKeys.messages(input.customerId), (old) => (old ? upsertMessage(old, message) : old));
    },
  });
}
