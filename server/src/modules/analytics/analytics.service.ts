import {
  ANALYTICS_MESSAGES,
  type TAgentMetrics,
  type TAnalyticsQuery,
  type TDayMetrics,
  type TResponseStats,
  type TResponseTargetStats,
  type TResponseTargets,
  type TResponseTimes,
  type TUsageMetrics,
} from '@cd/contracts/analytics';
import { daysBetween, instantsOfLocalDay, rangeOfReportPeriod } from '@cd/contracts/report-periods';
import { weekStartsOnOf } from '@cd/contracts/survey-dates';
import type { TAppDeps, TRequestContext } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { requireArea } from '../../lib/require-area';
import { resolveReadableCompanyId } from '../../tenant-scope';
import type { TCompanyWeek } from '../appointments/appointments.api';
import { findCompany, type TCompanyRow } from '../companies/companies.api';
import * as modulesRepo from './analytics-modules.repository';
import { ensureDaysComputed, type TRollupCompany } from './analytics-rollup.service';
import { aggregateTargets, type TTargetRow } from './analytics-targets.repository';
import * as repo from './analytics.repository';
import { emptyCounters, type TCounters } from './metric-definitions';

/** The usage metrics of a range (docs/metrics.md), read from the daily rollups; what reports and the dashboard call. */

export type TAnalyticsDeps = Pick<TAppDeps, 'db'>;

function statsOf(c: TCounters, prefix: 'resp' | 'first', kind: 'wall' | 'biz'): TResponseStats {
  const count = c[`${prefix}_count`];
  const totalSeconds = c[`${prefix}_${kind}_ms`] / 1000;
  return {
    count,
    totalSeconds,
    avgSeconds: count ? totalSeconds / count : null,
    under5: c[`${prefix}_${kind}_b1`],
    from5to15: c[`${prefix}_${kind}_b2`],
    over15: c[`${prefix}_${kind}_b3`],
  };
}
const timesOf = (c: TCounters, prefix: 'resp' | 'first'): TResponseTimes => ({ wall: statsOf(c, prefix, 'wall'), business: statsOf(c, prefix, 'biz') });

function add(into: TCounters, row: TCounters): TCounters {
  for (const k of Object.keys(into) as (keyof TCounters)[]) into[k] += row[k];
  return into;
}

function rollupCompanyOf(company: TCompanyRow): TRollupCompany {
  return { id: company.id, timezone: company.timezone, hours: company.hours as TCompanyWeek };
}

async function loadCompany(tx: TTx, companyId: number): Promise<TCompanyRow> {
  const company = await findCompany(tx, companyId);
  if (!company) throw new AppError('not_found', 'Company not found.');
  return company;
}

/** Conversations: the company's, or with an agent filter those the chosen agents handled (docs/metrics.md "Filters"). */
function conversationsOf(c: TCounters, filtered: boolean) {
  return filtered
    ? { inboundStarted: c.handled_inbound, outboundStarted: c.handled_outbound }
    : { inboundStarted: c.conv_inbound, outboundStarted: c.conv_outbound };
}

function dayMetricsOf(day: string, c: TCounters, filtered: boolean): TDayMetrics {
  const conv = conversationsOf(c, filtered);
  return {
    day,
    inbound: c.inbound,
    outboundHuman: c.outbound_human,
    outboundAutomated: c.outbound_automated,
    conversations: conv.inboundStarted + conv.outboundStarted,
    firstResponse: timesOf(c, 'first'),
  };
}

function targetStatsOf(r: TTargetRow | undefined): TResponseTargetStats {
  if (!r) return { waits: 0, warned: 0, breached: 0, metTarget: 0, withinTargetShare: null };
  return { waits: r.waits, warned: r.warned, breached: r.breached, metTarget: r.met, withinTargetShare: r.decided ? r.met / r.decided : null };
}

function responseTargetsOf(rows: TTargetRow[], names: Map<number, string>): TResponseTargets {
  return {
    ...targetStatsOf(rows.find((r) => r.level === 'total')),
    perAgent: rows
      .filter((r) => r.level === 'agent')
      // The web names the unowned row in the reader's language.
      .map((r) => ({ userId: r.userId, name: r.userId === null ? '' : (names.get(r.userId) ?? `#${r.userId}`), ...targetStatsOf(r) }))
      .sort((a, b) => (a.userId === null ? 1 : b.userId === null ? -1 : a.name.localeCompare(b.name) || a.userId - b.userId)),
    perChannel: rows
      .filter((r) => r.level === 'channel')
      .map((r) => ({ channel: r.channel, ...targetStatsOf(r) }))
      .sort((a, b) => a.channel.localeCompare(b.channel)),
  };
}

