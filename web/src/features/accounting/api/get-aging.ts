import { useQuery } from '@tanstack/react-query';
import type { TArAgingSummary } from '@cd/contracts/accounting';
import { api } from '../../../lib/api';
import { arKeys } from './query-keys';

/** GET /api/automotive/aging: the company's open balance by age, shown above the accounts. */
export function fetchAging(opts: { signal?: AbortSignal } = {}): Promise<TArAgingSummary> {
  return api.request('/api/automotive/aging', { signal: opts.signal, silent: true });
}

export function useAging() {
  return useQuery({ queryKey: arKeys.aging, queryFn: ({ signal }) => fetchAging({ signal }) });
}
