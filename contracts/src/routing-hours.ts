import { instantOfWallClock } from './automation-schedule';

/**
 * Business hours of the routing settings (issue 21): one open interval per weekday (index 0 = Sunday … 6 = Saturday),
 * `HH:mm` local time in the company's time zone, or null when closed that day. Pure functions shared by the server
 * (due times of response-time targets) and the web (showing them).
 */
export interface TBusinessDay {
  start: string;
  end: string;
}
export type TBusinessHours = (TBusinessDay | null)[];

const formatters = new Map<string, Intl.DateTimeFormat>();

function wallDateOf(instant: number, timeZone: string): { y: number; m: number; d: number } {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' });
    formatters.set(timeZone, f);
  }
  const parts = f.formatToParts(new Date(instant));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { y: get('year'), m: get('month') - 1, d: get('day') };
}

function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
}

/** True when at least one day is open (otherwise targets run around the clock). */
export function hasBusinessHours(hours: TBusinessHours): boolean {
  return hours.some((d) => d !== null && minutesOf(d.end) > minutesOf(d.start));
}

/**
 * The instant `minutes` business minutes after `from`: time counts only inside each day's open interval (local wall
 * clock in `timeZone`, so a daylight-saving day keeps its 09:00–17:00), weekends and closed days are skipped. Without
 * any open day the minutes run around the clock. Throws a RangeError for an unknown time zone.
 */
export function addBusinessMinutes(opts: { from: Date; minutes: number; hours: TBusinessHours; timeZone: string }): Date {
  const { from, hours, timeZone } = opts;
  let remaining = Math.max(0, opts.minutes) * 60_000;
  if (!hasBusinessHours(hours)) return new Date(from.getTime() + remaining);
  let cursor = from.getTime();
  const first = wallDateOf(cursor, timeZone);
  // One pass per local calendar day; a year is far more than any target needs (at least one day is open).
  for (let i = 0; i < 400; i++) {
    const dayWall = Date.UTC(first.y, first.m, first.d + i);
    const day = hours[new Date(dayWall).getUTCDay()] ?? null;
    if (!day) continue;
    const open = instantOfWallClock({ wall: dayWall + minutesOf(day.start) * 60_000, timeZone }).getTime();
    const close = instantOfWallClock({ wall: dayWall + minutesOf(day.end) * 60_000, timeZone }).getTime();
    if (close <= open || cursor >= close) continue;
    if (cursor < open) cursor = open;
    const available = close - cursor;
    if (remaining <= available) return new Date(cursor + remaining);
    remaining -= available;
    cursor = close;
  }
  return new Date(cursor + remaining);
}

/** Monday to Friday 09:00–17:00: the default of new routing settings. */
export const DEFAULT_BUSINESS_HOURS: TBusinessHours = [null, ...Array.from({ length: 5 }, () => ({ start: '09:00', end: '17:00' })), null];
