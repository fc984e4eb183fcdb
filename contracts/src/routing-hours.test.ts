import { describe, expect, it } from 'vitest';
import { addBusinessMinutes, DEFAULT_BUSINESS_HOURS } from './routing-hours';

const NY = 'America/New_York';
const at = (iso: string) => new Date(iso);

describe('addBusinessMinutes', () => {
  it('counts inside the open hours and carries over the weekend', () => {
    // Friday 2026-01-16 16:30 EST + 60 business minutes: 30 on Friday, 30 on Monday from 09:00.
    expect(addBusinessMinutes({ from: at('2026-01-16T21:30:00Z'), minutes: 60, hours: DEFAULT_BUSINESS_HOURS, timeZone: NY }).toISOString()).toBe(
      '2026-01-19T14:30:00.000Z',
    );
    // Saturday: starts counting Monday 09:00.
    expect(addBusinessMinutes({ from: at('2026-01-17T15:00:00Z'), minutes: 15, hours: DEFAULT_BUSINESS_HOURS, timeZone: NY }).toISOString()).toBe(
      '2026-01-19T14:15:00.000Z',
    );
    // Before opening on a weekday.
    expect(addBusinessMinutes({ from: at('2026-01-20T11:00:00Z'), minutes: 10, hours: DEFAULT_BUSINESS_HOURS, timeZone: NY }).toISOString()).toBe(
      '2026-01-20T14:10:00.000Z',
    );
  });

  it('keeps local opening hours across daylight-saving changes', () => {
    // Spring forward on Sunday 2026-03-08: Friday 16:30 EST + 60 → Monday 09:30 EDT (13:30 UTC).
    expect(addBusinessMinutes({ from: at('2026-03-06T21:30:00Z'), minutes: 60, hours: DEFAULT_BUSINESS_HOURS, timeZone: NY }).toISOString()).toBe(
      '2026-03-09T13:30:00.000Z',
    );
    // Fall back on Sunday 2026-11-01: Friday 16:30 EDT + 60 → Monday 09:30 EST (14:30 UTC).
    expect(addBusinessMinutes({ from: at('2026-10-30T20:30:00Z'), minutes: 60, hours: DEFAULT_BUSINESS_HOURS, timeZone: NY }).toISOString()).toBe(
      '2026-11-02T14:30:00.000Z',
    );
    // Open all night on the spring-forward night: the skipped hour is not counted twice (real elapsed time).
    const allDay = Array.from({ length: 7 }, () => ({ start: '00:00', end: '23:59' }));
    expect(addBusinessMinutes({ from: at('2026-03-08T06:00:00Z'), minutes: 120, hours: allDay, timeZone: NY }).toISOString()).toBe('2026-03-08T08:00:00.000Z');
  });

  it('runs around the clock without open days, and spans several days for long targets', () => {
    const closed = Array.from({ length: 7 }, () => null);
    expect(addBusinessMinutes({ from: at('2026-01-17T15:00:00Z'), minutes: 90, hours: closed, timeZone: NY }).toISOString()).toBe('2026-01-17T16:30:00.000Z');
    // 8 h a day: 16 business hours from Monday 09:00 end Tuesday 17:00.
    expect(addBusinessMinutes({ from: at('2026-01-19T14:00:00Z'), minutes: 16 * 60, hours: DEFAULT_BUSINESS_HOURS, timeZone: NY }).toISOString()).toBe(
      '2026-01-20T22:00:00.000Z',
    );
  });
});
