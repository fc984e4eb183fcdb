import { useQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TListingInterest } from '@cd/contracts/interests';
import { api } from '../../../lib/api';
import { listingsKeys } from './query-keys';

/**
 * GET /api/listing_interests?listing={id}&pagination=false: who is interested in a listing, in every state.
 * A new lead arrives live (lib/live.ts refetches every interests key).
 */
export function useListingInterests(listingId: number | null) {
  return useQuery({
    queryKey: listingsKeys.listingInterests(listingId ?? 0),
    queryFn: async ({ signal }) => {
      const body = await api.request<THydraCollection<TListingInterest>>('/api/listing_interests', {
        query: { listing: listingId, pagination: 'false' },
        signal,
        silent: true,
      });
      return body.member;
    },
    enabled: listingId !== null,
  });
}
