import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { keywordsKeys } from './query-keys';

/** DELETE /api/keywords/{id}: only an AVAILABLE keyword; a used one answers 409 (shown as a toast). */
export function useDeleteKeyword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.request<void>(`/api/keywords/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keywordsKeys.all }),
  });
}
