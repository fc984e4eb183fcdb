import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { allDecided, approvalAnswerOf, decisionTotals, linkErrorKey, pendingLinesOf, weekDatesOf, zonedTimeOf } from './link-pages';

const lines = [
  { id: 1, price: 10_000, status: 'pending' as const, description: 'a', files: [] },
  { id: 2, price: 2_550, status: 'pending' as const, description: 'b', files: [] },
];

describe('approval page', () => {
  it('keeps running totals while the customer decides', () => {
    expect(decisionTotals(lines, {})).toEqual({ approved: 0, denied: 0, undecided: 12_550 });
    expect(decisionTotals(lines, { 1: 'approved' })).toEqual({ approved: 10_000, denied: 0, undecided: 2_550 });
    expect(decisionTotals(lines, { 1: 'approved', 2: 'denied' })).toEqual({ approved: 10_000, denied: 2_550, undecided: 0 });
  });
  it('builds the answer only once every line is decided', () => {
    expect(allDecided(lines, { 1: 'approved' })).toBe(false);
    expect(approvalAnswerOf(lines, { 1: 'approved' })).toBeNull();
    expect(approvalAnswerOf(lines, { 1: 'approved', 2: 'denied' })).toEqual({
      answers: [
        { lineId: 1, decision: 'approved' },
        { lineId: 2, decision: 'denied' },
      ],
    });
  });
  it('has nothing pending once answered', () => {
    expect(pendingLinesOf({ lines, answeredAt: null })).toHaveLength(2);
    expect(pendingLinesOf({ lines, answeredAt: '2026-01-01T00:00:00Z' })).toEqual([]);
  });
  it('names 404 and 410', () => {
    expect(linkErrorKey(new ApiError(404, null, 'x'))).toBe('link_not_found');
    expect(linkErrorKey(new ApiError(410, null, 'x'))).toBe('link_expired');
    expect(linkErrorKey(new ApiError(500, null, 'x'))).toBe('public_page_load_failed');
  });
});

describe('pickup hours', () => {
  it('shows stored UTC times in the company time zone, with that week’s DST', () => {
    const winter = weekDatesOf(new Date('2026-01-14T12:00:00Z'));
    expect(winter.monday.toISOString()).toBe('2026-01-12T00:00:00.000Z');
    expect(zonedTimeOf({ hhmm: '13:00', day: winter.monday, timezone: 'America/New_York' })).toBe('8:00 AM');
    const summer = weekDatesOf(new Date('2026-07-15T12:00:00Z'));
    expect(zonedTimeOf({ hhmm: '13:00', day: summer.monday, timezone: 'America/New_York' })).toBe('9:00 AM');
    expect(zonedTimeOf({ hhmm: '13:00', day: summer.monday, timezone: 'Not/AZone' })).toBe('1:00 PM UTC');
  });

  it('writes the time the way the page language does, still in the company time zone', () => {
    const winter = weekDatesOf(new Date('2026-01-14T12:00:00Z'));
    expect(zonedTimeOf({ hhmm: '13:00', day: winter.monday, timezone: 'America/New_York', language: 'en' })).toBe('8:00 AM');
    for (const language of ['bs', 'hr', 'sr']) {
      expect(zonedTimeOf({ hhmm: '07:00', day: winter.monday, timezone: 'Europe/Sarajevo', language })).toBe('08:00');
      expect(zonedTimeOf({ hhmm: '16:30', day: winter.monday, timezone: 'Europe/Sarajevo', language })).toBe('17:30');
    }
    const summer = weekDatesOf(new Date('2026-07-15T12:00:00Z'));
    expect(zonedTimeOf({ hhmm: '06:00', day: summer.monday, timezone: 'Europe/Zagreb', language: 'hr' })).toBe('08:00');
    expect(zonedTimeOf({ hhmm: '06:00', day: summer.monday, timezone: 'Not/AZone', language: 'sr' })).toBe('06:00 UTC');
  });
});
