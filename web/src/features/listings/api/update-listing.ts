import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TListing } from '@cd/contracts/listings';
import { api } from '../../../lib/api';
import { listingsKeys } from './query-keys';

/** PATCH /api/listings/{id} (merge-patch). 422 (field errors) is shown in the dialog. */
export function useUpdateListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; patch: Record<string, unknown> }) =>
      api.request<TListing>(`/api/listings/${input.id}`, { method: 'PATCH', body: input.patch, silent: [409, 422] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listingsKeys.all }),
  });
}
