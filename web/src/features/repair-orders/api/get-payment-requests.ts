import { queryOptions, useQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TPaymentRequest } from '@cd/contracts/payments';
import { api } from '../../../lib/api';
import { repairOrderKeys } from './query-keys';

/** GET /api/payment_requests?repairOrder={id}: the order's requests, newest first (an order has a handful at most). */
export async function fetchOrderPaymentRequests(options: { orderId: number; signal?: AbortSignal }): Promise<THydraCollection<TPaymentRequest>> {
  return api.request<THydraCollection<TPaymentRequest>>('/api/payment_requests', {
    query: { repairOrder: options.orderId, itemsPerPage: 50 },
    signal: options.signal,
    silent: true,
  });
}

export function orderPaymentRequestsQueryOptions(orderId: number) {
  return queryOptions({
    queryKey: repairOrderKeys.paymentRequests(orderId),
    queryFn: ({ signal }) => fetchOrderPaymentRequests({ orderId, signal }),
    // Live events keep it fresh; the interval covers a stream that was down for a while.
    refetchInterval: 60_000,
  });
}

export function useOrderPaymentRequests(orderId: number) {
  return useQuery(orderPaymentRequestsQueryOptions(orderId));
}
