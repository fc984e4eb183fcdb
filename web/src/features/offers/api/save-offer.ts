import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOffer, TOfferCreate, TOfferPatch } from '@cd/contracts/offers';
import { api } from '../../../lib/api';
import { offerKeys } from './query-keys';

/** POST /api/offers (a draft), or PATCH /api/offers/{id} (merge-patch) with `id`. 422 lands on the composer's fields. */
export function saveOffer(input: { id?: number; body: TOfferCreate | TOfferPatch }): Promise<TOffer> {
  if (input.id) return api.request<TOffer>(`/api/offers/${input.id}`, { method: 'PATCH', body: input.body, silent: [422] });
  return api.request<TOffer>('/api/offers', { method: 'POST', body: input.body, silent: [422] });
}

export function useSaveOffer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveOffer, onSuccess: () => queryClient.invalidateQueries({ queryKey: offerKeys.all }) });
}
