import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPublicBookingPage } from '@cd/contracts/appointment';
import { api } from '../../../lib/api';

const bookingPath = (slug: string) => `/api/public/booking/${encodeURIComponent(slug)}`;

/**
 * GET /api/public/booking/{slug}: the company, its bookable services and whether it takes appointments (404 for an
 * unknown company or one without the module). From a booking link, `link` names the customer the page is for.
 */
export function getBookingPage(opts: { slug: string; link?: string; signal?: AbortSignal }): Promise<TPublicBookingPage> {
  return api.request<TPublicBookingPage>(bookingPath(opts.slug), { query: { link: opts.link }, auth: false, silent: true, signal: opts.signal });
}

export const bookingPageQueryKey = (slug: string, link?: string) => ['public-booking', slug, link ?? null] as const;

export function bookingPageQueryOptions(opts: { slug: string; link?: string }) {
  return queryOptions({
    queryKey: bookingPageQueryKey(opts.slug, opts.link),
    queryFn: ({ signal }) => getBookingPage({ ...opts, signal }),
    // A 404 will not change on retry; the page offers its own retry for other failures.
    retry: false,
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });
}

export function useBookingPageQuery(opts: { slug: string; link?: string; enabled?: boolean }) {
  return useQuery({ ...bookingPageQueryOptions(opts), enabled: (opts.enabled ?? true) && opts.slug !== '' });
}