/** Usage metrics of a company over [from, to] (local days, inclusive) in the caller's transaction and scope. */
export async function computeUsageMetricsInTx(
  tx: TTx,
  opts: { companyId: number; from: string; to: string; userIds?: number[]; channels?: string[]; now?: Date },
): Promise<TUsageMetrics> {
  const now = opts.now ?? new Date();
  const userIds = [...new Set(opts.userIds ?? [])];
  const channels = [...new Set(opts.channels ?? [])];
  const company = await loadCompany(tx, opts.companyId);
  await ensureDaysComputed(tx, { company: rollupCompanyOf(company), from: opts.from, to: opts.to, now });
  const rows = await repo.aggregateRollups(tx, { companyId: company.id, from: opts.from, to: opts.to, userIds, channels });
  const filtered = userIds.length > 0;

  const total = emptyCounters();
  const perChannel = new Map<string, TCounters>();
  const perAgent = new Map<number, TCounters>();
  const perDay = new Map<string, TCounters>();
  for (const r of rows) {
    if (r.day !== null) {
      perDay.set(r.day, r);
      continue;
    }
    add(total, r);
    add(perChannel.get(r.channel!) ?? perChannel.set(r.channel!, emptyCounters()).get(r.channel!)!, r);
    if (r.userId) add(perAgent.get(r.userId) ?? perAgent.set(r.userId, emptyCounters()).get(r.userId)!, r);
  }
  const { start } = instantsOfLocalDay({ day: opts.from, timeZone: company.timezone });
  const { end } = instantsOfLocalDay({ day: opts.to, timeZone: company.timezone });
  const targets = await aggregateTargets(tx, { companyId: company.id, start, end, now, userIds, channels });
  const owners = targets.flatMap((r) => (r.level === 'agent' && r.userId !== null ? [r.userId] : []));
  // One name look-up for the agents of both the rollups and the targets.
  const names = await repo.listUserNames(tx, { companyId: company.id, ids: [...new Set([...perAgent.keys(), ...owners])] });
  const range = { companyId: company.id, start, end };
  const modules = company.modules ?? {};
  const paymentsOn = (company.payment as { enabled?: boolean; provider?: string | null } | null)?.enabled === true;

  const perAgentList: TAgentMetrics[] = [...perAgent.entries()]
    .map(([userId, c]) => ({
      userId,
      name: names.get(userId) ?? `#${userId}`,
      messagesOut: c.outbound_human,
      conversationsHandled: c.handled_inbound + c.handled_outbound,
      firstResponse: timesOf(c, 'first'),
      response: timesOf(c, 'resp'),
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.userId - b.userId);

  return {
    timeZone: company.timezone,
    from: opts.from,
    to: opts.to,
    generatedAt: now.toISOString(),
    filters: { userIds, channels },
    conversations: conversationsOf(total, filtered),
    messages: { inbound: total.inbound, outboundHuman: total.outbound_human, outboundAutomated: total.outbound_automated },
    perChannel: [...perChannel.entries()]
      .filter(([channel, c]) => channel !== '' || c.inbound + c.outbound_human + c.outbound_automated > 0)
      .map(([channel, c]) => ({ channel, inbound: c.inbound, outboundHuman: c.outbound_human, outboundAutomated: c.outbound_automated }))
      .sort((a, b) => a.channel.localeCompare(b.channel)),
    perAgent: perAgentList,
    perDay: daysBetween({ from: opts.from, to: opts.to }).map((day) => dayMetricsOf(day, perDay.get(day) ?? emptyCounters(), filtered)),
    firstResponse: timesOf(total, 'first'),
    response: timesOf(total, 'resp'),
    optOuts: total.opt_outs,
    surveys: modules.automotive ? await modulesRepo.surveyFigures(tx, range) : null,
    appointments: modules.appointments ? await modulesRepo.appointmentFigures(tx, range) : null,
    repairOrders: modules.automotive ? await modulesRepo.repairOrderFigures(tx, range) : null,
    payments: paymentsOn ? await modulesRepo.paymentFigures(tx, range) : null,
    responseTargets: responseTargetsOf(targets, names),
  };
}

/** Usage metrics of a company over [from, to] (local days, inclusive). Reports and the dashboard call this. */
export async function computeUsageMetrics(opts: {
  deps: TAnalyticsDeps;
  companyId: number;
  from: string;
  to: string;
  userIds?: number[];
  channels?: string[];
  now?: Date;
}): Promise<TUsageMetrics> {
  const { deps, ...rest } = opts;
  return runInScope(deps.db, { companyId: opts.companyId }, (tx) => computeUsageMetricsInTx(tx, rest));
}

/** The per-day figures of [from, to] alone (the dashboard's charts). */
export async function computeDaySeries(opts: { deps: TAnalyticsDeps; companyId: number; from: string; to: string; now?: Date }): Promise<TDayMetrics[]> {
  const now = opts.now ?? new Date();
  return runInScope(opts.deps.db, { companyId: opts.companyId }, async (tx) => {
    const company = await loadCompany(tx, opts.companyId);
    await ensureDaysComputed(tx, { company: rollupCompanyOf(company), from: opts.from, to: opts.to, now });
    const rows = await repo.aggregateRollups(tx, { companyId: company.id, from: opts.from, to: opts.to, userIds: [], channels: [] });
    const perDay = new Map(rows.filter((r) => r.day !== null).map((r) => [r.day!, r as TCounters]));
    return daysBetween({ from: opts.from, to: opts.to }).map((day) => dayMetricsOf(day, perDay.get(day) ?? emptyCounters(), false));
  });
}

/** Company admins (super admins count as admins of the company they work in); everyone else 403. */
export function analyticsCompanyOf(ctx: TRequestContext): number {
  requireArea({ ctx, area: 'dashboard', message: ANALYTICS_MESSAGES.forbidden });
  return resolveReadableCompanyId({ ctx });
}

/** GET /api/analytics: a period resolves in the company's time zone and week start, a range is taken as given. */
export async function getAnalytics(opts: { ctx: TRequestContext; query: TAnalyticsQuery; now?: Date }): Promise<TUsageMetrics> {
  const companyId = analyticsCompanyOf(opts.ctx);
  const now = opts.now ?? new Date();
  return runInScope(opts.ctx.db, { companyId }, async (tx) => {
    const company = await loadCompany(tx, companyId);
    const range = opts.query.period
      ? rangeOfReportPeriod({ period: opts.query.period, now, timeZone: company.timezone, weekStartsOn: weekStartsOnOf(company.country) })
      : { from: opts.query.from!, to: opts.query.to! };
    return computeUsageMetricsInTx(tx, { companyId, ...range, userIds: opts.query['userId[]'], channels: opts.query['channel[]'], now });
  });
}
