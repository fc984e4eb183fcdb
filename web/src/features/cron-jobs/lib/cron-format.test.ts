import { describe, expect, it } from 'vitest';
import { cronJobFilterOf, formatDuration } from './cron-format';

describe('formatDuration', () => {
  it('picks a unit a person reads at a glance', () => {
    expect(formatDuration(null)).toBe('');
    expect(formatDuration(-1)).toBe('');
    expect(formatDuration(0)).toBe('0 ms');
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(4_230)).toBe('4.2 s');
    expect(formatDuration(42_000)).toBe('42 s');
    expect(formatDuration(192_000)).toBe('3 min 12 s');
    expect(formatDuration(3_900_000)).toBe('1 h 5 min');
  });
});

describe('cronJobFilterOf', () => {
  it('reads the kind filter from the address, defaulting to every job', () => {
    expect(cronJobFilterOf('report')).toBe('report');
    expect(cronJobFilterOf('system')).toBe('system');
    expect(cronJobFilterOf('nonsense')).toBe('all');
    expect(cronJobFilterOf(null)).toBe('all');
  });
});
