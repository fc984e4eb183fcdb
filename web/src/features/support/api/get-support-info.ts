import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSupportInfo } from '@cd/contracts/support';
import { api } from '../../../lib/api';
import { supportKeys } from './query-keys';

/** GET /api/support (everyone signed in): whether questions can be sent, and the product's help links. */
export function fetchSupportInfo(opts: { signal?: AbortSignal }): Promise<TSupportInfo> {
  return api.request<TSupportInfo>('/api/support', { signal: opts.signal, silent: true });
}

export function supportInfoQueryOptions() {
  return queryOptions({ queryKey: supportKeys.info, queryFn: ({ signal }) => fetchSupportInfo({ signal }), staleTime: 5 * 60_000 });
}

export function useSupportInfo() {
  return useQuery(supportInfoQueryOptions());
}
