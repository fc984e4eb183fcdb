import { describe, expect, it } from 'vitest';
import { describeSchedule } from './schedule-text';

const utc = (cron: string) => describeSchedule({ cron, timeZone: 'UTC' });

describe('describeSchedule', () => {
  it('renders the minute and hour shapes the registry uses', () => {
    expect(utc('* * * * *')).toBe('Every minute');
    expect(utc('*/5 * * * *')).toBe('Every 5 minutes');
    expect(utc('*/15 * * * *')).toBe('Every 15 minutes');
    expect(utc('0 * * * *')).toBe('Every hour, on the hour');
    expect(utc('25 * * * *')).toBe('Every hour at minute 25');
  });

  it('renders daily, weekly and monthly times in the zone', () => {
    expect(utc('0 15 * * *')).toBe('Every day at 15:00 UTC');
    expect(describeSchedule({ cron: '30 7 * * 1', timeZone: 'America/Chicago' })).toBe('Every week on Mondays at 07:30 America/Chicago time');
    expect(utc('0 8 * * 1,3,5')).toBe('Every week on Mondays, Wednesdays, Fridays at 08:00 UTC');
    expect(utc('0 8 * * 1,2,3,4,5')).toBe('Every week on weekdays at 08:00 UTC');
    expect(utc('0 9 * * 0')).toBe('Every week on Sundays at 09:00 UTC');
    expect(utc('5 6 1 * *')).toBe('On the first of every month at 06:05 UTC');
  });

  it('shows any other pattern as written', () => {
    expect(utc('0 0 12 25 12 *')).toBe('On the cron pattern “0 0 12 25 12 *” (UTC)');
    expect(utc('0 9-17 * * *')).toBe('On the cron pattern “0 9-17 * * *” (UTC)');
    expect(utc('0 12 15 * *')).toBe('On the cron pattern “0 12 15 * *” (UTC)');
  });
});
