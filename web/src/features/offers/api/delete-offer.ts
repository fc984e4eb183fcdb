import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { offerKeys } from './query-keys';

/** DELETE /api/offers/{id}: drafts and scheduled offers only (the server answers 409 otherwise, toasted). */
export function useDeleteOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.request<void>(`/api/offers/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offerKeys.all }),
  });
}
