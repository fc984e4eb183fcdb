import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TAppointment } from '@cd/contracts/appointment';
import type { THydraCollection } from '@cd/contracts/hydra';
import { api } from '../../../lib/api';
import type { TAppointmentRangeParams } from '../lib/calendar-search';
import { appointmentKeys } from './query-keys';

/**
 * GET /api/appointments?from&to&assignee&status: the calendar's visible range, earliest first (one page: a range holds
 * at most CALENDAR_MAX_DAYS). Silent: the page shows its own error state, and the module-off message.
 */
export async function fetchAppointments(opts: { params: TAppointmentRangeParams; signal?: AbortSignal }): Promise<TAppointment[]> {
  const { from, to, assignee, status } = opts.params;
  const body = await api.request<THydraCollection<TAppointment>>('/api/appointments', {
    query: { from, to, assignee, status },
    signal: opts.signal,
    silent: true,
  });
  return body.member;
}

export function appointmentsQueryOptions(params: TAppointmentRangeParams) {
  return queryOptions({
    // The key holds the parameters: live updates read them back to decide whether an appointment belongs in it.
    queryKey: appointmentKeys.list({ ...params }),
    queryFn: ({ signal }) => fetchAppointments({ params, signal }),
  });
}

const NO_RANGE: TAppointmentRangeParams = { from: '', to: '', assignee: null, status: null };

/** The range's appointments; the previous range's stay shown (dimmed by the page) while the next one loads. */
export function useAppointments(params: TAppointmentRangeParams | null) {
  return useQuery({ ...appointmentsQueryOptions(params ?? NO_RANGE), enabled: params !== null, placeholderData: keepPreviousData });
}
