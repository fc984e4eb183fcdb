import { describe, expect, it } from 'vitest';
import { bucketOf, businessMsBetween, foldDay, kindOfMessage, type TFoldMessage } from './metric-definitions';

const off = { isOffDay: true, intervals: [] };
const open = { isOffDay: false, intervals: [{ startsAt: '13:00', endsAt: '21:00' }] };
const HOURS = { monday: open, tuesday: open, wednesday: open, thursday: open, friday: open, saturday: off, sunday: off };
const at = (iso: string) => Date.parse(iso);

describe('business time between two instants', () => {
  it('counts only the working intervals, skipping the weekend', () => {
    // Friday 20:30Z → Monday 13:30Z: 30 minutes on Friday, none on the weekend, 30 on Monday.
    expect(businessMsBetween({ hours: HOURS, from: at('2026-03-06T20:30:00Z'), to: at('2026-03-09T13:30:00Z') })).toBe(3_600_000);
  });
  it('is zero outside the hours and for an empty or reversed span', () => {
    expect(businessMsBetween({ hours: HOURS, from: at('2026-03-06T04:50:00Z'), to: at('2026-03-06T05:20:00Z') })).toBe(0);
    expect(businessMsBetween({ hours: HOURS, from: at('2026-03-06T15:00:00Z'), to: at('2026-03-06T15:00:00Z') })).toBe(0);
    expect(businessMsBetween({ hours: HOURS, from: at('2026-03-06T16:00:00Z'), to: at('2026-03-06T15:00:00Z') })).toBe(0);
  });
  it('sums split intervals inside one day and a whole week', () => {
    const split = {
      isOffDay: false,
      intervals: [
        { startsAt: '08:00', endsAt: '12:00' },
        { startsAt: '13:00', endsAt: '17:00' },
      ],
    };
    const week = { ...HOURS, wednesday: split };
    expect(businessMsBetween({ hours: week, from: at('2026-03-11T10:00:00Z'), to: at('2026-03-11T14:00:00Z') })).toBe(3 * 3_600_000);
    // Monday 00:00Z to the next Monday 00:00Z: five days of eight hours.
    expect(businessMsBetween({ hours: HOURS, from: at('2026-03-09T00:00:00Z'), to: at('2026-03-16T00:00:00Z') })).toBe(40 * 3_600_000);
  });
});

describe('the §9 buckets', () => {
  it('puts under 5 minutes, 5 to 15 minutes inclusive and over 15 minutes apart', () => {
    expect([0, 299_999, 300_000, 900_000, 900_001].map(bucketOf)).toEqual([1, 1, 2, 2, 3]);
  });
});

describe('message kinds', () => {
  it('tells inbound, a person’s reply and the product’s own sends apart', () => {
    expect(kindOfMessage({ direction: 'INBOUND', sender: 'customer', groupMessageId: null })).toBe('inbound');
    expect(kindOfMessage({ direction: 'OUTBOUND', sender: 'agent', groupMessageId: null })).toBe('human');
    expect(kindOfMessage({ direction: 'OUTBOUND', sender: 'agent', groupMessageId: 7 })).toBe('automated');
    expect(kindOfMessage({ direction: 'OUTBOUND', sender: 'system', groupMessageId: null })).toBe('automated');
  });
});

describe('folding a day', () => {
  const msg = (id: number, iso: string, kind: 'in' | 'agent' | 'system' | 'group', userId: number | null = null): TFoldMessage => ({
    customerId: 1,
    id,
    at: at(iso),
    direction: kind === 'in' ? 'INBOUND' : 'OUTBOUND',
    sender: kind === 'in' ? 'customer' : kind === 'system' ? 'system' : 'agent',
    userId,
    channel: 'sms',
    groupMessageId: kind === 'group' ? 9 : null,
  });
  it('carries the unanswered run in from history and counts only the day itself', () => {
    const rows = foldDay({
      messages: [msg(1, '2026-03-04T20:00:00Z', 'in'), msg(2, '2026-03-04T20:05:00Z', 'group', 5), msg(3, '2026-03-05T14:00:00Z', 'agent', 5)],
      optOuts: [],
      dayStart: at('2026-03-05T05:00:00Z'),
      dayEnd: at('2026-03-06T05:00:00Z'),
      hours: HOURS,
    });
    expect(rows).toHaveLength(1);
    const [r] = rows;
    // No conversation starts on the day (the gap is under 24 hours); the reply answers yesterday's message.
    expect(r).toMatchObject({ userId: 5, outbound_human: 1, inbound: 0, conv_inbound: 0, resp_count: 1, first_count: 1, handled_inbound: 1 });
    expect(r!.resp_wall_ms).toBe(18 * 3_600_000);
    expect(r!.resp_biz_ms).toBe(2 * 3_600_000);
  });
});
