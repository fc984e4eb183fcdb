import { useQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TPartsCustomer } from '@cd/contracts/parts';
import { api } from '../../../lib/api';
import { partsKeys } from './query-keys';

/** GET /api/parts_customers?pagination=false (by name, capped by the server): the counter's account picker. */
export function fetchPartsCustomers(opts: { search: string; signal?: AbortSignal }): Promise<THydraCollection<TPartsCustomer>> {
  return api.request('/api/parts_customers', { query: { pagination: 'false', name: opts.search || undefined }, signal: opts.signal, silent: true });
}

export function usePartsCustomers(search: string) {
  return useQuery({ queryKey: partsKeys.customers(search), queryFn: ({ signal }) => fetchPartsCustomers({ search, signal }) });
}
