import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { changeOf, formatDuration, formatShare, nextFullHour, shortDayLabel, toLocalInputValue, weekdayOf } from './dashboard-format';

const t = ((key: string, v: Record<string, number>) => `${key}:${Object.values(v).join(',')}`) as unknown as TFunction;

describe('dashboard formatting', () => {
  it('compares today with last week', () => {
    expect(changeOf({ current: 12, previous: 10 })).toEqual({ direction: 'up', percent: 20 });
    expect(changeOf({ current: 5, previous: 10 })).toEqual({ direction: 'down', percent: -50 });
    expect(changeOf({ current: 3, previous: 0 })).toEqual({ direction: 'up', percent: null });
    expect(changeOf({ current: 0, previous: 0 })).toEqual({ direction: 'flat', percent: 0 });
  });

  it('says durations in their largest units', () => {
    expect(formatDuration({ seconds: null, t })).toBe('—');
    expect(formatDuration({ seconds: 44.6, t })).toBe('duration_s:45');
    expect(formatDuration({ seconds: 200, t })).toBe('duration_m:3,20');
    expect(formatDuration({ seconds: 7500, t })).toBe('duration_h:2,5');
    expect(formatDuration({ seconds: 90_000, t })).toBe('duration_d:1,1');
  });

  it('formats shares, days and input values', () => {
    expect(formatShare(null)).toBe('—');
    expect(formatShare(0.756)).toBe('76%');
    expect(shortDayLabel('2026-11-28')).toBe('11/28');
    expect(weekdayOf({ day: '2026-11-28', locale: 'en-US' })).toBe('Saturday');
    expect(toLocalInputValue(new Date(2026, 10, 28, 9, 5))).toBe('2026-11-28T09:05');
    expect(toLocalInputValue(nextFullHour(new Date(2026, 10, 28, 9, 5)))).toBe('2026-11-28T10:00');
  });
});
