import { describe, expect, it } from 'vitest';
import { chartLayoutOf, linePointsOf, niceMaxOf, ticksOf } from './chart-scale';
import { trendPointsOf } from './trend-series';
import { addDays, daysOfRange, formatUsDay, monthGridOf, parseUsDay } from './day-format';
import { canResolveSurvey, exportFileNameOf, formatDuration, formatInZone, formatScore, formatShare, surveyStatusesOf } from './survey-format';

describe('MM/DD/YYYY days', () => {
  it('parses real days only and formats back', () => {
    expect(parseUsDay('11/24/2026')).toBe('2026-11-24');
    expect(parseUsDay(' 2/3/2026 ')).toBe('2026-02-03');
    expect(parseUsDay('02/29/2026')).toBeNull();
    expect(parseUsDay('02/29/2028')).toBe('2028-02-29');
    expect(parseUsDay('2026-11-24')).toBeNull();
    expect(parseUsDay('13/01/2026')).toBeNull();
    expect(formatUsDay('2026-02-03')).toBe('02/03/2026');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('names the last day of a [from, to) range as the day before `to`', () => {
    const range = { from: new Date('2026-11-01T04:00:00Z'), to: new Date('2026-11-25T05:00:00Z') };
    expect(daysOfRange({ range, timeZone: 'America/New_York' })).toEqual({ fromDay: '2026-11-01', toDay: '2026-11-24' });
  });

  it('lays out a month starting on Monday or on Sunday', () => {
    // November 2026 starts on a Sunday.
    const monday = monthGridOf({ year: 2026, month: 11, weekStartsOn: 1 });
    expect(monday[0]).toEqual([null, null, null, null, null, null, '2026-11-01']);
    const sunday = monthGridOf({ year: 2026, month: 11, weekStartsOn: 0 });
    expect(sunday[0]![0]).toBe('2026-11-01');
    expect(sunday.flat().filter(Boolean)).toHaveLength(30);
    expect(monday.every((w) => w.length === 7)).toBe(true);
  });
});

describe('chart scale', () => {
  it('rounds the axis up to 1, 2 or 5 times a power of ten', () => {
    expect(niceMaxOf(0)).toBe(1);
    expect(niceMaxOf(3)).toBe(5);
    expect(niceMaxOf(7)).toBe(10);
    expect(niceMaxOf(11)).toBe(20);
    expect(niceMaxOf(200)).toBe(200);
    expect(niceMaxOf(201)).toBe(500);
  });

  it('ticks in whole numbers up to the maximum', () => {
    expect(ticksOf({ niceMax: 20 })).toEqual([0, 5, 10, 15, 20]);
    expect(ticksOf({ niceMax: 1 })).toEqual([0, 1]);
    expect(ticksOf({ niceMax: 5 })).toEqual([0, 1, 2, 3, 4, 5]);
    expect(ticksOf({ niceMax: 10 })).toEqual([0, 2, 4, 6, 8, 10]);
    expect(ticksOf({ niceMax: 500 })).toEqual([0, 100, 200, 300, 400, 500]);
  });

  it('maps values to heights and days to bands', () => {
    const layout = chartLayoutOf({ days: 4, maxValue: 8, width: 400, height: 100 });
    expect(layout.niceMax).toBe(10);
    expect(layout.bandWidth).toBe(100);
    expect(layout.xOf(2)).toBe(200);
    expect(layout.yOf(0)).toBe(100);
    expect(layout.yOf(10)).toBe(0);
    expect(layout.yOf(5)).toBe(50);
    expect(linePointsOf({ values: [0, 10], layout })).toBe('50,100 150,0');
  });
});

describe('survey formatting', () => {
  it('names the status chips', () => {
    expect(surveyStatusesOf({ answer: null, resolvedAt: null })).toEqual(['pending']);
    expect(surveyStatusesOf({ answer: true, resolvedAt: null })).toEqual(['positive']);
    expect(surveyStatusesOf({ answer: false, resolvedAt: null })).toEqual(['negative', 'unresolved']);
    expect(surveyStatusesOf({ answer: false, resolvedAt: '2026-11-02T10:00:00Z' })).toEqual(['negative', 'resolved']);
    expect(canResolveSurvey({ answer: false, resolvedAt: null })).toBe(true);
    expect(canResolveSurvey({ answer: true, resolvedAt: null })).toBe(false);
  });

  it('formats shares, the signed score and durations', () => {
    expect(formatShare({ value: 0.425, language: 'en' })).toBe('43%');
    expect(formatShare({ value: null, language: 'en' })).toBe('—');
    expect(formatScore(40)).toBe('+40');
    expect(formatScore(-20.4)).toBe('−20');
    expect(formatScore(0)).toBe('0');
    expect(formatScore(null)).toBe('—');
    expect(formatDuration({ seconds: 30, language: 'en' })).toBe('<1m');
    expect(formatDuration({ seconds: 45 * 60, language: 'en' })).toBe('45m');
    expect(formatDuration({ seconds: 2 * 3600 + 15 * 60, language: 'en' })).toBe('2h 15m');
    expect(formatDuration({ seconds: 3 * 86400 + 4 * 3600 + 59, language: 'en' })).toBe('3d 4h');
    expect(formatDuration({ seconds: null, language: 'en' })).toBe('—');
  });

  it('writes times in the company time zone', () => {
    expect(formatInZone({ value: '2026-11-25T00:01:00.000Z', timeZone: 'America/Chicago' })).toBe('11/24/2026 6:01 PM');
    expect(formatInZone({ value: '2026-11-25T00:01:00.000Z', timeZone: 'Europe/Sarajevo' })).toBe('11/25/2026 1:01 AM');
    expect(formatInZone({ value: null, timeZone: 'UTC' })).toBe('');
  });

  it('names the export after the range and the filter', () => {
    expect(exportFileNameOf({ fromDay: '2026-11-01', toDay: '2026-11-24', filter: 'all' })).toBe('surveys_2026-11-01_2026-11-24.csv');
    expect(exportFileNameOf({ fromDay: '2026-11-01', toDay: '2026-11-24', filter: 'unresolved' })).toBe('surveys_2026-11-01_2026-11-24_unresolved.csv');
  });
});

describe('trend points', () => {
  const daily = [
    { day: '2026-11-02', sent: 3, completed: 2, positive: 1, negative: 1 },
    { day: '2026-11-04', sent: 1, completed: 0, positive: 0, negative: 0 },
  ];

  it('fills the days the server left out with zeros', () => {
    const points = trendPointsOf({ daily, fromDay: '2026-11-01', toDay: '2026-11-04' });
    expect(points.map((p) => [p.day, p.sent])).toEqual([
      ['2026-11-01', 0],
      ['2026-11-02', 3],
      ['2026-11-03', 0],
      ['2026-11-04', 1],
    ]);
  });

  it('groups a long range by weeks, summing each', () => {
    const points = trendPointsOf({ daily, fromDay: '2026-01-01', toDay: '2026-11-24' });
    expect(points).toHaveLength(Math.ceil(328 / 7));
    expect(points.reduce((n, p) => n + p.sent, 0)).toBe(4);
    const week = points.find((p) => p.day <= '2026-11-02' && p.lastDay >= '2026-11-02')!;
    expect(week.completed).toBe(2);
    expect(points[points.length - 1]!.lastDay).toBe('2026-11-24');
  });
});
