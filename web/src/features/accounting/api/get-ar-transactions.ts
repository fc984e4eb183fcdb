import { useInfiniteQuery } from '@tanstack/react-query';
import type { TArTransaction } from '@cd/contracts/accounting';
import type { THydraCollection } from '@cd/contracts/hydra';
import { api } from '../../../lib/api';
import { nextCursorOf } from '../lib/ar-screen';
import { arKeys } from './query-keys';

export const AR_TRANSACTIONS_PAGE = 50;

/** GET /api/automotive/transactions?customer=&before=: newest first, keyset pages (`before=<ISO>_<id>` from view.next). */
export function fetchArTransactions(opts: { customerId: number; before: string | null; signal?: AbortSignal }): Promise<THydraCollection<TArTransaction>> {
  return api.request('/api/automotive/transactions', {
    query: { customer: opts.customerId, before: opts.before ?? undefined, itemsPerPage: AR_TRANSACTIONS_PAGE },
    signal: opts.signal,
    silent: true,
  });
}

export function useArTransactions(customerId: number) {
  return useInfiniteQuery({
    queryKey: arKeys.transactions(customerId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => fetchArTransactions({ customerId, before: pageParam, signal }),
    getNextPageParam: (last) => nextCursorOf(last.view?.next) ?? undefined,
  });
}
