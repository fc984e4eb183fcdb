import type { TResponseStats, TResponseTimes, TUsageMetrics } from '@cd/contracts/analytics';

/** Test data of GET /api/analytics. */
function stats(over: Partial<TResponseStats> = {}): TResponseStats {
  return { count: 0, totalSeconds: 0, avgSeconds: null, under5: 0, from5to15: 0, over15: 0, ...over };
}

function times(wall: Partial<TResponseStats> = {}, business: Partial<TResponseStats> = {}): TResponseTimes {
  return { wall: stats(wall), business: stats(business) };
}

export function emptyMetrics(over: Partial<TUsageMetrics> = {}): TUsageMetrics {
  return {
    timeZone: 'America/Chicago',
    from: '2026-11-22',
    to: '2026-11-28',
    generatedAt: '2026-11-28T15:00:00Z',
    filters: { userIds: [], channels: [] },
    conversations: { inboundStarted: 0, outboundStarted: 0 },
    messages: { inbound: 0, outboundHuman: 0, outboundAutomated: 0 },
    perChannel: [],
    perAgent: [],
    perDay: [],
    firstResponse: times(),
    response: times(),
    optOuts: 0,
    surveys: null,
    appointments: null,
    repairOrders: null,
    payments: null,
    ...over,
  };
}

export function busyMetrics(over: Partial<TUsageMetrics> = {}): TUsageMetrics {
  const first = times(
    { count: 10, totalSeconds: 4200, avgSeconds: 420, under5: 5, from5to15: 3, over15: 2 },
    { count: 10, totalSeconds: 1800, avgSeconds: 180, under5: 8, from5to15: 1, over15: 1 },
  );
  return emptyMetrics({
    conversations: { inboundStarted: 20, outboundStarted: 4 },
    messages: { inbound: 120, outboundHuman: 90, outboundAutomated: 12 },
    perChannel: [
      { channel: 'sms_gateway', inbound: 100, outboundHuman: 80, outboundAutomated: 12 },
      { channel: 'whatsapp', inbound: 20, outboundHuman: 10, outboundAutomated: 0 },
    ],
    perAgent: [
      { userId: 3, name: 'Ann Agent', messagesOut: 60, conversationsHandled: 14, firstResponse: first, response: first },
      { userId: 5, name: 'Bo Builder', messagesOut: 30, conversationsHandled: 8, firstResponse: times(), response: times() },
    ],
    perDay: Array.from({ length: 7 }, (_, i) => ({
      day: `2026-11-${22 + i}`,
      inbound: 10 + i,
      outboundHuman: 8 + i,
      outboundAutomated: 1,
      conversations: 3,
      firstResponse: times(),
    })),
    firstResponse: first,
    response: first,
    optOuts: 2,
    payments: { requested: 5, paid: 3, amountCents: 45_000 },
    ...over,
  });
}
