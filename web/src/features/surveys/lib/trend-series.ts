import type { TSurveyStats } from '@cd/contracts/survey';
import { addDays } from './day-format';

export type TTrendPoint = TSurveyStats['daily'][number] & {
  /** Last day the point covers (the same as `day` for a single day). */
  lastDay: string;
};

/** Ranges longer than this are drawn week by week: a year of single days is too thin to read. */
export const DAILY_TREND_MAX_DAYS = 62;

/** Whether the range is long enough to be drawn week by week. */
export function isWeeklyTrend(range: { fromDay: string; toDay: string }): boolean {
  let n = 0;
  for (let day = range.fromDay; day <= range.toDay && n <= DAILY_TREND_MAX_DAYS; day = addDays(day, 1)) n++;
  return n > DAILY_TREND_MAX_DAYS;
}

/**
 * The chart's points: every day from `fromDay` to `toDay` (the server lists only days with surveys, so the others are
 * zeros), grouped by 7 days past DAILY_TREND_MAX_DAYS.
 */
export function trendPointsOf(options: { daily: TSurveyStats['daily']; fromDay: string; toDay: string }): TTrendPoint[] {
  const byDay = new Map(options.daily.map((d) => [d.day, d]));
  const days: TTrendPoint[] = [];
  // A guard against a reversed or absurd range: at most about ten years of days.
  for (let day = options.fromDay, i = 0; day <= options.toDay && i < 4000; day = addDays(day, 1), i++) {
    const d = byDay.get(day);
    days.push({ day, lastDay: day, sent: d?.sent ?? 0, completed: d?.completed ?? 0, positive: d?.positive ?? 0, negative: d?.negative ?? 0 });
  }
  if (!isWeeklyTrend(options)) return days;
  const weeks: TTrendPoint[] = [];
  for (let i = 0; i < days.length; i += 7) {
    const chunk = days.slice(i, i + 7);
    weeks.push({
      day: chunk[0]!.day,
      lastDay: chunk[chunk.length - 1]!.day,
      sent: sum(chunk, 'sent'),
      completed: sum(chunk, 'completed'),
      positive: sum(chunk, 'positive'),
      negative: sum(chunk, 'negative'),
    });
  }
  return weeks;
}

function sum(points: TTrendPoint[], key: 'sent' | 'completed' | 'positive' | 'negative'): number {
  return points.reduce((n, p) => n + p[key], 0);
}
