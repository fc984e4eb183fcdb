import { DASHBOARD_STATS_DAYS, type TDashboard, type TDashboardStats } from '@cd/contracts/dashboard';
import { localDayOf } from '@cd/contracts/survey-dates';
import type { TRequestContext } from '../../context';
import { runInScope } from '../../db/client';
import { AppError } from '../../lib/errors';
import { requireArea } from '../../lib/require-area';
import { resolveReadableCompanyId } from '../../tenant-scope';
import { computeDaySeries, computeUsageMetrics } from '../analytics/analytics.service';
import { findCompany } from '../companies/companies.api';
import { listOpenRemindersInTx } from '../reminders/reminders.api';
import { listUnreadBacklog, type TUnreadBacklogRow } from './dashboard.repository';

/** The company admin's day at a glance (docs/dashboard.md). Every figure comes from the analytics module (docs/metrics.md). */

export const DASHBOARD_MESSAGES = { forbidden: 'Only company admins see the dashboard.' } as const;
/** Reminders on the dashboard card; the full list is GET /api/reminders. */
export const DASHBOARD_REMINDERS = 20;
/** The name of the backlog row of customers nobody owns (the web shows its own words for `userId` null). */
const UNASSIGNED = 'Unassigned';
const DAY_MS = 86_400_000;

const shiftDay = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Company admins (and super admins working in the company); a plain agent is refused. */
async function adminCompanyOf(ctx: TRequestContext): Promise<{ companyId: number; timeZone: string }> {
  requireArea({ ctx, area: 'dashboard', message: DASHBOARD_MESSAGES.forbidden });
  const companyId = resolveReadableCompanyId({ ctx });
  const company = await runInScope(ctx.db, { companyId }, (tx) => findCompany(tx, companyId));
  if (!company) throw new AppError('not_found', 'Company not found.');
  return { companyId, timeZone: company.timezone };
}

function backlogNameOf(r: TUnreadBacklogRow): string {
  if (r.userId === null) return UNASSIGNED;
  return `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim() || r.email || `#${r.userId}`;
}

/** GET /api/dashboard: today so far (local day) against the whole same weekday last week, the backlog, own reminders. */
export async function getDashboard(opts: { ctx: TRequestContext; now?: Date }): Promise<TDashboard> {
  const { ctx } = opts;
  const now = opts.now ?? new Date();
  const { companyId, timeZone } = await adminCompanyOf(ctx);
  const today = localDayOf({ instant: now, timeZone });
  const lastWeek = shiftDay(today, -7);
  // One after the other: both may fill missing rollup days under the company's rollup lock.
  const todayMetrics = await computeUsageMetrics({ deps: ctx, companyId, from: today, to: today, now });
  const lastWeekMetrics = await computeUsageMetrics({ deps: ctx, companyId, from: lastWeek, to: lastWeek, now });
  const { backlog, reminders } = await runInScope(ctx.db, { companyId }, async (tx) => ({
    backlog: await listUnreadBacklog(tx, { companyId }),
    // A super admin working in the company has no reminders of it.
    reminders:
      ctx.actor.user.companyId === companyId ? await listOpenRemindersInTx(tx, { companyId, userId: ctx.actor.user.id, limit: DASHBOARD_REMINDERS }) : [],
  }));
  return {
    today: todayMetrics,
    sameDayLastWeek: lastWeekMetrics,
    unreadBacklog: backlog.map((r) => ({
      userId: r.userId,
      name: backlogNameOf(r),
      unread: r.unread,
      oldestUnreadAt: r.oldestUnreadAt?.toISOString() ?? null,
    })),
    reminders,
  };
}

/** GET /api/dashboard/stats: the last DASHBOARD_STATS_DAYS local days, today included, oldest first. */
export async function getDashboardStats(opts: { ctx: TRequestContext; now?: Date }): Promise<TDashboardStats> {
  const { ctx } = opts;
  const now = opts.now ?? new Date();
  const { companyId, timeZone } = await adminCompanyOf(ctx);
  const to = localDayOf({ instant: now, timeZone });
  const from = shiftDay(to, -(DASHBOARD_STATS_DAYS - 1));
  const days = await computeDaySeries({ deps: ctx, companyId, from, to, now });
  // The series answers every day of the range (a day without messages is zeros, not missing); the charts want them oldest first.
  return { timeZone, days: [...days].sort((x, y) => x.day.localeCompare(y.day)) };
}
