import { HOLD_EXPIRED, HOLD_MINUTES, NOT_ACCEPTING_APPOINTMENTS, SLOT_NOT_AVAILABLE } from '@cd/contracts/appointment-constants';
import { ApiError } from '../../../lib/api-client';
import { localeOf } from '../../../lib/date-locale';

/*
 * The public booking page's pure logic. Days are the company's calendar days (`YYYY-MM-DD`); slots are instants shown
 * on the company's wall clock, whatever the visitor's phone is set to (the shop's hours are what they book against).
 */

const DAY_MS = 86_400_000;
/** Days the page asks availability for at once: two weeks, a row of seven on wide screens. */
export const BOOKING_WINDOW_DAYS = 14;

/** Today's date in a time zone (an unknown zone counts as UTC). */
export function todayIn(options: { timeZone: string; now: Date }): string {
  const format = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(options.now);
  try {
    return format(options.timeZone);
  } catch {
    return format('UTC');
  }
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The days of window `index` (0: the first two weeks from today), cut at the horizon: the last bookable day is
 * `horizonDays` days after today. `hasNext` says whether another window follows.
 */
export function bookingWindowOf(options: { today: string; horizonDays: number; index: number; size?: number }): {
  from: string;
  to: string;
  days: string[];
  hasPrev: boolean;
  hasNext: boolean;
} {
  const size = options.size ?? BOOKING_WINDOW_DAYS;
  const lastOffset = Math.max(0, options.horizonDays);
  const windows = Math.floor(lastOffset / size) + 1;
  const index = Math.min(Math.max(0, options.index), windows - 1);
  const start = index * size;
  const end = Math.min(start + size - 1, lastOffset);
  const days = Array.from({ length: end - start + 1 }, (_, i) => addDays(options.today, start + i));
  return { from: days[0]!, to: days[days.length - 1]!, days, hasPrev: index > 0, hasNext: index < windows - 1 };
}

/** The parts of a day button: "Tue", "3", "Mar" in the page's language. */
export function dayLabelOf(options: { day: string; language: string }): { weekday: string; date: string; month: string; full: string } {
  const at = new Date(`${options.day}T12:00:00Z`);
  const f = (o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(localeOf(options.language), { timeZone: 'UTC', ...o }).format(at);
  return {
    weekday: f({ weekday: 'short' }),
    date: f({ day: 'numeric' }).replace(/\.$/, ''),
    month: f({ month: 'short' }),
    full: f({ weekday: 'long', day: 'numeric', month: 'long' }),
  };
}

/** The days a window covers, as the language writes a range: "Nov 27 – Dec 10", "27. stu – 10. pro". */
export function windowLabelOf(options: { from: string; to: string; language: string }): string {
  const format = new Intl.DateTimeFormat(localeOf(options.language), { timeZone: 'UTC', month: 'short', day: 'numeric' });
  return format.formatRange(new Date(`${options.from}T12:00:00Z`), new Date(`${options.to}T12:00:00Z`));
}

function zoned<T>(timeZone: string, run: (zone: string) => T): T {
  try {
    return run(timeZone);
  } catch {
    return run('UTC');
  }
}

/** "9:30 AM" in English, "09:30" where a 24-hour clock is the custom; on the company's clock. */
export function slotTimeOf(options: { startsAt: string; timeZone: string; language: string }): string {
  const locale = localeOf(options.language);
  const { hourCycle } = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions();
  const hour = hourCycle === 'h23' || hourCycle === 'h24' ? '2-digit' : 'numeric';
  return zoned(options.timeZone, (timeZone) => new Intl.DateTimeFormat(locale, { timeZone, hour, minute: '2-digit' }).format(new Date(options.startsAt)));
}

/** The day and time of a booking as the result page and the hold summary show it ("Tuesday, March 3 · 9:30 AM"). */
export function bookingDateTimeOf(options: { startsAt: string; timeZone: string; language: string }): { day: string; time: string } {
  const day = zoned(options.timeZone, (timeZone) =>
    new Intl.DateTimeFormat(localeOf(options.language), { timeZone, weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(options.startsAt)),
  );
  return { day, time: slotTimeOf(options) };
}

/** The company's time zone as a visitor reads it: its city and offset ("New York, GMT-5"). */
export function zoneLabelOf(options: { timeZone: string; language: string; at: Date }): string {
  const city = options.timeZone.split('/').pop()!.replace(/_/g, ' ');
  try {
    const parts = new Intl.DateTimeFormat(localeOf(options.language), { timeZone: options.timeZone, timeZoneName: 'shortOffset' }).formatToParts(options.at);
    const offset = parts.find((p) => p.type === 'timeZoneName')?.value;
    return offset ? `${city}, ${offset}` : city;
  } catch {
    return 'UTC';
  }
}

export const DAY_PARTS = ['morning', 'afternoon', 'evening'] as const;
export type TDayPart = (typeof DAY_PARTS)[number];

/** Slots split into morning (before 12), afternoon (12–17) and evening, by the company's clock; empty parts left out. */
export function groupSlotsByDayPart<T extends { startsAt: string }>(options: { slots: readonly T[]; timeZone: string }): { part: TDayPart; slots: T[] }[] {
  const hourOf = (iso: string) =>
    Number(zoned(options.timeZone, (timeZone) => new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(new Date(iso))));
  const groups: Record<TDayPart, T[]> = { morning: [], afternoon: [], evening: [] };
  for (const slot of [...options.slots].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))) {
    const h = hourOf(slot.startsAt);
    groups[h < 12 ? 'morning' : h < 17 ? 'afternoon' : 'evening'].push(slot);
  }
  return DAY_PARTS.filter((p) => groups[p].length > 0).map((part) => ({ part, slots: groups[part] }));
}

/** The days with at least one slot (the others are greyed out). */
export function daysWithSlotsOf(days: readonly { date: string; slots: readonly unknown[] }[]): Set<string> {
  return new Set(days.filter((d) => d.slots.length > 0).map((d) => d.date));
}

/** Keep the chosen day if it still has slots, else the first day that has some, else the chosen one (to show it empty). */
export function pickDay(options: { chosen: string | null; windowDays: readonly string[]; withSlots: ReadonlySet<string> }): string | null {
  if (options.chosen && options.windowDays.includes(options.chosen) && options.withSlots.has(options.chosen)) return options.chosen;
  return options.windowDays.find((d) => options.withSlots.has(d)) ?? (options.chosen && options.windowDays.includes(options.chosen) ? options.chosen : null);
}

/** Minutes the chosen services take together. */
export function totalDurationOf(options: { services: readonly { id: number; duration: number }[]; selected: readonly number[] }): number {
  return options.services.filter((s) => options.selected.includes(s.id)).reduce((sum, s) => sum + s.duration, 0);
}

/** A duration as hours and minutes, for "1 h 30 min". */
export function durationPartsOf(minutes: number): { hours: number; minutes: number } {
  const m = Math.max(0, Math.round(minutes));
  return { hours: Math.floor(m / 60), minutes: m % 60 };
}

/**
 * When the hold ends on this device's clock. The server's `expiresAt` is trusted while it agrees with HOLD_MINUTES
 * from when the answer arrived; a phone whose clock is off by minutes counts HOLD_MINUTES from then instead.
 */
export function holdDeadlineOf(options: { expiresAt: string; receivedAt: number; holdMinutes?: number }): number {
  const holdMs = (options.holdMinutes ?? HOLD_MINUTES) * 60_000;
  const expires = Date.parse(options.expiresAt);
  const left = expires - options.receivedAt;
  if (Number.isNaN(expires) || left <= 0 || left > holdMs + 60_000) return options.receivedAt + holdMs;
  return expires;
}

/** "4:05" for the hold's countdown; never below 0:00. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

export type TBookingError = 'slot_taken' | 'hold_expired' | 'not_accepting' | 'phone_invalid' | 'name_required' | 'link_expired' | 'too_many' | 'failed';

/** What went wrong with a hold or a booking, in the page's terms (the server answers the contracts' message keys). */
export function bookingErrorOf(err: unknown): TBookingError {
  if (!(err instanceof ApiError)) return 'failed';
  const body = (err.body ?? {}) as { detail?: unknown; description?: unknown };
  const detail = typeof body.detail === 'string' ? body.detail : typeof body.description === 'string' ? body.description : '';
  if (err.status === 429) return 'too_many';
  if (detail === HOLD_EXPIRED) return 'hold_expired';
  if (detail === SLOT_NOT_AVAILABLE) return 'slot_taken';
  if (detail === NOT_ACCEPTING_APPOINTMENTS) return 'not_accepting';
  if (err.status === 410) return 'link_expired';
  if (err.status === 422 || err.status === 400) {
    const paths = err.violations.map((v) => v.propertyPath);
    if (paths.includes('hold')) return 'hold_expired';
    if (paths.includes('phone')) return 'phone_invalid';
    if (paths.includes('name')) return 'name_required';
    if (paths.includes('link')) return 'link_expired';
  }
  if (err.status === 409) return 'slot_taken';
  return 'failed';
}
