import { DEFAULT_HOURS, type THours } from '@cd/contracts/company';
import { describe, expect, it } from 'vitest';
import { validateHours } from './hours-errors';

const withMonday = (intervals: { startsAt: string; endsAt: string }[]): THours => ({
  ...DEFAULT_HOURS,
  monday: { isOffDay: false, intervals },
});

describe('validateHours', () => {
  it('accepts the default hours and adjacent intervals', () => {
    expect(validateHours(DEFAULT_HOURS)).toEqual({});
    expect(validateHours(withMonday([{ startsAt: '08:00', endsAt: '12:00' }, { startsAt: '12:00', endsAt: '16:00' }]))).toEqual({});
  });

  it('puts an overlap on the day', () => {
    expect(validateHours(withMonday([{ startsAt: '08:00', endsAt: '12:00' }, { startsAt: '11:00', endsAt: '14:00' }]))).toEqual({
      'hours.monday.intervals': 'Shifts cannot overlap.',
    });
  });

  it('puts an end before (or equal to) the start on that interval', () => {
    expect(validateHours(withMonday([{ startsAt: '08:00', endsAt: '12:00' }, { startsAt: '15:00', endsAt: '15:00' }]))).toEqual({
      'hours.monday.intervals.1.endsAt': 'End cannot be before start.',
    });
  });

  it('puts "no working days" on the week', () => {
    const allOff = Object.fromEntries(Object.keys(DEFAULT_HOURS).map((d) => [d, { isOffDay: true, intervals: [] }])) as unknown as THours;
    expect(validateHours(allOff)).toEqual({ hours: 'The company must have working days.' });
  });
});
