import { localDayOf } from '@cd/contracts/survey';
import { parseDay, type TSurveyRange } from './survey-query';

/** MM/DD/YYYY (spec part 2 §9) → YYYY-MM-DD; null when it is not a real day. One-digit months and days are accepted. */
export function parseUsDay(value: string): string | null {
  const m = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(value);
  if (!m) return null;
  const day = `${m[3]}-${m[1]!.padStart(2, '0')}-${m[2]!.padStart(2, '0')}`;
  return parseDay(day) ? day : null;
}

/** YYYY-MM-DD → MM/DD/YYYY. */
export function formatUsDay(day: string): string {
  const p = parseDay(day);
  if (!p) return '';
  return `${String(p.month).padStart(2, '0')}/${String(p.day).padStart(2, '0')}/${p.year}`;
}

/** The first and last local day a [from, to) range covers, for the pickers to show what a preset means. */
export function daysOfRange(options: { range: TSurveyRange; timeZone: string }): { fromDay: string; toDay: string } {
  const { range, timeZone } = options;
  return { fromDay: localDayOf({ instant: range.from, timeZone }), toDay: localDayOf({ instant: new Date(range.to.getTime() - 1), timeZone }) };
}

/** YYYY-MM-DD plus whole days (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const p = parseDay(day);
  if (!p) return day;
  return new Date(Date.UTC(p.year, p.month - 1, p.day + days)).toISOString().slice(0, 10);
}

/**
 * The weeks of a month grid for a calendar: each week seven YYYY-MM-DD days (null outside the month), starting on
 * Sunday (0) or Monday (1).
 */
export function monthGridOf(options: { year: number; month: number; weekStartsOn: 0 | 1 }): (string | null)[][] {
  const { year, month, weekStartsOn } = options;
  const first = new Date(Date.UTC(year, month - 1, 1));
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const lead = (first.getUTCDay() - weekStartsOn + 7) % 7;
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let d = 1; d <= daysInMonth; d++) cells.push(`${year}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}
