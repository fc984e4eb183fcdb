import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TApiKey } from '@cd/contracts/api-keys';
import type { THydraCollection } from '@cd/contracts/hydra';
import { api } from '../../../lib/api';
import { apiKeysKeys } from './query-keys';

/** GET /api/api_keys (company admins): every key of the company, newest first, unpaged (a company holds few). */
export function fetchApiKeys(opts: { signal?: AbortSignal }): Promise<THydraCollection<TApiKey>> {
  return api.request<THydraCollection<TApiKey>>('/api/api_keys', { signal: opts.signal, silent: true });
}

export function apiKeysQueryOptions() {
  return queryOptions({ queryKey: apiKeysKeys.list, queryFn: ({ signal }) => fetchApiKeys({ signal }) });
}

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}
