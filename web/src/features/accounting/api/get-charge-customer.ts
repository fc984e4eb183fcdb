import { useQuery } from '@tanstack/react-query';
import type { TChargeCustomer } from '@cd/contracts/accounting';
import { api } from '../../../lib/api';
import { arKeys } from './query-keys';

/** GET /api/charge_customers/{id}: one account with its balance and aging. */
export function fetchChargeCustomer(opts: { id: number; signal?: AbortSignal }): Promise<TChargeCustomer> {
  return api.request(`/api/charge_customers/${opts.id}`, { signal: opts.signal, silent: true });
}

export function useChargeCustomer(id: number) {
  return useQuery({ queryKey: arKeys.customer(id), queryFn: ({ signal }) => fetchChargeCustomer({ id, signal }) });
}
