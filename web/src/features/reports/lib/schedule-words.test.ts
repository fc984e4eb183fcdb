import { describe, expect, it } from 'vitest';
import type { TReportSchedule } from '@cd/contracts/reports';
import { i18n, loadCatalogue } from '../../../lib/i18n';
import { scheduleInWords, sortedWeekdays } from './schedule-words';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const words = (schedule: Parameters<typeof scheduleInWords>[0]['schedule']) => scheduleInWords({ schedule, t, language: 'en' });

describe('a schedule in words', () => {
  it('names the weekdays in calendar order, whatever order they were picked in', () => {
    expect(words({ frequency: 'weekly', weekdays: ['thursday', 'monday'], time: '07:00' })).toBe('Mondays and Thursdays at 07:00');
    expect(words({ frequency: 'weekly', weekdays: ['friday', 'monday', 'wednesday'], time: '18:30' })).toBe('Mondays, Wednesdays, and Fridays at 18:30');
    expect(sortedWeekdays(['sunday', 'monday'])).toEqual(['monday', 'sunday']);
  });

  it('says every day, weekdays, the first of the month and every hour', () => {
    const all = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
    expect(words({ frequency: 'weekly', weekdays: [...all], time: '06:00' })).toBe('Every day at 06:00');
    expect(words({ frequency: 'weekly', weekdays: [...all.slice(0, 5)], time: '06:00' })).toBe('Weekdays at 06:00');
    expect(words({ frequency: 'monthly_first', time: '07:00' })).toBe('First of the month at 07:00');
    expect(words({ frequency: 'hourly' })).toBe('Every hour');
    expect(words(null)).toBe('');
  });

  it('reads in another language, joined with its own conjunction', async () => {
    await loadCatalogue('bs');
    const bs = i18n.getFixedT('bs');
    const schedule: TReportSchedule = { frequency: 'weekly', weekdays: ['thursday', 'monday'], time: '07:00' };
    expect(scheduleInWords({ schedule, t: (key, options) => bs(key, options), language: 'bs' })).toBe('Ponedjeljkom i četvrtkom u 07:00');
  });
});
