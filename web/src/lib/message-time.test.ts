import { describe, expect, it } from 'vitest';
import { dayKey, dayLabel, listTime } from './message-time';

describe('day separators', () => {
  it('key a message by its local day', () => {
    expect(dayKey(new Date(2025, 0, 1, 23, 59).toISOString())).toBe('2025-01-01');
    expect(dayKey(new Date(2025, 0, 2, 0, 1).toISOString())).toBe('2025-01-02');
  });

  it('label today and yesterday, else MM/DD/YYYY', () => {
    const now = new Date(2025, 2, 10, 8);
    expect(dayLabel('2025-03-10', now)).toEqual({ kind: 'today' });
    expect(dayLabel('2025-03-09', now)).toEqual({ kind: 'yesterday' });
    expect(dayLabel('2025-03-01', now)).toEqual({ kind: 'date', text: '03/01/2025' });
  });
});

describe('list row time', () => {
  const now = new Date(2025, 2, 10, 15, 30);
  it('is relative for today and MM/DD/YYYY h:mm A before', () => {
    expect(listTime(new Date(2025, 2, 10, 15, 29, 40).toISOString(), now)).toEqual({ kind: 'now' });
    expect(listTime(new Date(2025, 2, 10, 15, 5).toISOString(), now)).toEqual({ kind: 'minutes', count: 25 });
    expect(listTime(new Date(2025, 2, 10, 9, 0).toISOString(), now)).toEqual({ kind: 'hours', count: 6 });
    expect(listTime(new Date(2025, 2, 9, 21, 7).toISOString(), now)).toEqual({ kind: 'date', text: '03/09/2025 9:07 PM' });
    expect(listTime(null, now)).toEqual({ kind: 'none' });
    expect(listTime('not a date', now)).toEqual({ kind: 'none' });
  });

  it('shows "now" for a message stamped a little ahead of the browser clock', () => {
    expect(listTime(new Date(2025, 2, 10, 15, 30, 20).toISOString(), now)).toEqual({ kind: 'now' });
  });
});
