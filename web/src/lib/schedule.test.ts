import { describe, expect, it } from 'vitest';
import { checkSchedule, toLocalInputValue } from './schedule';

describe('schedule rule', () => {
  const now = new Date(2025, 5, 10, 12, 0);
  it('accepts only a future date and time', () => {
    expect(checkSchedule('', now)).toEqual({ ok: true, iso: null });
    expect(checkSchedule('2025-06-10T12:00', now)).toEqual({ ok: false, reason: 'past' });
    expect(checkSchedule('2025-06-10T11:59', now)).toEqual({ ok: false, reason: 'past' });
    expect(checkSchedule('garbage', now)).toEqual({ ok: false, reason: 'invalid' });
    const ok = checkSchedule('2025-06-10T12:01', now);
    expect(ok.ok).toBe(true);
    expect(ok.ok && new Date(ok.iso!).getTime()).toBe(new Date(2025, 5, 10, 12, 1).getTime());
  });

  it('formats a date for a datetime-local input', () => {
    expect(toLocalInputValue(now)).toBe('2025-06-10T12:00');
  });
});
