import type { QueryClient } from '@tanstack/react-query';
import type { TLiveEvent } from '@cd/contracts/live';
import { listingsKeys } from '../api/query-keys';

/** Entities whose events change what the listings screens show (the server's live `entity` names). */
const LISTING_ENTITIES = new Set(['listing', 'keyword']);
/** A lead arriving (a keyword text, the landing page, an offer reply) adds or revives a listing interest. */
const INTEREST_ENTITIES = new Set(['listing_interest', 'customer_interest', 'interest', 'marketing_lead']);

/**
 * Live events of the real-estate screens (spec part 1 §4): a listing created, changed or archived elsewhere refetches
 * the lists and the keyword picker; a new lead refetches the interests shown (listing drawer, customer details).
 * Returns false for other areas' events (a lead is also the marketing screen's: both may handle it).
 */
export function handleListingsLiveEvent(queryClient: QueryClient, event: Pick<TLiveEvent, 'entity'>): boolean {
  const entity = event.entity.split('.')[0] ?? '';
  if (LISTING_ENTITIES.has(entity)) {
    void queryClient.invalidateQueries({ queryKey: listingsKeys.all });
    return true;
  }
  if (INTEREST_ENTITIES.has(entity)) {
    void queryClient.invalidateQueries({ queryKey: listingsKeys.interests });
    return true;
  }
  return false;
}
