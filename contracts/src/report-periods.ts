/* Zod-free on purpose: the web app shows a period's days without loading schema code. */
import { instantOfWallClock } from './automation-schedule';
import { localDayOf } from './survey-dates';

export type TReportPeriodName = 'today' | 'wtd' | 'mtd' | 'ytd' | 'last_7_days' | 'last_month';

const DAY_MS = 86_400_000;

function dayString(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * The local days (inclusive) a report period covers at `now` in `timeZone` (spec part 2 §9): week to date starts on
 * `weekStartsOn` (1 Monday, 0 Sunday); last month is the whole previous calendar month.
 */
export function rangeOfReportPeriod(options: { period: TReportPeriodName; now: Date; timeZone: string; weekStartsOn?: 0 | 1 }): {
  from: string;
  to: string;
} {
  const today = localDayOf({ instant: options.now, timeZone: options.timeZone });
  const t = Date.parse(`${today}T00:00:00Z`);
  const d = new Date(t);
  switch (options.period) {
    case 'today':
      return { from: today, to: today };
    case 'wtd': {
      const back = (d.getUTCDay() - (options.weekStartsOn ?? 1) + 7) % 7;
      return { from: dayString(t - back * DAY_MS), to: today };
    }
    case 'mtd':
      return { from: dayString(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)), to: today };
    case 'ytd':
      return { from: dayString(Date.UTC(d.getUTCFullYear(), 0, 1)), to: today };
    case 'last_7_days':
      return { from: dayString(t - 6 * DAY_MS), to: today };
    case 'last_month':
      return {
        from: dayString(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1)),
        to: dayString(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 0)),
      };
  }
}

/** Local days from `from` to `to`, inclusive. */
export function daysBetween(options: { from: string; to: string }): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${options.from}T00:00:00Z`), end = Date.parse(`${options.to}T00:00:00Z`); t <= end; t += DAY_MS) out.push(dayString(t));
  return out;
}

/** [start, end) instants of a local day in `timeZone` (23 or 25 hours long on a daylight-saving change). */
export function instantsOfLocalDay(options: { day: string; timeZone: string }): { start: Date; end: Date } {
  const t = Date.parse(`${options.day}T00:00:00Z`);
  return { start: instantOfWallClock({ wall: t, timeZone: options.timeZone }), end: instantOfWallClock({ wall: t + DAY_MS, timeZone: options.timeZone }) };
}
