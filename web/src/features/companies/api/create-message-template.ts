import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMessageTemplate } from '@cd/contracts/message';
import { messageTemplatesKey } from '../../../api/get-message-templates';
import { api } from '../../../lib/api';

/** POST /api/message_templates {text, company}; a 422 ("Must not be empty") lands on the dialog's field. */
export function createMessageTemplate(input: { companyId: number; text: string }): Promise<TMessageTemplate> {
  return api.request<TMessageTemplate>('/api/message_templates', {
    method: 'POST',
    body: { text: input.text, company: `/api/companies/${input.companyId}` },
    silent: [422],
  });
}

export function useCreateMessageTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMessageTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageTemplatesKey }),
  });
}
