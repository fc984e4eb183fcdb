import type { TAppointment } from '@cd/contracts/appointment';
import { isAppointmentActive } from '@cd/contracts/appointment-constants';
import { writeCalendarSearch } from './calendar-search';

/** How many past appointments the messenger's panel shows before "show all". */
export const RECENT_SHOWN = 5;

/**
 * A customer's appointments as the messenger's panel lists them: upcoming = still ahead (or under way) and holding
 * time (requested, confirmed), soonest first; recent = everything else (past, and canceled or denied future ones),
 * latest first.
 */
export function splitCustomerAppointments(options: { appointments: readonly TAppointment[]; now: Date }): { upcoming: TAppointment[]; recent: TAppointment[] } {
  const now = options.now.getTime();
  const upcoming: TAppointment[] = [];
  const recent: TAppointment[] = [];
  for (const a of options.appointments) {
    if (Date.parse(a.endsAt) > now && isAppointmentActive(a.status)) upcoming.push(a);
    else recent.push(a);
  }
  upcoming.sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt) || a.id - b.id);
  recent.sort((a, b) => Date.parse(b.startsAt) - Date.parse(a.startsAt) || b.id - a.id);
  return { upcoming, recent };
}

/** Whether "send reminder" has something to remind of: a confirmed appointment that has not started. */
export function hasReminderTarget(options: { appointments: readonly TAppointment[]; now: Date }): boolean {
  return options.appointments.some((a) => a.status === 'confirmed' && Date.parse(a.startsAt) > options.now.getTime());
}

/** Who may use the panel (server appointments.access.ts): company admins, the appointments and communication roles. */
export function canReachAppointments(user: { roles: readonly string[] }): boolean {
  return ['ROLE_COMPANY_ADMIN', 'ROLE_APPOINTMENTS', 'ROLE_COMMUNICATION'].some((r) => user.roles.includes(r));
}

/** The `/appointments` address that opens the calendar on an appointment's day (company calendar `YYYY-MM-DD`). */
export function calendarPathOf(day: string): string {
  return `/appointments?${writeCalendarSearch({ view: 'day', date: day, assignee: 'all', statuses: [] }).toString()}`;
}
