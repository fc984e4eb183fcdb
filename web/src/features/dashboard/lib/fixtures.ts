import type { TUsageMetrics } from '@cd/contracts/analytics';
import type { TDashboard, TDashboardStats } from '@cd/contracts/dashboard';
import type { TReminder } from '@cd/contracts/reminders';
import { responseTimes as times, usageMetrics } from '../../../lib/usage-metrics-fixtures';

/** Test data of the dashboard's endpoints. */
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
