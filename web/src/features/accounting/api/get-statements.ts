import { useQuery } from '@tanstack/react-query';
import type { TArStatement } from '@cd/contracts/accounting';
import type { THydraCollection } from '@cd/contracts/hydra';
import { api } from '../../../lib/api';
import { arKeys } from './query-keys';

/** GET /api/automotive/statements?customer=: the account's statements, newest first (the latest 100). */
export function fetchStatements(opts: { customerId: number; signal?: AbortSignal }): Promise<THydraCollection<TArStatement>> {
  return api.request('/api/automotive/statements', { query: { customer: opts.customerId, itemsPerPage: 100 }, signal: opts.signal, silent: true });
}

export function useStatements(customerId: number) {
  return useQuery({ queryKey: arKeys.statements(customerId), queryFn: ({ signal }) => fetchStatements({ customerId, signal }) });
}
