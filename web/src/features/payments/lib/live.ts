import type { QueryClient } from '@tanstack/react-query';
import type { TLiveEvent } from '@cd/contracts/live';
import { paymentKeys } from '../api/query-keys';

/** Live events of the transactions list (spec part 1 §4): a sale, refund or void recorded; a request paid. */
export const PAYMENT_TRANSACTION_LIVE_ENTITY = 'payment_transaction';

/**
 * The open transaction lists refetch: the totals of the filter change with any new row, so merging one row would not
 * be enough. A paid request's sale is announced with the request too, in case its own event is not addressed to this
 * user. Returns false for events of other areas (payment requests are also the order screen's: both may handle them).
 */
export function handlePaymentsLiveEvent(queryClient: QueryClient, event: Pick<TLiveEvent, 'entity' | 'data'>): boolean {
  if (event.entity === PAYMENT_TRANSACTION_LIVE_ENTITY) {
    void queryClient.invalidateQueries({ queryKey: paymentKeys.transactionLists });
    return true;
  }
  // A rule charged, skipped (card expired) or stopped (card revoked): the rules panel refetches.
  if (event.entity === 'payment_recurring_rule') {
    void queryClient.invalidateQueries({ queryKey: paymentKeys.recurringRules });
    return true;
  }
  if (event.entity === 'payment_request') {
    const status = (event.data as { status?: unknown } | null)?.status;
    if (status === 'paid') void queryClient.invalidateQueries({ queryKey: paymentKeys.transactionLists });
    return true;
  }
  return false;
}
