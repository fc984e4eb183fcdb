import type { TShift, TVacation, TWorkingHours } from '@cd/contracts/appointment';
import { WEEKDAYS, type TWeekday } from '@cd/contracts/company';
import { localDayOf } from '@cd/contracts/survey-dates';
import { localeOf } from '../../../lib/date-locale';

/* Shifts and vacations as the calendar shows them beside and behind the appointments. Days are `YYYY-MM-DD` of the
 * company's calendar; shift times are its wall clock (docs/appointments.md "Time zones"). */

/** The weekday of a calendar day. */
export function weekdayOfDay(day: string): TWeekday {
  const sundayFirst = new Date(`${day}T00:00:00Z`).getUTCDay();
  return WEEKDAYS[(sundayFirst + 6) % 7]!;
}

export function addDaysToDay(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The first and the last local day a visible range [start, end) covers. */
export function dayRangeOf(options: { start: Date; end: Date; timeZone: string }): { from: string; to: string } {
  const { start, end, timeZone } = options;
  return { from: localDayOf({ instant: start, timeZone }), to: localDayOf({ instant: new Date(end.getTime() - 1), timeZone }) };
}

/** "9:30 AM" in the company's time zone. */
export function formatZonedTime(options: { instant: Date | string; timeZone: string; language: string }): string {
  return new Intl.DateTimeFormat(localeOf(options.language), { timeZone: options.timeZone, hour: 'numeric', minute: '2-digit' }).format(
    new Date(options.instant),
  );
}

/** "Tue, Dec 1, 2026" in the company's time zone. */
export function formatZonedDate(options: { instant: Date | string; timeZone: string; language: string }): string {
  return new Intl.DateTimeFormat(localeOf(options.language), {
    timeZone: options.timeZone,
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  }).format(new Date(options.instant));
}

/** "Dec 1" of a calendar day (no time zone involved: the day is already the company's). */
export function formatDay(options: { day: string; language: string; weekday?: boolean }): string {
  return new Intl.DateTimeFormat(localeOf(options.language), {
    timeZone: 'UTC',
    weekday: options.weekday ? 'short' : undefined,
    month: 'short',
    day: 'numeric',
  }).format(new Date(`${options.day}T00:00:00Z`));
}

/** "08:00" of a shift as the locale writes times ("8:00 AM" in English). */
export function formatShiftTime(options: { time: string; language: string }): string {
  const [h, m] = options.time.split(':').map(Number) as [number, number];
  return new Intl.DateTimeFormat(localeOf(options.language), { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' }).format(
    new Date(Date.UTC(2000, 0, 1, h, m)),
  );
}

export interface TDayShifts {
  user: string;
  userName: string;
  shifts: TShift[];
  onVacation: boolean;
}

/** Who works on a day and when, earliest first; people on vacation that day are kept and marked. */
export function shiftsOfDay(options: { workingHours: readonly TWorkingHours[]; vacations: readonly TVacation[]; day: string }): TDayShifts[] {
  const weekday = weekdayOfDay(options.day);
  const away = new Set(options.vacations.filter((v) => v.from <= options.day && options.day <= v.to).map((v) => v.user));
  return options.workingHours
    .map((w) => ({
      user: w.user,
      userName: w.userName,
      shifts: [...w.days[weekday]].sort((a, b) => a.startsAt.localeCompare(b.startsAt)),
      onVacation: away.has(w.user),
    }))
    .filter((d) => d.shifts.length > 0)
    .sort((a, b) => a.shifts[0]!.startsAt.localeCompare(b.shifts[0]!.startsAt) || a.userName.localeCompare(b.userName));
}

/** Vacations overlapping [from, to] (inclusive days), earliest first. */
export function vacationsInDays(options: { vacations: readonly TVacation[]; from: string; to: string }): TVacation[] {
  return options.vacations
    .filter((v) => v.from <= options.to && v.to >= options.from)
    .sort((a, b) => a.from.localeCompare(b.from) || a.userName.localeCompare(b.userName));
}

/** FullCalendar business hours from the shifts (one assignee's when filtered): the rest of the grid is shaded. */
export function businessHoursOf(options: { workingHours: readonly TWorkingHours[]; user?: string | null }): {
  daysOfWeek: number[];
  startTime: string;
  endTime: string;
}[] {
  const records = options.user ? options.workingHours.filter((w) => w.user === options.user) : options.workingHours;
  const out: { daysOfWeek: number[]; startTime: string; endTime: string }[] = [];
  for (const w of records) {
    WEEKDAYS.forEach((day, i) => {
      for (const s of w.days[day]) out.push({ daysOfWeek: [(i + 1) % 7], startTime: s.startsAt, endTime: s.endsAt });
    });
  }
  return out;
}

const DEFAULT_BOUNDS = { minHour: 7, maxHour: 19 };

function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

function localMinutes(instant: string, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: 'numeric', hourCycle: 'h23' }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return get('hour') * 60 + get('minute');
}

/**
 * The hours the time grid shows: an hour before the earliest shift or appointment to an hour after the latest, so the
 * day fits without scrolling through the night; 07:00–19:00 when nothing is known.
 */
export function timeBoundsOf(options: {
  workingHours: readonly TWorkingHours[];
  appointments: readonly { startsAt: string; endsAt: string }[];
  timeZone: string;
}): { slotMinTime: string; slotMaxTime: string } {
  let min = Infinity;
  let max = -Infinity;
  for (const w of options.workingHours) {
    for (const day of WEEKDAYS) {
      for (const s of w.days[day]) {
        min = Math.min(min, minutesOf(s.startsAt));
        max = Math.max(max, minutesOf(s.endsAt));
      }
    }
  }
  for (const a of options.appointments) {
    const start = localMinutes(a.startsAt, options.timeZone);
    const end = localMinutes(a.endsAt, options.timeZone);
    min = Math.min(min, start);
    // An appointment past midnight runs to the end of the day.
    max = Math.max(max, end < start ? 24 * 60 : end);
  }
  const minHour = Number.isFinite(min) ? Math.max(0, Math.floor(min / 60) - 1) : DEFAULT_BOUNDS.minHour;
  const maxHour = Number.isFinite(max) ? Math.min(24, Math.ceil(max / 60) + 1) : DEFAULT_BOUNDS.maxHour;
  const hh = (h: number) => `${String(h).padStart(2, '0')}:00:00`;
  return { slotMinTime: hh(Math.min(minHour, DEFAULT_BOUNDS.minHour + 1)), slotMaxTime: hh(Math.max(maxHour, DEFAULT_BOUNDS.maxHour - 1)) };
}
