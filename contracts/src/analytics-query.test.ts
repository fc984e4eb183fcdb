import { describe, expect, it } from 'vitest';
import { ZAnalyticsQuerySchema } from './analytics';

describe('ZAnalyticsQuerySchema', () => {
  it('takes agent ids written in decimal only', () => {
    expect(ZAnalyticsQuerySchema.parse({ period: 'wtd', 'userId[]': ['12', '7'] })['userId[]']).toEqual([12, 7]);
    for (const bad of ['1e1', '0x10', '-1', '01', '1.0', ' 5'])
      expect(ZAnalyticsQuerySchema.safeParse({ period: 'wtd', 'userId[]': bad }).success, bad).toBe(false);
  });
});
