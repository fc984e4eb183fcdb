import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TAvailability } from '@cd/contracts/appointment';
import { api } from '../../../lib/api';
import { appointmentKeys } from './query-keys';

export interface TAvailabilityParams {
  /** Service ids in the order chosen. */
  services: number[];
  /** First and last day `YYYY-MM-DD` (company calendar). */
  from: string;
  to: string;
}

/** GET /api/appointments/availability: free slots and, for staff, who is free in each. Silent: the dialog says why. */
export function fetchAvailability(opts: TAvailabilityParams & { signal?: AbortSignal }): Promise<TAvailability> {
  return api.request<TAvailability>('/api/appointments/availability', {
    query: { services: opts.services.join(','), from: opts.from, to: opts.to },
    signal: opts.signal,
    silent: true,
  });
}

export function availabilityQueryOptions(params: TAvailabilityParams) {
  return queryOptions({
    queryKey: appointmentKeys.availability({ services: params.services, from: params.from, to: params.to }),
    queryFn: ({ signal }) => fetchAvailability({ ...params, signal }),
    // Free times change as colleagues book: a slot list older than this is asked again.
    staleTime: 15_000,
  });
}

export function useAvailability(params: TAvailabilityParams | null) {
  const p = params ?? { services: [], from: '', to: '' };
  return useQuery({ ...availabilityQueryOptions(p), enabled: params !== null && params.services.length > 0, placeholderData: keepPreviousData });
}
