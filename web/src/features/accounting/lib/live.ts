import type { QueryClient } from '@tanstack/react-query';
import type { TLiveEvent } from '@cd/contracts/live';
import { arKeys } from '../api/query-keys';

/** Live events of the accounts-receivable area (server: accounting.presenter.ts). */
export const AR_LIVE_ENTITIES = ['charge_customer', 'statement'] as const;

/**
 * A charge customer or statement changed (created, sent, paid by the customer): the open screen refetches, because a
 * statement moves the account's balance, the company totals and the transactions' "in statement" marks together.
 */
export function handleAccountingLiveEvent(queryClient: QueryClient, event: Pick<TLiveEvent, 'entity'>): boolean {
  if (!(AR_LIVE_ENTITIES as readonly string[]).includes(event.entity)) return false;
  void queryClient.invalidateQueries({ queryKey: arKeys.all });
  return true;
}
