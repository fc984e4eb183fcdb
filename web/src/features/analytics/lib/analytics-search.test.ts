import { describe, expect, it } from 'vitest';
import { analyticsQueryOf, exportFileNameOf, readAnalyticsSearch, writeAnalyticsSearch } from './analytics-search';

const read = (qs: string) => readAnalyticsSearch(new URLSearchParams(qs));

describe('analytics search params', () => {
  it('reads a period, or a custom range, with the filters', () => {
    expect(read('period=mtd&userId=3&userId=4&channel=whatsapp')).toEqual({ period: 'mtd', from: null, to: null, userIds: [3, 4], channels: ['whatsapp'] });
    expect(read('from=2026-11-01&to=2026-11-28')).toEqual({ period: null, from: '2026-11-01', to: '2026-11-28', userIds: [], channels: [] });
  });

  it('falls back to the default period on anything unreadable', () => {
    for (const qs of ['', 'period=decade', 'from=2026-11-28&to=2026-11-01', 'from=2026-02-30&to=2026-03-01', 'from=x&to=y'])
      expect(read(qs).period).toBe('last_7_days');
    expect(read('userId=-1&userId=abc&userId=7&channel=%00bad&channel=sms_gateway')).toMatchObject({ userIds: [7], channels: ['sms_gateway'] });
  });

  it('writes back what it reads, and builds the API query', () => {
    const s = read('from=2026-11-01&to=2026-11-28&userId=3&channel=viber');
    expect(writeAnalyticsSearch(s).toString()).toBe('from=2026-11-01&to=2026-11-28&userId=3&channel=viber');
    expect(analyticsQueryOf(s)).toEqual({ period: undefined, from: '2026-11-01', to: '2026-11-28', 'userId[]': [3], 'channel[]': ['viber'] });
    expect(analyticsQueryOf(read('period=ytd'))).toMatchObject({ period: 'ytd', from: undefined, to: undefined });
    expect(exportFileNameOf({ from: '2026-11-01', to: '2026-11-28' })).toBe('analytics-2026-11-01-2026-11-28.csv');
  });
});
