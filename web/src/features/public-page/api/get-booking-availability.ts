import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TAvailability } from '@cd/contracts/appointment';
import { api } from '../../../lib/api';

export interface TBookingAvailabilityParams {
  slug: string;
  services: readonly number[];
  /** First and last day `YYYY-MM-DD` in the company's calendar. */
  from: string;
  to: string;
}

/** GET /api/public/booking/{slug}/availability: free slots (no assignees) for the services over the days. */
export function getBookingAvailability(opts: TBookingAvailabilityParams & { signal?: AbortSignal }): Promise<TAvailability> {
  return api.request<TAvailability>(`/api/public/booking/${encodeURIComponent(opts.slug)}/availability`, {
    query: { services: opts.services.join(','), from: opts.from, to: opts.to },
    auth: false,
    silent: true,
    signal: opts.signal,
  });
}

export const bookingAvailabilityKeys = {
  all: (slug: string) => ['public-booking', slug, 'availability'] as const,
  window: (p: TBookingAvailabilityParams) => ['public-booking', p.slug, 'availability', p.services.join(','), p.from, p.to] as const,
};

export function bookingAvailabilityQueryOptions(params: TBookingAvailabilityParams) {
  return queryOptions({
    queryKey: bookingAvailabilityKeys.window(params),
    queryFn: ({ signal }) => getBookingAvailability({ ...params, signal }),
    // Free times change as others book: fresh for a minute, and the other window stays on screen while the next loads.
    staleTime: 60_000,
    retry: 1,
    placeholderData: keepPreviousData,
  });
}

export function useBookingAvailability(params: TBookingAvailabilityParams & { enabled: boolean }) {
  const { enabled, ...p } = params;
  return useQuery({ ...bookingAvailabilityQueryOptions(p), enabled: enabled && p.services.length > 0 });
}
