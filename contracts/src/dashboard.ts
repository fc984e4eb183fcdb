import { z } from 'zod';
import { ZDayMetricsSchema, ZUsageMetricsSchema } from './analytics';
import { ZReminderSchema } from './reminders';

/** The company admin's day at a glance (issue 19; spec part 1 §2 /dashboard, part 2 §7 dashboard, dashboard/stats). */

export const ZUnreadBacklogSchema = z.array(
  z.object({ userId: z.number().int().nullable(), name: z.string(), unread: z.number().int(), oldestUnreadAt: z.string().nullable() }),
);

/** GET /api/dashboard: today so far against the whole same weekday last week, the unread backlog per agent, own reminders. */
export const ZDashboardSchema = z.object({
  today: ZUsageMetricsSchema,
  sameDayLastWeek: ZUsageMetricsSchema,
  unreadBacklog: ZUnreadBacklogSchema,
  /** The signed-in user's open reminders, soonest due first. */
  reminders: z.array(ZReminderSchema),
});
export type TDashboard = z.infer<typeof ZDashboardSchema>;

export const DASHBOARD_STATS_DAYS = 14;

/** GET /api/dashboard/stats: the last DASHBOARD_STATS_DAYS local days, for the charts. */
export const ZDashboardStatsSchema = z.object({ timeZone: z.string(), days: z.array(ZDayMetricsSchema) });
export type TDashboardStats = z.infer<typeof ZDashboardStatsSchema>;
