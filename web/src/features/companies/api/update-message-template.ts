import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMessageTemplate } from '@cd/contracts/message';
import { messageTemplatesKey } from '../../../api/get-message-templates';
import { api } from '../../../lib/api';

/** PATCH /api/message_templates/{id} {text}; a 422 lands on the dialog's field. */
export function updateMessageTemplate(input: { id: number; text: string }): Promise<TMessageTemplate> {
  return api.request<TMessageTemplate>(`/api/message_templates/${input.id}`, { method: 'PATCH', body: { text: input.text }, silent: [422] });
}

export function useUpdateMessageTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMessageTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageTemplatesKey }),
  });
}
