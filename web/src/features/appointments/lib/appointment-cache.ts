import type { QueryClient } from '@tanstack/react-query';
import type { TAppointment } from '@cd/contracts/appointment';
import type { TLiveEvent } from '@cd/contracts/live';
import { appointmentKeys } from '../api/query-keys';
import { matchesRangeParams, type TAppointmentRangeParams } from './calendar-search';

function byStart(a: TAppointment, b: TAppointment): number {
  return Date.parse(a.startsAt) - Date.parse(b.startsAt) || a.id - b.id;
}

function isRangeParams(p: unknown): p is TAppointmentRangeParams {
  const v = p as Partial<TAppointmentRangeParams> | null;
  return !!v && typeof v === 'object' && typeof v.from === 'string' && typeof v.to === 'string';
}

/**
 * One range list after an appointment changed: replaced where it is, added in start order when it now belongs there
 * (a customer's booking, a move into the range), dropped when it no longer does (moved away, filtered status). The
 * same array comes back when nothing changed.
 */
export function mergeAppointmentIntoRange(options: {
  list: readonly TAppointment[];
  appointment: TAppointment;
  params: TAppointmentRangeParams;
}): TAppointment[] {
  const { list, appointment, params } = options;
  const at = list.findIndex((a) => a.id === appointment.id);
  const belongs = matchesRangeParams({ params, appointment });
  if (at === -1 && !belongs) return list as TAppointment[];
  const rest = at === -1 ? [...list] : list.filter((a) => a.id !== appointment.id);
  if (belongs) rest.push(appointment);
  return rest.sort(byStart);
}

/** Puts an appointment into every loaded calendar range; lists of another shape (one customer's) refetch. */
export function replaceAppointmentInLists(options: { queryClient: QueryClient; appointment: TAppointment }): void {
  const { queryClient, appointment } = options;
  for (const [key, list] of queryClient.getQueriesData<TAppointment[]>({ queryKey: appointmentKeys.lists })) {
    const params = (key as readonly unknown[])[2];
    if (!isRangeParams(params) || !Array.isArray(list)) {
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
      continue;
    }
    const next = mergeAppointmentIntoRange({ list, appointment, params });
    if (next !== list) queryClient.setQueryData(key, next);
  }
}

function isAppointment(data: unknown): data is TAppointment {
  const a = data as Partial<TAppointment> | null;
  return !!a && typeof a === 'object' && typeof a.id === 'number' && typeof a.startsAt === 'string' && typeof a.status === 'string';
}

/**
 * A live appointment event (booked on the public page, moved or confirmed by a colleague): the open calendar ranges
 * merge the appointment, and free times refetch.
 */
export function applyAppointmentLiveEvent(options: { queryClient: QueryClient; event: TLiveEvent }): void {
  const { queryClient, event } = options;
  if (isAppointment(event.data)) replaceAppointmentInLists({ queryClient, appointment: event.data });
  else void queryClient.invalidateQueries({ queryKey: appointmentKeys.lists });
  void queryClient.invalidateQueries({ queryKey: appointmentKeys.availabilityAll });
}
