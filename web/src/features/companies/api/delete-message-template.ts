import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageTemplatesKey } from '../../../api/get-message-templates';
import { api } from '../../../lib/api';

/** DELETE /api/message_templates/{id}. */
export function deleteMessageTemplate(input: { id: number }): Promise<void> {
  return api.request<void>(`/api/message_templates/${input.id}`, { method: 'DELETE' });
}

export function useDeleteMessageTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMessageTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageTemplatesKey }),
  });
}
