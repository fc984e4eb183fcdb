import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { reportsKeys } from './query-keys';

/** DELETE /api/reports/{id}; a 404 (deleted elsewhere meanwhile) is shown in the confirmation, then the list refetches. */
export function useDeleteReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number }) => api.request<void>(`/api/reports/${input.id}`, { method: 'DELETE', silent: [404] }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportsKeys.all }),
  });
}
