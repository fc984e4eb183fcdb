import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TListingInterest, TListingInterestState } from '@cd/contracts/interests';
import { api } from '../../../lib/api';
import { listingsKeys } from './query-keys';

/** PATCH /api/listing_interests/{id} {state}: active, archived or not interested (spec part 2 §4). */
export function useUpdateListingInterest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; state: TListingInterestState }) =>
      api.request<TListingInterest>(`/api/listing_interests/${input.id}`, { method: 'PATCH', body: { state: input.state } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listingsKeys.interests }),
  });
}
