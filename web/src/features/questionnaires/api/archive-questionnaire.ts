import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TQuestionnaire } from '@cd/contracts/questionnaires';
import { api } from '../../../lib/api';
import { questionnaireKeys } from './query-keys';

/** PUT /api/questionnaires/{id}/archive or /unarchive (idempotent). */
export function useArchiveQuestionnaire() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (opts: { id: number; archived: boolean }) =>
      api.request<TQuestionnaire>(`/api/questionnaires/${opts.id}/${opts.archived ? 'archive' : 'unarchive'}`, { method: 'PUT', body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionnaireKeys.all }),
  });
}
