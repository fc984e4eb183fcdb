import type { TResponseStats, TResponseTimes, TUsageMetrics } from '@cd/contracts/analytics';

/** A hand-made TUsageMetrics for the report builders (PDF, workbook, mail): a dealership's two weeks. */

function stats(count: number, avg: number, under5: number, from5to15: number): TResponseStats {
  return { count, totalSeconds: count * avg, avgSeconds: count ? avg : null, under5, from5to15, over15: count - under5 - from5to15 };
}
function times(count: number, wallAvg: number, businessAvg: number): TResponseTimes {
  const u = Math.round(count * 0.55);
  const m = Math.round(count * 0.3);
  return { wall: stats(count, wallAvg, u, m), business: stats(count, businessAvg, u + Math.round(count * 0.1), m - Math.round(count * 0.05)) };
}

export function reportMetricsFixture(opts: { from?: string; days?: number; surveys?: boolean } = {}): TUsageMetrics {
  const from = opts.from ?? '2026-11-09';
  const days = opts.days ?? 14;
  const perDay = Array.from({ length: days }, (_, i) => {
    const day = new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10);
    const weekend = [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());
    const inbound = weekend ? 6 + (i % 3) : 28 + ((i * 7) % 17);
    return {
      day,
      inbound,
      outboundHuman: Math.round(inbound * 0.9),
      outboundAutomated: weekend ? 2 : 9 + (i % 4),
      conversations: Math.round(inbound / 3),
      firstResponse: times(Math.round(inbound / 3), 300 + i * 40, 200 + i * 25),
    };
  });
  const sum = (k: 'inbound' | 'outboundHuman' | 'outboundAutomated') => perDay.reduce((s, d) => s + d[k], 0);
  const agents = [
    { userId: 11, name: 'Ana Kovač', share: 0.38 },
    { userId: 12, name: 'Marko Horvat', share: 0.27 },
    { userId: 13, name: 'Jelena Đurić', share: 0.21 },
    { userId: 14, name: 'Tom Becker', share: 0.14 },
  ];
  const human = sum('outboundHuman');
  return {
    timeZone: 'America/New_York',
    from,
    to: perDay.at(-1)!.day,
    generatedAt: '2026-11-23T12:00:00.000Z',
    filters: { userIds: [], channels: [] },
    conversations: { inboundStarted: 121, outboundStarted: 37 },
    messages: { inbound: sum('inbound'), outboundHuman: human, outboundAutomated: sum('outboundAutomated') },
    perChannel: [
      {
        channel: 'sms_provider',
        inbound: Math.round(sum('inbound') * 0.7),
        outboundHuman: Math.round(human * 0.7),
        outboundAutomated: sum('outboundAutomated'),
      },
      { channel: 'whatsapp', inbound: sum('inbound') - Math.round(sum('inbound') * 0.7), outboundHuman: human - Math.round(human * 0.7), outboundAutomated: 0 },
    ],
    perAgent: agents.map((a, i) => ({
      userId: a.userId,
      name: a.name,
      messagesOut: Math.round(human * a.share),
      conversationsHandled: Math.round(158 * a.share),
      firstResponse: times(Math.round(120 * a.share), 240 + i * 180, 150 + i * 90),
      response: times(Math.round(human * a.share), 420 + i * 200, 260 + i * 120),
    })),
    perDay,
    firstResponse: times(121, 512, 301),
    response: times(human, 655, 388),
    optOuts: 3,
    surveys:
      opts.surveys === false
        ? null
        : {
            sent: 46,
            completed: 29,
            positiveShare: 24 / 29,
            perAdvisor: [
              { userId: 11, name: 'Ana Kovač', sent: 20, completed: 14, positiveShare: 12 / 14 },
              { userId: 12, name: 'Marko Horvat', sent: 16, completed: 9, positiveShare: 7 / 9 },
              { userId: null, name: 'No advisor', sent: 10, completed: 6, positiveShare: 5 / 6 },
            ],
          },
    appointments: { booked: 31, confirmed: 26, missed: 2 },
    repairOrders: { opened: 54, closed: 48, approvalRate: 0.72, approvedAmountCents: 1_864_250 },
    payments: null,
    responseTargets: {
      waits: 40,
      warned: 7,
      breached: 4,
      metTarget: 35,
      withinTargetShare: 35 / 39,
      perAgent: [
        { userId: 11, name: 'Ana Kovač', waits: 22, warned: 3, breached: 1, metTarget: 21, withinTargetShare: 21 / 22 },
        { userId: 12, name: 'Marko Horvat', waits: 15, warned: 3, breached: 2, metTarget: 13, withinTargetShare: 13 / 15 },
        { userId: null, name: '', waits: 3, warned: 1, breached: 1, metTarget: 1, withinTargetShare: 1 / 2 },
      ],
      perChannel: [
        { channel: 'sms', waits: 30, warned: 5, breached: 3, metTarget: 26, withinTargetShare: 26 / 29 },
        { channel: 'whatsapp', waits: 10, warned: 2, breached: 1, metTarget: 9, withinTargetShare: 9 / 10 },
      ],
    },
  };
}
