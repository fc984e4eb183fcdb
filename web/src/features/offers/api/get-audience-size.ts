import { useQuery } from '@tanstack/react-query';
import type { TOfferAudienceSize } from '@cd/contracts/offers';
import { api } from '../../../lib/api';
import { offerKeys } from './query-keys';

/**
 * GET /api/offers/{id}/audience_size: who would get the saved offer now and who is left out and why. Never cached
 * long: consent and opt-outs change, and the number is what the confirmation states.
 */
export function fetchAudienceSize(opts: { offerId: number; signal?: AbortSignal }): Promise<TOfferAudienceSize> {
  return api.request<TOfferAudienceSize>(`/api/offers/${opts.offerId}/audience_size`, { signal: opts.signal, silent: true });
}

export function useAudienceSize(offerId: number | null) {
  return useQuery({
    queryKey: offerKeys.audienceSize(offerId ?? 0),
    queryFn: ({ signal }) => fetchAudienceSize({ offerId: offerId!, signal }),
    enabled: offerId !== null,
    staleTime: 0,
  });
}
