import type { QueryClient } from '@tanstack/react-query';
import type { TLiveEvent } from '@cd/contracts/live';
import { marketingKeys } from '../api/query-keys';

/** Entity names of the live events the marketing screens follow (a lead recorded or changed; an offer's progress). */
export const LEAD_LIVE_ENTITIES = ['marketing_lead', 'lead'] as const;
export const OFFER_LIVE_ENTITIES = ['offer', 'offer_recipient'] as const;

/**
 * A new or changed lead refetches the open lead lists (the filters decide where it belongs, so merging one row is not
 * enough); an offer's progress refetches the marketing offers. Returns false for other areas' events (offers are also
 * the offers screen's: both may handle them).
 */
export function handleMarketingLiveEvent(queryClient: QueryClient, event: Pick<TLiveEvent, 'entity'>): boolean {
  if ((LEAD_LIVE_ENTITIES as readonly string[]).includes(event.entity)) {
    void queryClient.invalidateQueries({ queryKey: marketingKeys.leads });
    return true;
  }
  if ((OFFER_LIVE_ENTITIES as readonly string[]).includes(event.entity)) {
    void queryClient.invalidateQueries({ queryKey: marketingKeys.offers });
    return true;
  }
  return false;
}
