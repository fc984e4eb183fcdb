import { describe, expect, it } from 'vitest';
import { formatAge, formatDuration, formatPerMinute, formatRate } from './dev-format';

describe('development figures', () => {
  it('formats durations, rates, per-minute figures and ages', () => {
    expect([formatDuration(85), formatDuration(1240), formatDuration(12_345), formatDuration(null)]).toEqual(['85 ms', '1.24 s', '12.3 s', '—']);
    expect([formatRate(0), formatRate(0.034), formatRate(0.05), formatRate(0.5), formatRate(1)]).toEqual(['0%', '3.4%', '5%', '50%', '100%']);
    expect([formatPerMinute(0), formatPerMinute(0.5), formatPerMinute(2), formatPerMinute(12.6)]).toEqual(['0', '0.5', '2', '13']);
    expect([formatAge(null), formatAge(42), formatAge(300), formatAge(3 * 3600 + 600), formatAge(2 * 86400 + 4 * 3600)]).toEqual([
      '—',
      '42 s',
      '5 min',
      '3 h 10 min',
      '2 d 4 h',
    ]);
  });
});
