import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TQuestionnaire, TQuestionnaireCreate } from '@cd/contracts/questionnaires';
import { api } from '../../../lib/api';
import { questionnaireKeys } from './query-keys';

/** PUT /api/questionnaires/{id}: name and the whole question list (the builder always sends both). */
export function useUpdateQuestionnaire() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (opts: { id: number; body: TQuestionnaireCreate }) =>
      api.request<TQuestionnaire>(`/api/questionnaires/${opts.id}`, { method: 'PUT', body: opts.body, silent: [422] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionnaireKeys.all }),
  });
}
