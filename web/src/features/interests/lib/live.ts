import type { QueryClient } from '@tanstack/react-query';
import type { TLiveEvent } from '@cd/contracts/live';
import { interestKeys } from '../api/query-keys';

/** A category created, renamed, deleted or its members changed by a colleague: the open lists refetch. */
export function handleInterestsLiveEvent(queryClient: QueryClient, event: Pick<TLiveEvent, 'entity'>): boolean {
  if (event.entity !== 'interest' && event.entity !== 'customer_interest') return false;
  void queryClient.invalidateQueries({ queryKey: interestKeys.all });
  return true;
}
