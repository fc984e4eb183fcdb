import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const REVISION_POLL_MS = 60_000;

/** GET /api/public/revision (no auth): the deployed build's revision. */
export function fetchRevision(signal?: AbortSignal): Promise<{ revision: string }> {
  return api.request<{ revision: string }>('/api/public/revision', { auth: false, silent: true, signal });
}

export function revisionQueryOptions() {
  return queryOptions({
    queryKey: ['public-revision'],
    queryFn: ({ signal }) => fetchRevision(signal),
    refetchInterval: REVISION_POLL_MS,
    refetchIntervalInBackground: true,
    retry: false,
    gcTime: Infinity,
  });
}

export function useRevision() {
  return useQuery(revisionQueryOptions());
}
