import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { questionnaireKeys } from './query-keys';

/** DELETE /api/questionnaires/{id}: only one never sent (409 otherwise: archive it). */
export function useDeleteQuestionnaire() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.request<void>(`/api/questionnaires/${id}`, { method: 'DELETE', silent: [409] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionnaireKeys.all }),
  });
}
