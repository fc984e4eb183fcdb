import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TInterest, TInterestCreate, TInterestPatch } from '@cd/contracts/interests';
import { api } from '../../../lib/api';
import { interestKeys } from './query-keys';

/** POST /api/interests, or PATCH /api/interests/{id} (merge-patch) with `id`. 422 (a taken name) lands on the dialog's fields. */
export function saveInterest(input: { id?: number; body: TInterestCreate | TInterestPatch }): Promise<TInterest> {
  if (input.id) return api.request<TInterest>(`/api/interests/${input.id}`, { method: 'PATCH', body: input.body, silent: [409, 422] });
  return api.request<TInterest>('/api/interests', { method: 'POST', body: input.body, silent: [409, 422] });
}

export function useSaveInterest() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveInterest, onSuccess: () => queryClient.invalidateQueries({ queryKey: interestKeys.all }) });
}
