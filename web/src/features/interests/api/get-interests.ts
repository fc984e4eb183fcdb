import { useQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TInterest } from '@cd/contracts/interests';
import { api } from '../../../lib/api';
import { interestKeys } from './query-keys';

/** GET /api/interests?pagination=false (by name, capped by the server), narrowed by `name`. Silent: the list shows its error. */
export function fetchInterests(opts: { search: string; signal?: AbortSignal }): Promise<THydraCollection<TInterest>> {
  return api.request('/api/interests', { query: { pagination: 'false', name: opts.search || undefined }, signal: opts.signal, silent: true });
}

export function useInterests(search: string) {
  return useQuery({ queryKey: interestKeys.list(search), queryFn: ({ signal }) => fetchInterests({ search, signal }) });
}
