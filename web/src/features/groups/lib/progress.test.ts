import { describe, expect, it } from 'vitest';
import { groupProgress, isInFlight, shouldPoll } from './progress';

const stats = (s: Partial<Record<'total' | 'skipped' | 'pending' | 'sent' | 'delivered' | 'failed' | 'blocked', number>>) => ({
  total: 0,
  skipped: 0,
  pending: 0,
  sent: 0,
  delivered: 0,
  failed: 0,
  blocked: 0,
  byStatus: {},
  ...s,
});

describe('groupProgress', () => {
  it('counts delivered inside sent once and stacks the rest', () => {
    const p = groupProgress(stats({ total: 10, sent: 6, delivered: 4, failed: 1, blocked: 2, skipped: 2, pending: 1 }));
    expect(p.done).toBe(9);
    expect(p.pending).toBe(1);
    expect(p.complete).toBe(false);
    expect(p.percent).toBe(90);
    expect(p.segments.map((s) => [s.key, s.count, s.percent])).toEqual([
      ['delivered', 4, 40],
      ['sent', 2, 20],
      ['failed', 1, 10],
      ['blocked', 2, 20],
    ]);
  });

  it('is complete when every recipient has a final state', () => {
    const p = groupProgress(stats({ total: 3, sent: 2, delivered: 2, failed: 1 }));
    expect(p).toMatchObject({ done: 3, pending: 0, complete: true, percent: 100 });
  });

  it('never overflows the bar on racy counts', () => {
    const p = groupProgress(stats({ total: 4, sent: 5, delivered: 3, failed: 2, blocked: 1 }));
    expect(p.done).toBe(4);
    expect(p.segments.reduce((s, x) => s + x.percent, 0)).toBeLessThanOrEqual(100);
  });

  it('handles an empty group and missing stats', () => {
    expect(groupProgress(stats({ total: 0 }))).toMatchObject({ total: 0, done: 0, percent: 100, complete: true });
    expect(groupProgress(undefined)).toMatchObject({ total: 0, done: 0 });
    expect(groupProgress(stats({ total: 5, sent: Number.NaN, failed: -2 })).done).toBe(0);
  });
});

describe('polling rules', () => {
  const now = Date.parse('2026-01-01T12:00:00Z');
  const base = { createdAt: '2026-01-01T11:59:00Z', recipients: stats({ total: 2, pending: 2 }) };
  it('polls queued and sending messages', () => {
    expect(isInFlight({ status: 'queued' })).toBe(true);
    expect(isInFlight({ status: 'sending' })).toBe(true);
    expect(isInFlight({ status: 'scheduled' })).toBe(false);
    expect(shouldPoll({ ...base, status: 'sending' }, now)).toBe(true);
    expect(shouldPoll({ ...base, status: 'scheduled' }, now)).toBe(false);
  });
  it('keeps polling a recently sent message while recipients are pending', () => {
    expect(shouldPoll({ ...base, status: 'sent' }, now)).toBe(true);
    expect(shouldPoll({ ...base, status: 'sent', recipients: stats({ total: 2, sent: 2 }) }, now)).toBe(false);
    expect(shouldPoll({ ...base, status: 'sent', createdAt: '2026-01-01T10:00:00Z' }, now)).toBe(false);
  });
});
