import { describe, expect, it } from 'vitest';
import { nextSendingTime } from './quiet-hours';

describe('quiet hours', () => {
  it('allows sends inside 08:00–21:00 local time', () => {
    // 15:00 UTC = 10:00 in New York (EST, winter).
    expect(nextSendingTime({ now: new Date('2026-01-15T15:00:00Z'), timeZone: 'America/New_York' })).toBeNull();
  });
  it('holds a send at night until 08:00 local the next morning', () => {
    // 03:30 UTC = 22:30 in New York the evening before.
    const next = nextSendingTime({ now: new Date('2026-01-15T03:30:00Z'), timeZone: 'America/New_York' });
    expect(next?.toISOString()).toBe('2026-01-15T13:00:00.000Z');
  });
  it('holds an early-morning send until the window opens the same day', () => {
    // 11:00 UTC = 06:00 in New York.
    expect(nextSendingTime({ now: new Date('2026-01-15T11:00:00Z'), timeZone: 'America/New_York' })?.toISOString()).toBe('2026-01-15T13:00:00.000Z');
  });
  it('honours a stricter company window and other time zones', () => {
    // 08:30 in Sarajevo (UTC+1) with a 09:00–17:00 window → wait 30 minutes.
    expect(nextSendingTime({ now: new Date('2026-01-15T07:30:00Z'), timeZone: 'Europe/Sarajevo', start: '09:00', end: '17:00' })?.toISOString()).toBe('2026-01-15T08:00:00.000Z');
    expect(nextSendingTime({ now: new Date('2026-01-15T16:59:00Z'), timeZone: 'UTC', start: '09:00', end: '17:00' })).toBeNull();
    expect(nextSendingTime({ now: new Date('2026-01-15T17:00:00Z'), timeZone: 'UTC', start: '09:00', end: '17:00' })?.toISOString()).toBe('2026-01-16T09:00:00.000Z');
  });
});
