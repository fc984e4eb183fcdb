import { queryOptions, useQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TPaymentTerminal } from '@cd/contracts/payment-operations';
import { api } from '../../../lib/api';
import { repairOrderKeys } from './query-keys';

/** GET /api/payment/terminals: the card terminals this user may send to (none: the button is not offered). */
export async function fetchPaymentTerminals(signal?: AbortSignal): Promise<TPaymentTerminal[]> {
  const body = await api.request<THydraCollection<TPaymentTerminal> | TPaymentTerminal[]>('/api/payment/terminals', { signal, silent: true });
  return Array.isArray(body) ? body : (body?.member ?? []);
}

export function paymentTerminalsQueryOptions() {
  // The grid changes with the company's settings only: kept for a few minutes, and a failure means "no terminals".
  return queryOptions({ queryKey: repairOrderKeys.paymentTerminals, queryFn: ({ signal }) => fetchPaymentTerminals(signal), staleTime: 300_000, retry: false });
}

export function usePaymentTerminals(enabled: boolean) {
  return useQuery({ ...paymentTerminalsQueryOptions(), enabled });
}
