import { describe, expect, it } from 'vitest';
import { computeLocalHourAfterDays, computePriorToArrivalDueAt, computeStatusMessageDueAt } from './automation-schedule';

const at = (iso: string) => new Date(iso);

describe('timed automations', () => {
  it('status message N hours after opening; 0 is disabled', () => {
    expect(computeStatusMessageDueAt({ openedAt: at('2026-05-01T08:00:00Z'), hoursAfter: 6 })).toEqual(at('2026-05-01T14:00:00Z'));
    expect(computeStatusMessageDueAt({ openedAt: at('2026-05-01T08:00:00Z'), hoursAfter: 72 })).toEqual(at('2026-05-04T08:00:00Z'));
    expect(computeStatusMessageDueAt({ openedAt: at('2026-05-01T08:00:00Z'), hoursAfter: 0 })).toBeNull();
  });

  it('prior-to-arrival N minutes before the promised time; disabled or nothing promised: none', () => {
    expect(computePriorToArrivalDueAt({ promisedAt: at('2026-05-01T16:00:00Z'), minutesBefore: 45 })).toEqual(at('2026-05-01T15:15:00Z'));
    expect(computePriorToArrivalDueAt({ promisedAt: at('2026-05-01T16:00:00Z'), minutesBefore: 0 })).toBeNull();
    expect(computePriorToArrivalDueAt({ promisedAt: null, minutesBefore: 15 })).toBeNull();
  });
});

describe('computeLocalHourAfterDays', () => {
  it('counts calendar days from the local date, not 24-hour blocks from the instant', () => {
    // 23:30 in Sarajevo on 1 May is 21:30Z; one day later at 9 is 2 May 09:00 local (07:00Z, summer time).
    expect(computeLocalHourAfterDays({ from: at('2026-05-01T21:30:00Z'), days: 1, hour: 9, timeZone: 'Europe/Sarajevo' })).toEqual(at('2026-05-02T07:00:00Z'));
    // 22:30Z on 1 May is already 2 May 00:30 in Sarajevo.
    expect(computeLocalHourAfterDays({ from: at('2026-05-01T22:30:00Z'), days: 1, hour: 9, timeZone: 'Europe/Sarajevo' })).toEqual(at('2026-05-03T07:00:00Z'));
    expect(computeLocalHourAfterDays({ from: at('2026-05-01T12:00:00Z'), days: 0, hour: 23, timeZone: 'UTC' })).toEqual(at('2026-05-01T23:00:00Z'));
  });

  it('keeps the local hour across a daylight-saving change', () => {
    // New York: clocks go forward on 8 March 2026, back on 1 November 2026.
    expect(computeLocalHourAfterDays({ from: at('2026-03-07T15:00:00Z'), days: 2, hour: 9, timeZone: 'America/New_York' })).toEqual(at('2026-03-09T13:00:00Z'));
    expect(computeLocalHourAfterDays({ from: at('2026-10-31T15:00:00Z'), days: 2, hour: 9, timeZone: 'America/New_York' })).toEqual(at('2026-11-02T14:00:00Z'));
    expect(computeLocalHourAfterDays({ from: at('2026-12-30T12:00:00Z'), days: 3, hour: 9, timeZone: 'America/New_York' })).toEqual(at('2027-01-02T14:00:00Z'));
  });

  it('an hour skipped by the clocks falls just after the jump; a repeated one takes the first', () => {
    expect(computeLocalHourAfterDays({ from: at('2026-03-07T15:00:00Z'), days: 1, hour: 2, timeZone: 'America/New_York' })).toEqual(at('2026-03-08T07:00:00Z'));
    expect(computeLocalHourAfterDays({ from: at('2026-10-31T15:00:00Z'), days: 1, hour: 1, timeZone: 'America/New_York' })).toEqual(at('2026-11-01T05:00:00Z'));
  });

  it('refuses an unknown time zone', () => {
    expect(() => computeLocalHourAfterDays({ from: at('2026-05-01T12:00:00Z'), days: 1, hour: 9, timeZone: 'Mars/Olympus' })).toThrow(RangeError);
  });
});
