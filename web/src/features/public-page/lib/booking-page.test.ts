import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { localeOf } from '../../../lib/date-locale';
import {
  addDays,
  bookingErrorOf,
  bookingWindowOf,
  dayLabelOf,
  daysWithSlotsOf,
  durationPartsOf,
  formatCountdown,
  groupSlotsByDayPart,
  holdDeadlineOf,
  pickDay,
  slotTimeOf,
  todayIn,
  windowLabelOf,
  totalDurationOf,
  zoneLabelOf,
} from './booking-page';

describe('booking days', () => {
  it('takes today from the company time zone, not the visitor’s', () => {
    const now = new Date('2026-03-03T03:30:00Z');
    expect(todayIn({ timeZone: 'America/New_York', now })).toBe('2026-03-02');
    expect(todayIn({ timeZone: 'Europe/Sarajevo', now })).toBe('2026-03-03');
    expect(todayIn({ timeZone: 'Not/AZone', now })).toBe('2026-03-03');
  });

  it('adds days across month ends and DST changes', () => {
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });

  it('pages two weeks at a time up to the horizon', () => {
    const first = bookingWindowOf({ today: '2026-03-02', horizonDays: 30, index: 0 });
    expect(first).toMatchObject({ from: '2026-03-02', to: '2026-03-15', hasPrev: false, hasNext: true });
    expect(first.days).toHaveLength(14);
    const second = bookingWindowOf({ today: '2026-03-02', horizonDays: 30, index: 1 });
    expect(second).toMatchObject({ from: '2026-03-16', to: '2026-03-29', hasPrev: true, hasNext: true });
    // Day 30 after today is the last one: a short last window.
    const third = bookingWindowOf({ today: '2026-03-02', horizonDays: 30, index: 2 });
    expect(third).toMatchObject({ from: '2026-03-30', to: '2026-04-01', hasPrev: true, hasNext: false });
    expect(third.days).toHaveLength(3);
    // Past the end: the last window.
    expect(bookingWindowOf({ today: '2026-03-02', horizonDays: 30, index: 9 }).from).toBe('2026-03-30');
  });

  it('shows only the days up to a short horizon', () => {
    const w = bookingWindowOf({ today: '2026-03-02', horizonDays: 3, index: 0 });
    expect(w.days).toEqual(['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05']);
    expect(w.hasNext).toBe(false);
    expect(bookingWindowOf({ today: '2026-03-02', horizonDays: 0, index: 0 }).days).toEqual(['2026-03-02']);
  });

  it('writes the window as a range in the page language', () => {
    // Intl puts thin spaces around the dash.
    const label = (from: string, to: string, language: string) => windowLabelOf({ from, to, language }).replace(/\s/g, ' ');
    expect(label('2026-11-27', '2026-12-10', 'en')).toBe('Nov 27 – Dec 10');
    expect(label('2026-03-02', '2026-03-15', 'en')).toBe('Mar 2 – 15');
    expect(label('2026-03-02', '2026-03-15', 'hr')).toMatch(/^0?2\. ?– ?15\. ožu/);
  });

  it('writes Bosnian dates with Serbian Latin words where the browser lacks Bosnian calendar data', () => {
    expect(localeOf('bs', () => true)).toBe('bs');
    expect(localeOf('bs', () => false)).toBe('sr-Latn');
    expect(localeOf('hr', () => false)).toBe('hr');
    expect(localeOf('en')).toBe('en-US');
  });

  it('labels a day in the page language', () => {
    expect(dayLabelOf({ day: '2026-03-03', language: 'en' })).toEqual({ weekday: 'Tue', date: '3', month: 'Mar', full: 'Tuesday, March 3' });
    expect(dayLabelOf({ day: '2026-03-03', language: 'hr' }).date).toBe('3');
  });

  it('greys days without slots and keeps the chosen day while it has some', () => {
    const withSlots = daysWithSlotsOf([
      { date: '2026-03-02', slots: [] },
      { date: '2026-03-03', slots: [{}] },
      { date: '2026-03-05', slots: [{}] },
    ]);
    const windowDays = ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05'];
    expect([...withSlots]).toEqual(['2026-03-03', '2026-03-05']);
    expect(pickDay({ chosen: null, windowDays, withSlots })).toBe('2026-03-03');
    expect(pickDay({ chosen: '2026-03-05', windowDays, withSlots })).toBe('2026-03-05');
    // The chosen day lost its last slot: the first day with slots instead.
    expect(pickDay({ chosen: '2026-03-04', windowDays, withSlots })).toBe('2026-03-03');
    expect(pickDay({ chosen: '2026-03-04', windowDays, withSlots: new Set() })).toBe('2026-03-04');
    expect(pickDay({ chosen: '2026-04-04', windowDays, withSlots: new Set() })).toBeNull();
  });
});

