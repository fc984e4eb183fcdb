import type { TResponseStats, TResponseTimes, TUsageMetrics } from '@cd/contracts/analytics';

/** Test data of the usage metrics shared by the analytics and dashboard screens (GET /api/analytics, /api/dashboard). */
export function responseStats(over: Partial<TResponseStats> = {}): TResponseStats {
  return { count: 0, totalSeconds: 0, avgSeconds: null, under5: 0, from5to15: 0, over15: 0, ...over };
}

export function responseTimes(wall: Partial<TResponseStats> = {}, business: Partial<TResponseStats> = {}): TResponseTimes {
  return { wall: responseStats(wall), business: responseStats(business) };
}

/** Nothing happened over the days; a one-day range unless `from`/`to` say otherwise. */
export function usageMetrics(over: Partial<TUsageMetrics> = {}): TUsageMetrics {
  return {
    timeZone: 'America/Chicago',
    from: '2026-11-28',
    to: '2026-11-28',
    generatedAt: '2026-11-28T15:00:00Z',
    filters: { userIds: [], channels: [] },
    conversations: { inboundStarted: 0, outboundStarted: 0 },
    messages: { inbound: 0, outboundHuman: 0, outboundAutomated: 0 },
    perChannel: [],
    perAgent: [],
    perDay: [],
    firstResponse: responseTimes(),
    response: responseTimes(),
    optOuts: 0,
    surveys: null,
    appointments: null,
    repairOrders: null,
    payments: null,
    ...over,
  };
}
