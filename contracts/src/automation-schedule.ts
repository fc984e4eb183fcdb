/**
 * When timed automations fall due (issue 13 "Timed"; spec part 2 §9 choices). The server plans a job at that time and
 * plans again when the entity changes; the order screen shows the same time ("will be sent at …"). 0 means disabled.
 */

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** Status message N hours after the order opened (`repairOrderStatusMessageHoursAfter`); null when disabled. */
export function computeStatusMessageDueAt(options: { openedAt: Date; hoursAfter: number }): Date | null {
  if (options.hoursAfter <= 0) return null;
  return new Date(options.openedAt.getTime() + options.hoursAfter * HOUR_MS);
}

/** Prior-to-arrival notice N minutes before the promised time; null when disabled or nothing is promised. */
export function computePriorToArrivalDueAt(options: { promisedAt: Date | null; minutesBefore: number }): Date | null {
  if (options.minutesBefore <= 0 || options.promisedAt === null) return null;
  return new Date(options.promisedAt.getTime() - options.minutesBefore * MINUTE_MS);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock of `instant` in `timeZone`, written as if it were UTC (so date arithmetic stays plain). */
function wallClockOf(instant: number, timeZone: string): number {
  const parts = formatterOf(timeZone).formatToParts(new Date(instant));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
}

/** How far `timeZone` is ahead of UTC at `instant`. */
function offsetAt(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return wallClockOf(whole, timeZone) - whole;
}

/**
 * `hour`:00 local time, `days` calendar days after the local date of `from`, in `timeZone` (e.g. the survey "N days
 * after close at hour H in the company's time zone"). Across a daylight-saving change the local hour is kept; an hour
 * that does not exist that day (clocks jump forward) falls just after the jump; one that happens twice takes the first.
 * Throws a RangeError for an unknown time zone.
 */
export function computeLocalHourAfterDays(options: { from: Date; days: number; hour: number; timeZone: string }): Date {
  const { from, days, hour, timeZone } = options;
  const local = new Date(wallClockOf(from.getTime(), timeZone));
  const wall = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + days, hour);
  return instantOfWallClock({ wall, timeZone });
}

/**
 * The instant a wall-clock time (`wall`: the local time written as if it were UTC) names in `timeZone`. A time skipped
 * by a daylight-saving jump falls just after the jump; one that happens twice takes the first.
 */
export function instantOfWallClock(options: { wall: number; timeZone: string }): Date {
  const { wall, timeZone } = options;
  const first = wall - offsetAt(wall, timeZone);
  const firstOffset = offsetAt(first, timeZone);
  if (wall - firstOffset === first) return new Date(first);
  const second = wall - firstOffset;
  if (offsetAt(second, timeZone) === firstOffset) return new Date(second);
  return new Date(Math.max(first, second));
}
