import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { listingsKeys } from './query-keys';

/** DELETE /api/listings/{id}. 409 (interests or leads point to it: archive instead) is shown in the confirmation. */
export function useDeleteListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number }) => api.request<void>(`/api/listings/${input.id}`, { method: 'DELETE', silent: [404, 409] }),
    onSuccess: (_data, input) => {
      queryClient.removeQueries({ queryKey: listingsKeys.detail(input.id) });
      return queryClient.invalidateQueries({ queryKey: listingsKeys.all });
    },
  });
}