describe('slots', () => {
  const slot = (startsAt: string) => ({ startsAt, endsAt: startsAt, capacity: 1 });

  it('groups by the company’s clock into morning, afternoon and evening, in order', () => {
    // New York in March 2026 (after DST starts on the 8th): UTC-4.
    const slots = [slot('2026-03-10T21:30:00Z'), slot('2026-03-10T13:00:00Z'), slot('2026-03-10T16:00:00Z'), slot('2026-03-10T15:30:00Z')];
    const groups = groupSlotsByDayPart({ slots, timeZone: 'America/New_York' });
    expect(groups.map((g) => [g.part, g.slots.map((s) => s.startsAt)])).toEqual([
      ['morning', ['2026-03-10T13:00:00Z', '2026-03-10T15:30:00Z']],
      ['afternoon', ['2026-03-10T16:00:00Z']],
      ['evening', ['2026-03-10T21:30:00Z']],
    ]);
  });

  it('leaves out empty parts', () => {
    expect(groupSlotsByDayPart({ slots: [slot('2026-03-10T14:00:00Z')], timeZone: 'Europe/Sarajevo' }).map((g) => g.part)).toEqual(['afternoon']);
    expect(groupSlotsByDayPart({ slots: [], timeZone: 'Europe/Sarajevo' })).toEqual([]);
  });

  it('writes times on the company clock in the page language', () => {
    expect(slotTimeOf({ startsAt: '2026-03-10T13:00:00Z', timeZone: 'America/New_York', language: 'en' })).toBe('9:00 AM');
    expect(slotTimeOf({ startsAt: '2026-03-10T07:30:00Z', timeZone: 'Europe/Sarajevo', language: 'bs' })).toBe('08:30');
    expect(slotTimeOf({ startsAt: '2026-07-10T07:30:00Z', timeZone: 'Europe/Belgrade', language: 'sr' })).toBe('09:30');
  });

  it('names the zone by city and offset', () => {
    expect(zoneLabelOf({ timeZone: 'America/New_York', language: 'en', at: new Date('2026-01-10T12:00:00Z') })).toBe('New York, GMT-5');
    expect(zoneLabelOf({ timeZone: 'America/New_York', language: 'en', at: new Date('2026-07-10T12:00:00Z') })).toBe('New York, GMT-4');
    expect(zoneLabelOf({ timeZone: 'Bad/Zone', language: 'en', at: new Date() })).toBe('UTC');
  });
});

describe('services', () => {
  const services = [
    { id: 1, duration: 30 },
    { id: 2, duration: 60 },
    { id: 3, duration: 45 },
  ];
  it('adds up the chosen services’ durations', () => {
    expect(totalDurationOf({ services, selected: [] })).toBe(0);
    expect(totalDurationOf({ services, selected: [1, 3] })).toBe(75);
    expect(totalDurationOf({ services, selected: [9] })).toBe(0);
  });
  it('splits minutes into hours and minutes', () => {
    expect(durationPartsOf(75)).toEqual({ hours: 1, minutes: 15 });
    expect(durationPartsOf(45)).toEqual({ hours: 0, minutes: 45 });
    expect(durationPartsOf(120)).toEqual({ hours: 2, minutes: 0 });
  });
});

describe('hold countdown', () => {
  const receivedAt = Date.parse('2026-03-10T12:00:00Z');
  it('trusts the server’s expiry when it agrees with the hold length', () => {
    expect(holdDeadlineOf({ expiresAt: '2026-03-10T12:04:58Z', receivedAt, holdMinutes: 5 })).toBe(Date.parse('2026-03-10T12:04:58Z'));
  });
  it('counts the hold length from arrival when the phone’s clock is off', () => {
    // The phone is 10 minutes fast: the expiry looks past already.
    expect(holdDeadlineOf({ expiresAt: '2026-03-10T11:55:00Z', receivedAt, holdMinutes: 5 })).toBe(receivedAt + 5 * 60_000);
    // The phone is 10 minutes slow: the expiry looks 15 minutes away.
    expect(holdDeadlineOf({ expiresAt: '2026-03-10T12:15:00Z', receivedAt, holdMinutes: 5 })).toBe(receivedAt + 5 * 60_000);
    expect(holdDeadlineOf({ expiresAt: 'nonsense', receivedAt, holdMinutes: 5 })).toBe(receivedAt + 5 * 60_000);
  });
  it('formats minutes and seconds, never below zero', () => {
    expect(formatCountdown(5 * 60_000)).toBe('5:00');
    expect(formatCountdown(245_001)).toBe('4:06');
    expect(formatCountdown(9_000)).toBe('0:09');
    expect(formatCountdown(-5)).toBe('0:00');
  });
});

describe('booking errors', () => {
  const problem = (status: number, detail: string, violations?: { propertyPath: string; message: string }[]) =>
    new ApiError(status, { detail, description: detail, status, violations }, detail);
  it('tells a taken slot from an expired hold', () => {
    expect(bookingErrorOf(problem(409, 'appointment_slot_not_available'))).toBe('slot_taken');
    expect(bookingErrorOf(problem(409, 'appointment_hold_expired'))).toBe('hold_expired');
    expect(bookingErrorOf(problem(409, 'appointments_not_accepting'))).toBe('not_accepting');
  });
  it('maps field errors and limits', () => {
    expect(bookingErrorOf(problem(422, 'phone: invalid', [{ propertyPath: 'phone', message: 'This phone number is not valid.' }]))).toBe('phone_invalid');
    expect(bookingErrorOf(problem(400, 'hold', [{ propertyPath: 'hold', message: 'appointment_hold_expired' }]))).toBe('hold_expired');
    expect(bookingErrorOf(problem(429, 'Too Many Requests'))).toBe('too_many');
    expect(bookingErrorOf(problem(410, 'link_expired'))).toBe('link_expired');
    expect(bookingErrorOf(problem(500, 'boom'))).toBe('failed');
    expect(bookingErrorOf(new Error('offline'))).toBe('failed');
  });
});
