import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TOfferAudience, TOfferAudienceSize } from '@cd/contracts/offers';
import { api } from '../../../lib/api';
import { offerKeys } from './query-keys';

/** POST /api/offers/audience_size {audience}: the size of an audience not saved yet (the composer's running count). */
export function previewAudienceSize(opts: { audience: TOfferAudience; signal?: AbortSignal }): Promise<TOfferAudienceSize> {
  return api.request<TOfferAudienceSize>('/api/offers/audience_size', { method: 'POST', body: { audience: opts.audience }, signal: opts.signal, silent: true });
}

export function useAudienceSizePreview(audience: TOfferAudience | null) {
  return useQuery({
    queryKey: [...offerKeys.all, 'audience-preview', audience] as const,
    queryFn: ({ signal }) => previewAudienceSize({ audience: audience!, signal }),
    enabled: audience !== null,
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}
