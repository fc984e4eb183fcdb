import type { QueryClient } from '@tanstack/react-query';
import type { TLiveEvent } from '@cd/contracts/live';
import { offerKeys } from '../api/query-keys';

/**
 * An offer's progress (sending → sent, a recipient delivered, replied or opted out) refetches the offers list so the
 * results count up while the send runs; an interest change refetches the audience pickers. Returns false for other
 * areas (the marketing screens handle offers too).
 */
export function handleOffersLiveEvent(queryClient: QueryClient, event: Pick<TLiveEvent, 'entity'>): boolean {
  if (event.entity === 'offer' || event.entity === 'offer_recipient') {
    void queryClient.invalidateQueries({ queryKey: offerKeys.list });
    return true;
  }
  if (event.entity === 'interest') {
    void queryClient.invalidateQueries({ queryKey: offerKeys.interests });
    return true;
  }
  return false;
}
