import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import { PAYMENT_TRANSACTIONS_PER_PAGE, type TPaymentTransactionDetail, type TPaymentTransactionTotals } from '@cd/contracts/payment-operations';
import { api } from '../../../lib/api';
import { transactionApiQuery, type TTransactionFilters } from '../lib/transactions-query';
import { paymentKeys } from './query-keys';

/** A page of the list; the first carries the filter's totals (null sums above the server's cap) and the count. */
export type TTransactionsPage = THydraCollection<TPaymentTransactionDetail> & {
  totals?: TPaymentTransactionTotals;
  totalItemsAtLeast?: number;
};

/**
 * GET /api/payment/transactions: newest first; later pages follow the server's `view.next` (keyset), never an offset.
 * Silent: the page shows its own error state with a retry.
 */
export function fetchTransactions(opts: { filters: TTransactionFilters; next: string | null; signal?: AbortSignal }): Promise<TTransactionsPage> {
  if (opts.next) return api.request<TTransactionsPage>(opts.next, { signal: opts.signal, silent: true });
  return api.request<TTransactionsPage>('/api/payment/transactions', {
    query: { ...transactionApiQuery(opts.filters), itemsPerPage: PAYMENT_TRANSACTIONS_PER_PAGE },
    signal: opts.signal,
    silent: true,
  });
}

export function transactionsQueryOptions(filters: TTransactionFilters) {
  return infiniteQueryOptions({
    queryKey: paymentKeys.transactionList(filters),
    queryFn: ({ pageParam, signal }) => fetchTransactions({ filters, next: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.view?.next ?? undefined,
  });
}

export function useTransactions(filters: TTransactionFilters, enabled = true) {
  return useInfiniteQuery({ ...transactionsQueryOptions(filters), enabled });
}
