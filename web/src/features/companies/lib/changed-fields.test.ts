import { describe, expect, it } from 'vitest';
import { getChangedFields, isSameValue } from './changed-fields';

describe('getChangedFields', () => {
  it('returns nothing when the values are equal, even as fresh copies', () => {
    const original = { name: 'A', hours: { monday: { isOffDay: false, intervals: [{ startsAt: '08:00', endsAt: '12:00' }] } } };
    expect(getChangedFields({ original, current: structuredClone(original) })).toEqual({});
  });

  it('returns only the changed top-level fields', () => {
    expect(getChangedFields({ original: { name: 'A', email: null, phone: 'x' }, current: { name: 'B', email: null, phone: 'x' } })).toEqual({
      name: 'B',
    });
  });

  it('detects null versus empty string and added array items', () => {
    expect(getChangedFields({ original: { email: null as string | null }, current: { email: '' } })).toEqual({ email: '' });
    const original = { hours: { monday: { intervals: [{ startsAt: '08:00', endsAt: '12:00' }] } } };
    const current = { hours: { monday: { intervals: [...original.hours.monday.intervals, { startsAt: '13:00', endsAt: '17:00' }] } } };
    expect(getChangedFields({ original, current })).toEqual({ hours: current.hours });
  });
});

describe('isSameValue', () => {
  it('compares objects by keys regardless of order and arrays by order', () => {
    expect(isSameValue({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    expect(isSameValue([1, 2], [2, 1])).toBe(false);
    expect(isSameValue({ a: undefined }, {})).toBe(true);
    expect(isSameValue({ a: null }, {})).toBe(false);
  });
});
