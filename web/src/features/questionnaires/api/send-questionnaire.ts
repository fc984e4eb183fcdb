import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TQuestionnaireSendResult } from '@cd/contracts/questionnaires';
import { api } from '../../../lib/api';
import { questionnaireKeys } from './query-keys';

/** POST /api/questionnaires/{id}/send {customer}: a link texted to the customer (409 opted out, archived or just sent). */
export function useSendQuestionnaire() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (opts: { id: number; customer: number }) =>
      api.request<TQuestionnaireSendResult>(`/api/questionnaires/${opts.id}/send`, { method: 'POST', body: { customer: opts.customer }, silent: [409, 422] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionnaireKeys.all }),
  });
}
