import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { interestKeys } from './query-keys';

/** DELETE /api/interests/{id} (its members stay customers; only the category and its memberships go). */
export function useDeleteInterest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.request<void>(`/api/interests/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: interestKeys.all }),
  });
}
