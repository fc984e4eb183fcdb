import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TListing } from '@cd/contracts/listings';
import { api } from '../../../lib/api';
import { listingsKeys } from './query-keys';

/** POST /api/listings. 422 (field errors) and 409 (keyword taken meanwhile) are shown in the dialog. */
export function useCreateListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => api.request<TListing>('/api/listings', { method: 'POST', body, silent: [409, 422] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listingsKeys.all }),
  });
}
