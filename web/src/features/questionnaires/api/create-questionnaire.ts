import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TQuestionnaire, TQuestionnaireCreate } from '@cd/contracts/questionnaires';
import { api } from '../../../lib/api';
import { questionnaireKeys } from './query-keys';

/** POST /api/questionnaires. 422 is shown on the builder's fields. */
export function useCreateQuestionnaire() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TQuestionnaireCreate) => api.request<TQuestionnaire>('/api/questionnaires', { method: 'POST', body, silent: [422] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionnaireKeys.all }),
  });
}
