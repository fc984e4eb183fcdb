import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPublicLinkPage } from '@cd/contracts/customer-link';
import { api } from '../../../lib/api';

/** GET /api/public/links/{code}: the page the link allows (404 link_not_found, 410 link_expired). No sign-in. */
export function getLinkPage(code: string, signal?: AbortSignal): Promise<TPublicLinkPage> {
  return api.request<TPublicLinkPage>(`/api/public/links/${encodeURIComponent(code)}`, { auth: false, silent: true, signal });
}

export const linkPageQueryKey = (code: string) => ['public-link', code] as const;

export function linkPageQueryOptions(code: string) {
  // One fetch per visit: every open is counted on the staff side, and a 404/410 will not change on retry.
  return queryOptions({
    queryKey: linkPageQueryKey(code),
    queryFn: ({ signal }) => getLinkPage(code, signal),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useLinkPageQuery(code: string) {
  return useQuery(linkPageQueryOptions(code));
}
