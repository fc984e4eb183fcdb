import { describe, expect, it } from 'vitest';
import { normalizeDmsPhone } from './dms-sync.import';
import { pushRetryDelayMs } from './dms-sync.push';

describe('DMS phones', () => {
  it('become E.164 for the company country; local 7-digit numbers take the dealership’s area code', () => {
    expect(normalizeDmsPhone('3125557701', 'US')).toBe('+13125557701');
    expect(normalizeDmsPhone('13125557701', 'US')).toBe('+13125557701');
    expect(normalizeDmsPhone('5551234', 'US', '+13125550100')).toBe('+13125551234');
    expect(normalizeDmsPhone('5551234', 'US')).toBeNull();
    expect(normalizeDmsPhone('5550100001', 'US')).toBe('+15550100001');
    expect(normalizeDmsPhone('12', 'US')).toBeNull();
  });
});

describe('push back-off', () => {
  it('doubles from 30 s and stops growing at an hour', () => {
    expect([1, 2, 3, 4].map(pushRetryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(pushRetryDelayMs(50)).toBe(3600_000);
  });
});
