import { describe, expect, it } from 'vitest';
import { EMPTY_SHIFT_WEEK } from '@cd/contracts/appointment';
import { businessHoursOf, dayRangeOf, shiftsOfDay, timeBoundsOf, vacationsInDays, weekdayOfDay } from './schedule-view';
import { vacationFixture, workingHoursFixture } from './fixtures';

const maria = workingHoursFixture({
  id: 1,
  user: '/api/users/5',
  userName: 'Maria Lopez',
  days: {
    ...EMPTY_SHIFT_WEEK,
    monday: [
      { startsAt: '13:00', endsAt: '16:00' },
      { startsAt: '08:00', endsAt: '12:00' },
    ],
    saturday: [{ startsAt: '09:00', endsAt: '12:00' }],
  },
});
const alex = workingHoursFixture({
  id: 2,
  user: '/api/users/2',
  userName: 'Alex Tech',
  days: { ...EMPTY_SHIFT_WEEK, monday: [{ startsAt: '07:30', endsAt: '16:00' }] },
});

describe('schedule view', () => {
  it('knows the weekday of a calendar day', () => {
    expect(weekdayOfDay('2026-11-23')).toBe('monday');
    expect(weekdayOfDay('2026-11-29')).toBe('sunday');
  });

  it("lists today's shifts earliest first, marking who is on vacation", () => {
    const vacations = [vacationFixture({ id: 1, user: '/api/users/2', userName: 'Alex Tech', from: '2026-11-20', to: '2026-11-23' })];
    const day = shiftsOfDay({ workingHours: [maria, alex], vacations, day: '2026-11-23' });
    expect(day.map((d) => [d.userName, d.shifts.map((s) => s.startsAt), d.onVacation])).toEqual([
      ['Alex Tech', ['07:30'], true],
      ['Maria Lopez', ['08:00', '13:00'], false],
    ]);
    expect(shiftsOfDay({ workingHours: [maria, alex], vacations, day: '2026-11-24' })).toEqual([]);
  });

  it('keeps the vacations overlapping the visible days', () => {
    const v = (id: number, from: string, to: string) => vacationFixture({ id, user: '/api/users/5', userName: 'Maria Lopez', from, to });
    const out = vacationsInDays({
      vacations: [v(1, '2026-11-30', '2026-12-04'), v(2, '2026-11-10', '2026-11-23'), v(3, '2026-11-01', '2026-11-05')],
      from: '2026-11-23',
      to: '2026-11-29',
    });
    expect(out.map((x) => x.id)).toEqual([2]);
  });

  it('turns the visible range into local days (end exclusive)', () => {
    const r = dayRangeOf({ start: new Date('2026-11-23T06:00:00Z'), end: new Date('2026-11-30T06:00:00Z'), timeZone: 'America/Chicago' });
    expect(r).toEqual({ from: '2026-11-23', to: '2026-11-29' });
  });

  it('shades outside the shifts, of one person when filtered', () => {
    expect(businessHoursOf({ workingHours: [maria, alex] })).toHaveLength(4);
    expect(businessHoursOf({ workingHours: [maria, alex], user: '/api/users/5' })).toEqual([
      { daysOfWeek: [1], startTime: '13:00', endTime: '16:00' },
      { daysOfWeek: [1], startTime: '08:00', endTime: '12:00' },
      { daysOfWeek: [6], startTime: '09:00', endTime: '12:00' },
    ]);
  });

  it('shows from an hour before the earliest shift or appointment to an hour after the latest', () => {
    expect(timeBoundsOf({ workingHours: [maria, alex], appointments: [], timeZone: 'America/Chicago' })).toEqual({
      slotMinTime: '06:00:00',
      slotMaxTime: '18:00:00',
    });
    // 19:30–20:15 Chicago (CST, UTC−6).
    const late = { startsAt: '2026-11-24T01:30:00Z', endsAt: '2026-11-24T02:15:00Z' };
    expect(timeBoundsOf({ workingHours: [maria], appointments: [late], timeZone: 'America/Chicago' })).toEqual({
      slotMinTime: '07:00:00',
      slotMaxTime: '22:00:00',
    });
    expect(timeBoundsOf({ workingHours: [], appointments: [], timeZone: 'UTC' })).toEqual({ slotMinTime: '07:00:00', slotMaxTime: '19:00:00' });
  });
});
