import { describe, expect, it } from 'vitest';
import { daysBetween, instantsOfLocalDay, rangeOfReportPeriod } from './report-periods';

const tz = 'America/New_York';
// Wednesday 2026-03-04 01:30 local (06:30 UTC).
const now = new Date('2026-03-04T06:30:00Z');

describe('rangeOfReportPeriod', () => {
  it('names the local days of each period', () => {
    expect(rangeOfReportPeriod({ period: 'today', now, timeZone: tz })).toEqual({ from: '2026-03-04', to: '2026-03-04' });
    expect(rangeOfReportPeriod({ period: 'wtd', now, timeZone: tz })).toEqual({ from: '2026-03-02', to: '2026-03-04' });
    expect(rangeOfReportPeriod({ period: 'wtd', now, timeZone: tz, weekStartsOn: 0 })).toEqual({ from: '2026-03-01', to: '2026-03-04' });
    expect(rangeOfReportPeriod({ period: 'mtd', now, timeZone: tz })).toEqual({ from: '2026-03-01', to: '2026-03-04' });
    expect(rangeOfReportPeriod({ period: 'ytd', now, timeZone: tz })).toEqual({ from: '2026-01-01', to: '2026-03-04' });
    expect(rangeOfReportPeriod({ period: 'last_7_days', now, timeZone: tz })).toEqual({ from: '2026-02-26', to: '2026-03-04' });
    expect(rangeOfReportPeriod({ period: 'last_month', now, timeZone: tz })).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });

  it('uses the local day, not the UTC one', () => {
    // 03:00 UTC on March 1st is still February 28th in New York.
    expect(rangeOfReportPeriod({ period: 'today', now: new Date('2026-03-01T03:00:00Z'), timeZone: tz })).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(rangeOfReportPeriod({ period: 'last_month', now: new Date('2026-01-10T12:00:00Z'), timeZone: tz })).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
  });
});

describe('daysBetween and instantsOfLocalDay', () => {
  it('lists inclusive days', () => {
    expect(daysBetween({ from: '2026-02-27', to: '2026-03-02' })).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(daysBetween({ from: '2026-03-02', to: '2026-03-01' })).toEqual([]);
  });

  it('gives 23 and 25 hour days on daylight-saving changes', () => {
    const spring = instantsOfLocalDay({ day: '2026-03-08', timeZone: tz });
    expect(spring.start.toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * 3_600_000);
    const fall = instantsOfLocalDay({ day: '2026-11-01', timeZone: tz });
    expect(fall.end.getTime() - fall.start.getTime()).toBe(25 * 3_600_000);
  });
});
