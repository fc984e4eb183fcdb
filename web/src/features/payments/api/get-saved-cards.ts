import { queryOptions, useQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TSavedCardListItem } from '@cd/contracts/payment-operations';
import { api } from '../../../lib/api';
import { paymentKeys } from './query-keys';

/** GET /api/payment/saved_cards: the company's cards not revoked (from first charges and the processor's vault). */
export function getSavedCards(signal?: AbortSignal): Promise<THydraCollection<TSavedCardListItem>> {
  return api.request<THydraCollection<TSavedCardListItem>>('/api/payment/saved_cards', { signal });
}

export function savedCardsQueryOptions() {
  return queryOptions({ queryKey: paymentKeys.savedCards, queryFn: ({ signal }) => getSavedCards(signal) });
}

export function useSavedCards(enabled = true) {
  return useQuery({ ...savedCardsQueryOptions(), enabled });
}
