import type { TUsageMetrics } from '@cd/contracts/analytics';
import { responseTimes as times, usageMetrics } from '../../../lib/usage-metrics-fixtures';

/** Test data of GET /api/analytics: a week by default. */
export function emptyMetrics(over: Partial<TUsageMetrics> = {}): TUsageMetrics {
  return usageMetrics({ from: '2026-11-22', to: '2026-11-28', ...over });
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
