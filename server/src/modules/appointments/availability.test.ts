import { describe, expect, it } from 'vitest';
import { EMPTY_SHIFT_WEEK, type TShiftWeek } from '@cd/contracts/appointment';
import { computeSlots, freeForTime, hasWorkingDays, unitSubject, userSubject, weekdayOf, type TCompanyWeek, type TSchedule } from './availability';

const TZ = 'America/New_York';
const open = (...intervals: [string, string][]) => ({ isOffDay: false, intervals: intervals.map(([startsAt, endsAt]) => ({ startsAt, endsAt })) });
const off = { isOffDay: true, intervals: [] };
/** Company hours are UTC (New York is UTC−5 in December): 08:00–12:00 and 13:00–17:00 local on Mondays. */
const WEEK: TCompanyWeek = {
  monday: open(['13:00', '17:00'], ['18:00', '22:00']),
  tuesday: open(['13:00', '22:00']),
  wednesday: open(['13:00', '22:00']),
  thursday: open(['13:00', '22:00']),
  friday: open(['13:00', '22:00']),
  saturday: open(['14:00', '18:00']),
  sunday: open(['00:00', '23:59']),
};
const shiftWeek = (days: Partial<TShiftWeek>): TShiftWeek => ({ ...EMPTY_SHIFT_WEEK, ...days });
const schedule = (over: Partial<TSchedule> = {}): TSchedule => ({
  timeZone: TZ,
  hours: WEEK,
  shifts: new Map(),
  vacations: new Map(),
  busy: [],
  resources: [],
  ...over,
});
const at = (iso: string) => new Date(iso).getTime();
/** Slot starts of one day as UTC "HH:MM". */
const starts = (days: ReturnType<typeof computeSlots>) => days[0]!.slots.map((s) => new Date(s.start).toISOString().slice(11, 16));
const LONG_AGO = new Date('2020-01-01T00:00:00Z');
// 2026-12-07 is a Monday; New York is UTC−5 then.
const MONDAY = '2026-12-07';

