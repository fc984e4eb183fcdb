import type { TResponseStats, TResponseTimes, TUsageMetrics } from '@cd/contracts/analytics';
import type { TDashboard, TDashboardStats } from '@cd/contracts/dashboard';
import type { TReminder } from '@cd/contracts/reminders';

/** Test data of the dashboard's endpoints. */
export function responseStats(over: Partial<TResponseStats> = {}): TResponseStats {
  return { count: 0, totalSeconds: 0, avgSeconds: null, under5: 0, from5to15: 0, over15: 0, ...over };
}

function times(wall: Partial<TResponseStats> = {}, business: Partial<TResponseStats> = {}): TResponseTimes {
  return { wall: responseStats(wall), business: responseStats(business) };
}

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

export function busyDay(): TUsageMetrics {
  return usageMetrics({
    conversations: { inboundStarted: 9, outboundStarted: 3 },
    messages: { inbound: 40, outboundHuman: 31, outboundAutomated: 5 },
    firstResponse: times(
      { count: 10, totalSeconds: 4200, avgSeconds: 420, under5: 5, from5to15: 3, over15: 2 },
      { count: 10, totalSeconds: 1800, avgSeconds: 180, under5: 8, from5to15: 1, over15: 1 },
    ),
    surveys: { sent: 4, completed: 3, positiveShare: 2 / 3, perAdvisor: [] },
  });
}

export function dashboard(over: Partial<TDashboard> = {}): TDashboard {
  return {
    today: busyDay(),
    sameDayLastWeek: usageMetrics({ from: '2026-11-21', to: '2026-11-21', conversations: { inboundStarted: 8, outboundStarted: 2 } }),
    unreadBacklog: [
      { userId: 3, name: 'Ann Agent', unread: 2, oldestUnreadAt: '2026-11-28T14:00:00Z' },
      { userId: null, name: '', unread: 5, oldestUnreadAt: '2026-11-28T13:00:00Z' },
    ],
    reminders: [],
    ...over,
  };
}

export function stats(days = 14, perDay = (i: number) => ({ inbound: i, outboundHuman: i, outboundAutomated: 1 })): TDashboardStats {
  return {
    timeZone: 'America/Chicago',
    days: Array.from({ length: days }, (_, i) => ({
      day: `2026-11-${String(15 + i).padStart(2, '0')}`,
      conversations: i,
      firstResponse: times(),
      ...perDay(i),
    })),
  };
}

export function reminder(over: Partial<TReminder> = {}): TReminder {
  return {
    '@id': '/api/reminders/1',
    '@type': 'Reminder',
    id: 1,
    customerId: null,
    customerName: null,
    text: 'Call back Pat about the brakes',
    dueAt: '2099-01-01T10:00:00Z',
    doneAt: null,
    createdAt: '2026-11-28T10:00:00Z',
    ...over,
  };
}
