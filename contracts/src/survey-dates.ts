/* Zod-free on purpose: the web app's first screens import these values without loading schema code. */
import { computeLocalHourAfterDays, instantOfWallClock } from './automation-schedule';

/** Surveys per page on the dashboard (keyset paged, newest sent first). */
export const SURVEYS_PER_PAGE = 30;

/* Date-range presets of the dashboard (spec part 2 §2, §9). */

export const SURVEY_DATE_PRESETS = ['today', 'yesterday', 'last_7_days', 'month_to_date', 'year_to_date'] as const;
export type TSurveyDatePreset = (typeof SURVEY_DATE_PRESETS)[number];
export const DEFAULT_SURVEY_DATE_PRESET: TSurveyDatePreset = 'month_to_date';

/** Countries whose week starts on Sunday in the spec (one Gulf country); Monday elsewhere. */
const SUNDAY_WEEK_COUNTRIES = new Set(['SA']);
export function weekStartsOnOf(country: string | null | undefined): 0 | 1 {
  return country && SUNDAY_WEEK_COUNTRIES.has(country.toUpperCase()) ? 0 : 1;
}

function localDateParts(instant: Date, timeZone: string): { year: number; month: number; day: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day') };
}

/** The local calendar day (YYYY-MM-DD) of an instant in a time zone. */
export function localDayOf(options: { instant: Date; timeZone: string }): string {
  const p = localDateParts(options.instant, options.timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** [from, to) of a preset in the company's time zone: from local midnight of the first day to the end of today (yesterday: its end). */
export function surveyDateRangeOf(options: { preset: TSurveyDatePreset; now: Date; timeZone: string }): { from: Date; to: Date } {
  const { now, timeZone } = options;
  const midnight = (days: number) => computeLocalHourAfterDays({ from: now, days, hour: 0, timeZone });
  const endOfToday = midnight(1);
  const p = localDateParts(now, timeZone);
  switch (options.preset) {
    case 'today':
      return { from: midnight(0), to: endOfToday };
    case 'yesterday':
      return { from: midnight(-1), to: midnight(0) };
    case 'last_7_days':
      return { from: midnight(-6), to: endOfToday };
    case 'month_to_date':
      return { from: midnight(1 - p.day), to: endOfToday };
    case 'year_to_date': {
      const dayOfYear = Math.round((Date.UTC(p.year, p.month - 1, p.day) - Date.UTC(p.year, 0, 1)) / 86_400_000);
      return { from: midnight(-dayOfYear), to: endOfToday };
    }
  }
}

/** Reads a filter date: with an offset as given; `YYYY-MM-DDTHH:mm[:ss]` as the wall clock of `timeZone`. */
export function parseSurveyFilterDate(options: { value: string; timeZone: string }): Date {
  const { value, timeZone } = options;
  if (/[zZ]$|[+-]\d{2}:?\d{2}$/.test(value)) return new Date(value);
  const [datePart, timePart] = value.split('T') as [string, string];
  const [y, m, d] = datePart.split('-').map(Number) as [number, number, number];
  const [hh, mm, ss] = timePart.split(':').map(Number) as [number, number, number | undefined];
  return instantOfWallClock({ wall: Date.UTC(y, m - 1, d, hh, mm, ss ?? 0), timeZone });
}
