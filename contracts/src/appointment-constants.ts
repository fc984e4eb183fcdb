/* Zod-free: the calendar, the public booking page and the server share these values without loading schema code. */
import { computeLocalHourAfterDays } from './automation-schedule';

/** Spec part 2 §4. */
export const APPOINTMENT_STATUSES = ['requested', 'confirmed', 'denied', 'canceled', 'completed', 'missed'] as const;
export type TAppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** Statuses that hold the time: the assignee, bays and loaners are taken while an appointment is in one of them. */
export const ACTIVE_APPOINTMENT_STATUSES = ['requested', 'confirmed'] as const satisfies readonly TAppointmentStatus[];

export const APPOINTMENT_ACTIONS = ['confirm', 'deny', 'cancel', 'complete', 'miss'] as const;
export type TAppointmentAction = (typeof APPOINTMENT_ACTIONS)[number];

/**
 * The transitions of §4: a requested appointment is confirmed, denied or canceled; a confirmed one is canceled,
 * completed or marked missed. Every other status is final. Any other move answers 409 APPOINTMENT_WRONG_STATE.
 */
export const APPOINTMENT_TRANSITIONS: Readonly<Record<TAppointmentAction, { from: readonly TAppointmentStatus[]; to: TAppointmentStatus }>> = {
  confirm: { from: ['requested'], to: 'confirmed' },
  deny: { from: ['requested'], to: 'denied' },
  cancel: { from: ['requested', 'confirmed'], to: 'canceled' },
  complete: { from: ['confirmed'], to: 'completed' },
  miss: { from: ['confirmed'], to: 'missed' },
};

/** The action that leads to a status from another, or null when no action does. */
export function appointmentActionTo(options: { from: TAppointmentStatus; to: TAppointmentStatus }): TAppointmentAction | null {
  for (const [action, t] of Object.entries(APPOINTMENT_TRANSITIONS) as [TAppointmentAction, (typeof APPOINTMENT_TRANSITIONS)[TAppointmentAction]][]) {
    if (t.to === options.to && t.from.includes(options.from)) return action;
  }
  return null;
}

export function isAppointmentActive(status: TAppointmentStatus): boolean {
  return (ACTIVE_APPOINTMENT_STATUSES as readonly TAppointmentStatus[]).includes(status);
}

/** Where an appointment came from: staff (calendar, messenger) or the customer (public booking page). */
export const APPOINTMENT_SOURCES = ['staff', 'customer'] as const;
export type TAppointmentSource = (typeof APPOINTMENT_SOURCES)[number];

/** Shared resources beyond people (issue 16): service bays, loaner cars, anything else a service needs. */
export const APPOINTMENT_RESOURCE_KINDS = ['bay', 'loaner', 'other'] as const;
export type TAppointmentResourceKind = (typeof APPOINTMENT_RESOURCE_KINDS)[number];

/* Messages of spec part 2 §8 (i18n keys; the server answers them as the error's message). */
export const NO_WORKING_DAYS = 'appointments_no_working_days';
export const NO_APPOINTMENTS_FOR_PARAMETERS = 'appointments_none_for_parameters';
export const SLOT_NOT_AVAILABLE = 'appointment_slot_not_available';
export const APPOINTMENT_WRONG_STATE = 'appointment_message_sent_or_wrong_state';
export const WORKING_HOURS_FETCH_ERROR = 'appointments_working_hours_error';
export const NOT_ACCEPTING_APPOINTMENTS = 'appointments_not_accepting';
export const APPOINTMENTS_MODULE_OFF = 'appointments_module_off';
export const HOLD_EXPIRED = 'appointment_hold_expired';
/* The messenger's appointment buttons (send_appointment_reminder, send_booking_link): why nothing was sent. */
export const NO_UPCOMING_APPOINTMENT = 'appointment_none_upcoming';
export const REMINDER_NOT_CONFIGURED = 'appointment_reminder_not_configured';
export const CUSTOMER_OPTED_OUT = 'customer_opted_out';
export const BOOKING_LINK_RECENTLY_SENT = 'booking_link_recently_sent';
/** The public booking page: too many holds at once from one visitor (release one, or wait for it to run out). */
export const TOO_MANY_HOLDS = 'appointment_too_many_holds';

/* Defaults when the company left a setting empty (spec part 2 §3 "Appointments settings"). */
export const DEFAULT_GRANULARITY_MINUTES = 30;
export const DEFAULT_SAFE_ZONE_MINUTES = 60;
export const DEFAULT_REMINDER_DAYS_BEFORE = 1;
/** The local hour a reminder goes out on the day `daysBefore` days ahead. */
export const REMINDER_LOCAL_HOUR = 10;
/** A same-day reminder (daysBefore 0) goes this long before the start. */
export const SAME_DAY_REMINDER_MINUTES = 120;

/** How long a slot chosen on the booking page stays held while the customer types their name and phone. */
export const HOLD_MINUTES = 5;
/** The longest range one availability query may ask for. */
export const AVAILABILITY_MAX_DAYS = 62;
/** The most services one appointment may have (their durations add up). */
export const APPOINTMENT_SERVICES_MAX = 10;
export const APPOINTMENT_NOTES_MAX = 2000;
/** An appointment lasts at least one minute and at most a working day and a half. */
export const APPOINTMENT_MAX_MINUTES = 12 * 60;
export const RESOURCE_CAPACITY_MAX = 50;
/** The calendar asks for at most this many days at once (a month view with its spill-over weeks). */
export const CALENDAR_MAX_DAYS = 45;

/** Colours per status for the calendar (MUI palette names, readable in both themes). */
export const APPOINTMENT_STATUS_COLORS: Readonly<Record<TAppointmentStatus, 'warning' | 'success' | 'error' | 'info' | 'secondary' | 'grey'>> = {
  requested: 'warning',
  confirmed: 'success',
  denied: 'error',
  canceled: 'grey',
  completed: 'info',
  missed: 'secondary',
};

/**
 * When the reminder of an appointment goes out: at REMINDER_LOCAL_HOUR local time `daysBefore` days before its local
 * day, or SAME_DAY_REMINDER_MINUTES before the start when `daysBefore` is 0. A time already past is brought to `now`
 * while the start is still more than an hour away; later than that no reminder is sent (null).
 */
export function computeAppointmentReminderDueAt(options: { startsAt: Date; daysBefore: number; timeZone: string; now: Date }): Date | null {
  const { startsAt, daysBefore, timeZone, now } = options;
  const planned =
    daysBefore > 0
      ? computeLocalHourAfterDays({ from: startsAt, days: -daysBefore, hour: REMINDER_LOCAL_HOUR, timeZone })
      : new Date(startsAt.getTime() - SAME_DAY_REMINDER_MINUTES * 60_000);
  if (planned.getTime() > now.getTime()) return planned;
  return startsAt.getTime() - now.getTime() > 60 * 60_000 ? now : null;
}

const LOCALE_OF_LANGUAGE: Readonly<Record<string, string>> = { en: 'en-US', bs: 'bs-BA', hr: 'hr-HR', sr: 'sr-Latn-RS' };

/** `{appointment_time}` as a customer reads it: the company's time zone and language ("Tue, Dec 1, 2026, 9:30 AM"). */
export function formatAppointmentTime(options: { startsAt: Date; timeZone: string; language: string | null | undefined }): string {
  const locale = LOCALE_OF_LANGUAGE[options.language ?? 'en'] ?? 'en-US';
  return new Intl.DateTimeFormat(locale, {
    timeZone: options.timeZone,
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(options.startsAt);
}
