import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPublicPaymentPage } from '@cd/contracts/payments';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-client';
import { paymentKeys } from './query-keys';

/** GET /api/public/payments/{code}: what is owed, the lines, how to pay, or the receipt (404 / 410 as link pages). */
export function getPublicPayment(code: string, signal?: AbortSignal): Promise<TPublicPaymentPage> {
  return api.request<TPublicPaymentPage>(`/api/public/payments/${encodeURIComponent(code)}`, { auth: false, silent: true, signal });
}

export function publicPaymentQueryOptions(code: string) {
  return queryOptions({
    queryKey: paymentKeys.publicPage(code),
    queryFn: ({ signal }) => getPublicPayment(code, signal),
    // A 4xx (unknown, expired, cancelled) is the answer, not a hiccup: shown at once, not retried.
    retry: (failures, err) => failures < 1 && !(err instanceof ApiError && err.status < 500),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** `pollMs`: asked again while a charge's outcome is being confirmed by the processor. */
export function usePublicPayment(code: string, options: { pollMs?: number | false } = {}) {
  return useQuery({ ...publicPaymentQueryOptions(code), refetchInterval: options.pollMs ?? false });
}
