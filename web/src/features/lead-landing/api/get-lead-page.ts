import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPublicLeadPage } from '@cd/contracts/leads';
import { api } from '../../../lib/api';

/** GET /api/public/lead-pages/{slug}: the landing page's texts and colours (404 for unknown companies or without real estate). */
export function getLeadPage(slug: string): Promise<TPublicLeadPage> {
  return api.request<TPublicLeadPage>(`/api/public/lead-pages/${encodeURIComponent(slug)}`, { auth: false, silent: true });
}

export function leadPageQueryOptions(slug: string) {
  return queryOptions({ queryKey: ['public-lead-page', slug], queryFn: () => getLeadPage(slug), retry: false, staleTime: 5 * 60_000 });
}

export function useLeadPageQuery(slug: string) {
  return useQuery(leadPageQueryOptions(slug));
}
