import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TResetTokenInfo } from '@cd/contracts/auth';
import { api } from '../../../lib/api';

/** GET /api/forgot-password/{token}: the email of the account being reset; any failure is shown by the page itself. */
export function fetchResetTokenInfo(token: string, signal?: AbortSignal): Promise<TResetTokenInfo> {
  return api.request<TResetTokenInfo>(`/api/forgot-password/${encodeURIComponent(token)}`, {
    auth: false,
    silent: true,
    signal,
  });
}

export function resetTokenQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['reset-token', token],
    queryFn: ({ signal }) => fetchResetTokenInfo(token, signal),
    enabled: token !== '',
    retry: false,
  });
}

export function useResetTokenInfo(token: string) {
  return useQuery(resetTokenQueryOptions(token));
}
