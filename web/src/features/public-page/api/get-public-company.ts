import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPublicCompany } from '@cd/contracts/public-page';
import { api } from '../../../lib/api';

/** GET /api/public/companies/{slug}: the QR page's texts and colours (404 for unknown or disabled companies). */
export function getPublicCompany(slug: string): Promise<TPublicCompany> {
  return api.request<TPublicCompany>(`/api/public/companies/${encodeURIComponent(slug)}`, { auth: false, silent: true });
}

export function publicCompanyQueryOptions(slug: string) {
  return queryOptions({ queryKey: ['public-company', slug], queryFn: () => getPublicCompany(slug), retry: false, staleTime: 5 * 60_000 });
}

export function usePublicCompanyQuery(slug: string) {
  return useQuery(publicCompanyQueryOptions(slug));
}
