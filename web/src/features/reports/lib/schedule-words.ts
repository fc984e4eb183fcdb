import { WEEKDAYS, type TWeekday } from '@cd/contracts/company';
import type { TReportSchedule } from '@cd/contracts/reports';

type TTranslate = (key: string, options?: Record<string, unknown>) => string;

/** Weekdays of a schedule in calendar order (Monday first), whatever order they were picked in. */
export function sortedWeekdays(days: readonly TWeekday[]): TWeekday[] {
  return WEEKDAYS.filter((d) => days.includes(d));
}

function listOf(items: string[], language: string): string {
  try {
    return new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(items);
  } catch {
    return items.join(', ');
  }
}

/**
 * A schedule in words (spec part 2 §9): "Mondays and Thursdays at 07:00", "Every day at 07:00", "Weekdays at 07:00",
 * "First of the month at 07:00", "Every hour". Times are the company's local wall-clock times.
 */
export function scheduleInWords(options: { schedule: TReportSchedule | null; t: TTranslate; language: string }): string {
  const { schedule, t } = options;
  if (!schedule) return '';
  switch (schedule.frequency) {
    case 'hourly':
      return t('report_schedule_hourly');
    case 'monthly_first':
      return t('report_schedule_monthly', { time: schedule.time });
    case 'weekly': {
      const days = sortedWeekdays(schedule.weekdays);
      if (days.length === 7) return t('report_schedule_daily', { time: schedule.time });
      if (days.length === 5 && !days.includes('saturday') && !days.includes('sunday')) return t('report_schedule_workdays', { time: schedule.time });
      const names = days.map((d) => t(`report_weekdays_${d}`));
      const text = t('report_schedule_weekly', { days: listOf(names, options.language), time: schedule.time });
      // Some languages write weekday adverbs in lower case ("ponedjeljkom i četvrtkom"); the phrase starts a cell.
      return text.charAt(0).toLocaleUpperCase(options.language) + text.slice(1);
    }
  }
}