describe('availability', () => {
  it('steps by the granularity inside each opening span, never across the lunch break', () => {
    const days = computeSlots({ schedule: schedule(), from: MONDAY, to: MONDAY, durationMinutes: 60, granularity: 30, safeZoneMinutes: 0, now: LONG_AGO });
    // 08:00–12:00 local = 13:00–17:00Z: starts 13:00 … 16:00; 13:00–17:00 local = 18:00–22:00Z: starts 18:00 … 21:00.
    expect(starts(days)).toEqual([
      '13:00',
      '13:30',
      '14:00',
      '14:30',
      '15:00',
      '15:30',
      '16:00',
      '18:00',
      '18:30',
      '19:00',
      '19:30',
      '20:00',
      '20:30',
      '21:00',
    ]);
    expect(days[0]!.slots.every((s) => s.capacity === 1 && s.assignees.length === 0)).toBe(true);
  });

  it('adds up the durations of several services (30 + 45 = 75 minutes on 15-minute steps)', () => {
    const days = computeSlots({ schedule: schedule(), from: MONDAY, to: MONDAY, durationMinutes: 75, granularity: 15, safeZoneMinutes: 0, now: LONG_AGO });
    const s = starts(days);
    // Morning 08:00–12:00: the last start is 10:45 local (15:45Z); afternoon the last is 15:45 local (20:45Z).
    expect(s.filter((x) => x < '18:00').at(-1)).toBe('15:45');
    expect(s.at(-1)).toBe('20:45');
    expect(days[0]!.slots.every((x) => x.end - x.start === 75 * 60_000)).toBe(true);
  });

  it('keeps the safe zone from now', () => {
    const now = new Date('2026-12-07T14:10:00Z'); // 09:10 local
    const days = computeSlots({ schedule: schedule(), from: MONDAY, to: MONDAY, durationMinutes: 60, granularity: 30, safeZoneMinutes: 60, now });
    expect(starts(days)[0]).toBe('15:30'); // 10:30 local: the first step at or after 10:10
  });

  it('gives a daylight-saving day its real length (a 01:00–05:00 local shift on 2026-03-08 is three hours)', () => {
    const days = computeSlots({
      schedule: schedule({ shifts: new Map([[1, shiftWeek({ sunday: [{ startsAt: '01:00', endsAt: '05:00' }] })]]) }),
      from: '2026-03-08',
      to: '2026-03-08',
      durationMinutes: 60,
      granularity: 60,
      safeZoneMinutes: 0,
      now: LONG_AGO,
    });
    // 01:00 EST = 06:00Z; clocks jump 02:00 → 03:00; 05:00 EDT = 09:00Z.
    expect(starts(days)).toEqual(['06:00', '07:00', '08:00']);
  });

  it('counts the assignees whose shifts cover the whole slot, overlapping shifts included', () => {
    const s = schedule({
      hours: { ...WEEK, monday: open(['13:00', '22:00']) },
      shifts: new Map([
        [1, shiftWeek({ monday: [{ startsAt: '08:00', endsAt: '12:00' }] })],
        [2, shiftWeek({ monday: [{ startsAt: '10:00', endsAt: '17:00' }] })],
      ]),
    });
    const days = computeSlots({ schedule: s, from: MONDAY, to: MONDAY, durationMinutes: 60, granularity: 30, safeZoneMinutes: 0, now: LONG_AGO });
    const byStart = new Map(days[0]!.slots.map((x) => [new Date(x.start).toISOString().slice(11, 16), x]));
    expect(byStart.get('13:00')).toMatchObject({ capacity: 1, assignees: [1] }); // 08:00 local
    expect(byStart.get('16:00')).toMatchObject({ capacity: 2, assignees: [1, 2] }); // 11:00 local
    expect(byStart.get('16:30')).toMatchObject({ capacity: 1, assignees: [2] }); // 11:30: user 1 leaves at 12:00
    expect(byStart.has('21:30')).toBe(false); // 16:30 local + 60 > 17:00
    // A Tuesday without shifts has no slot at all, though the company is open.
    expect(
      computeSlots({ schedule: s, from: '2026-12-08', to: '2026-12-08', durationMinutes: 60, granularity: 30, safeZoneMinutes: 0, now: LONG_AGO })[0]!.slots,
    ).toEqual([]);
  });

  it('leaves out users on vacation and what is already booked', () => {
    const s = schedule({
      hours: { ...WEEK, monday: open(['13:00', '22:00']) },
      shifts: new Map([
        [1, shiftWeek({ monday: [{ startsAt: '08:00', endsAt: '17:00' }], tuesday: [{ startsAt: '08:00', endsAt: '17:00' }] })],
        [2, shiftWeek({ monday: [{ startsAt: '08:00', endsAt: '17:00' }], tuesday: [{ startsAt: '08:00', endsAt: '17:00' }] })],
      ]),
      vacations: new Map([[2, [{ first: '2026-12-05', last: MONDAY }]]]),
      busy: [{ subject: userSubject(1), start: at('2026-12-07T14:00:00Z'), end: at('2026-12-07T15:00:00Z') }],
    });
    const days = computeSlots({ schedule: s, from: MONDAY, to: '2026-12-08', durationMinutes: 60, granularity: 30, safeZoneMinutes: 0, now: LONG_AGO });
    const monday = starts(days);
    expect(monday).toContain('13:00');
    expect(monday).not.toContain('13:30'); // 08:30–09:30 local overlaps 09:00–10:00
    expect(monday).not.toContain('14:30');
    expect(monday).toContain('15:00');
    expect(days[0]!.slots.every((x) => x.assignees.join() === '1')).toBe(true);
    // Back from vacation on Tuesday: both.
    expect(days[1]!.slots[0]).toMatchObject({ capacity: 2 });
  });

  it('sees a long busy time that a shorter one starting later sits inside (overlapping times of one subject)', () => {
    // A hold over an appointment being moved, say: sorted by start, the short one ends before the long one.
    const s = schedule({
      hours: { ...WEEK, monday: open(['13:00', '22:00']) },
      shifts: new Map([[1, shiftWeek({ monday: [{ startsAt: '08:00', endsAt: '17:00' }] })]]),
      busy: [
        { subject: userSubject(1), start: at('2026-12-07T14:00:00Z'), end: at('2026-12-07T18:00:00Z') },
        { subject: userSubject(1), start: at('2026-12-07T14:30:00Z'), end: at('2026-12-07T15:00:00Z') },
      ],
    });
    const monday = starts(computeSlots({ schedule: s, from: MONDAY, to: MONDAY, durationMinutes: 30, granularity: 30, safeZoneMinutes: 0, now: LONG_AGO }));
    expect(monday).toEqual(['13:00', '13:30', '18:00', '18:30', '19:00', '19:30', '20:00', '20:30', '21:00', '21:30']);
  });

  it('limits the capacity by the free units of each resource the services need', () => {
    const s = schedule({
      hours: { ...WEEK, monday: open(['13:00', '15:00']) },
      shifts: new Map([
        [1, shiftWeek({ monday: [{ startsAt: '08:00', endsAt: '17:00' }] })],
        [2, shiftWeek({ monday: [{ startsAt: '08:00', endsAt: '17:00' }] })],
        [3, shiftWeek({ monday: [{ startsAt: '08:00', endsAt: '17:00' }] })],
      ]),
      resources: [{ id: 7, capacity: 2 }],
      busy: [{ subject: unitSubject(7, 1), start: at('2026-12-07T13:00:00Z'), end: at('2026-12-07T14:00:00Z') }],
    });
    const days = computeSlots({ schedule: s, from: MONDAY, to: MONDAY, durationMinutes: 60, granularity: 60, safeZoneMinutes: 0, now: LONG_AGO });
    expect(days[0]!.slots.map((x) => x.capacity)).toEqual([1, 2]);
    expect(days[0]!.slots[0]!.units.get(7)).toEqual([2]);
    const full = schedule({ ...s, busy: [...s.busy, { subject: unitSubject(7, 2), start: at('2026-12-07T13:00:00Z'), end: at('2026-12-07T14:00:00Z') }] });
    expect(starts(computeSlots({ schedule: full, from: MONDAY, to: MONDAY, durationMinutes: 60, granularity: 60, safeZoneMinutes: 0, now: LONG_AGO }))).toEqual(
      ['14:00'],
    );
  });

  it('checks an exact time for staff: outside the hours is null, inside lists who is free', () => {
    const s = schedule({ shifts: new Map([[1, shiftWeek({ monday: [{ startsAt: '08:00', endsAt: '17:00' }] })]]) });
    expect(freeForTime({ schedule: s, day: MONDAY, start: at('2026-12-07T16:30:00Z'), end: at('2026-12-07T17:30:00Z') })).toBeNull(); // across lunch
    expect(freeForTime({ schedule: s, day: MONDAY, start: at('2026-12-07T13:10:00Z'), end: at('2026-12-07T13:50:00Z') })).toMatchObject({
      capacity: 1,
      assignees: [1],
    });
    expect(freeForTime({ schedule: s, day: MONDAY, start: at('2026-12-07T13:10:00Z'), end: at('2026-12-07T13:50:00Z'), assigneeId: 9 })).toMatchObject({
      capacity: 0,
    });
  });

  it('knows weekdays and whether the company works at all', () => {
    expect(weekdayOf(MONDAY)).toBe('monday');
    expect(weekdayOf('2026-03-08')).toBe('sunday');
    expect(hasWorkingDays(WEEK)).toBe(true);
    expect(hasWorkingDays({ monday: off, tuesday: { isOffDay: false, intervals: [] } })).toBe(false);
    expect(
      computeSlots({
        schedule: schedule({ hours: { monday: off } }),
        from: MONDAY,
        to: MONDAY,
        durationMinutes: 30,
        granularity: 30,
        safeZoneMinutes: 0,
        now: LONG_AGO,
      })[0]!.slots,
    ).toEqual([]);
  });
});
