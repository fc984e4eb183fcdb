import { CRON_JOB_MESSAGES, type TCronJob, type TCronRun } from '@cd/contracts/cron-jobs';
import type { TRequestContext } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { setJobEnabled } from '../../jobs/cron-runs';
import { missedSlotsOf, recurringKindOf, startManualRun, zoneOf, type TRecurringJob } from '../../jobs/recurring';
import { AppError } from '../../lib/errors';
import { cronPatternOf, runReport } from '../reports/reports.api';
import * as repo from './cron-jobs.repository';
import type { TRecurringReportRow, TRunPageAsk, TRunRow } from './cron-jobs.repository';
import { publishCronRun } from './cron-jobs.live';
import { jobIri, toCronRun } from './cron-run-resource';
import { describeSchedule } from './schedule-text';

/** Scheduled jobs (issue 20, docs/scheduled-jobs.md): the registry of recurring work, super admins only. */

export const CRON_RUNS_PAGE = 30;
const SYSTEM = { companyId: null, system: true } as const;
const REPORT_PREFIX = 'report:';
export const REPORT_TOGGLE_MESSAGE = 'A recurring report runs while it exists; change or delete it on the Reports screen.';

export type TCronRegistry = readonly TRecurringJob[];

function requireSuperAdmin(ctx: TRequestContext): void {
  if (!ctx.actor.isSuperAdmin) throw new AppError('forbidden', 'Only a super admin may manage scheduled jobs.');
}

export { toCronRun } from './cron-run-resource';

function systemJobOf(job: TRecurringJob, extra: { enabled: boolean; nextRunAt: Date | null; lastRun: TRunRow | null }): TCronJob {
  const timeZone = zoneOf(job);
  return {
    '@id': jobIri(job.name),
    '@type': 'CronJob',
    name: job.name,
    kind: 'system',
    description: job.description,
    cron: job.cron,
    timeZone,
    scheduleText: describeSchedule({ cron: job.cron, timeZone }),
    enabled: extra.enabled,
    missedSlots: missedSlotsOf(job),
    companyId: null,
    companyName: null,
    // A disabled job keeps its slot planned (it is recorded skipped when it comes): none of it will run.
    nextRunAt: extra.enabled ? (extra.nextRunAt?.toISOString() ?? null) : null,
    lastRun: extra.lastRun ? toCronRun(extra.lastRun) : null,
  };
}

function reportJobOf(r: TRecurringReportRow): TCronJob {
  const cron = cronPatternOf(r.schedule);
  const name = `${REPORT_PREFIX}${r.id}`;
  const recipients = `${r.recipients} recipient${r.recipients === 1 ? '' : 's'}`;
  return {
    '@id': jobIri(name),
    '@type': 'CronJob',
    name,
    kind: 'report',
    description: `Recurring report ${r.kind.replaceAll('_', ' ')}${r.period ? ` (${r.period.replaceAll('_', ' ')})` : ''}, mailed to ${recipients}.`,
    cron,
    timeZone: r.timeZone,
    scheduleText: describeSchedule({ cron, timeZone: r.timeZone }),
    enabled: true,
    // The sweeper makes one child for the slots missed while no process ran (reports-planning.ts).
    missedSlots: 'catch_up',
    companyId: r.companyId,
    companyName: r.companyName,
    nextRunAt: r.nextRunAt?.toISOString() ?? null,
    lastRun: r.lastRun ? toCronRun(r.lastRun) : null,
  };
}

/** `report:{id}` → the report id; undefined for anything else. */
function reportIdOf(name: string): number | undefined {
  if (!name.startsWith(REPORT_PREFIX)) return undefined;
  const rest = name.slice(REPORT_PREFIX.length);
  return /^[1-9]\d{0,15}$/.test(rest) && Number.isSafeInteger(Number(rest)) ? Number(rest) : -1;
}

function findSystemJob(jobs: TCronRegistry, name: string): TRecurringJob {
  const job = jobs.find((j) => j.name === name);
  if (!job) throw new AppError('not_found', CRON_JOB_MESSAGES.notFound);
  return job;
}

async function mustFindReport(tx: TTx, id: number): Promise<TRecurringReportRow> {
  const report = id > 0 ? await repo.findRecurringReport(tx, id) : undefined;
  if (!report) throw new AppError('not_found', CRON_JOB_MESSAGES.notFound);
  return report;
}

async function systemJobsOf(tx: TTx, jobs: readonly TRecurringJob[]): Promise<TCronJob[]> {
  const names = jobs.map((j) => j.name);
  const [lastRuns, flags, slots] = [
    await repo.listLastRuns(tx, names),
    await repo.listEnabledFlags(tx, names),
    await repo.listNextSlots(tx, names.map(recurringKindOf)),
  ];
  return jobs.map((job) =>
    systemJobOf(job, {
      enabled: flags.get(job.name) ?? true,
      nextRunAt: slots.get(recurringKindOf(job.name)) ?? null,
      lastRun: lastRuns.get(job.name) ?? null,
    }),
  );
}

/** GET /api/cron_jobs: the registry's jobs (registry order), then every recurring report by company. */
export async function listCronJobs(opts: { ctx: TRequestContext; jobs: TCronRegistry }): Promise<TCronJob[]> {
  requireSuperAdmin(opts.ctx);
  return runInScope(opts.ctx.db, SYSTEM, async (tx) => [...(await systemJobsOf(tx, opts.jobs)), ...(await repo.listRecurringReports(tx)).map(reportJobOf)]);
}

export async function getCronJob(opts: { ctx: TRequestContext; jobs: TCronRegistry; name: string }): Promise<TCronJob> {
  requireSuperAdmin(opts.ctx);
  const reportId = reportIdOf(opts.name);
  return runInScope(opts.ctx.db, SYSTEM, async (tx) => {
    if (reportId !== undefined) return reportJobOf(await mustFindReport(tx, reportId));
    const [job] = await systemJobsOf(tx, [findSystemJob(opts.jobs, opts.name)]);
    return job!;
  });
}

/** PATCH {enabled}: a registry job's switch. A recurring report has none (422): it is changed on the Reports screen. */
export async function patchCronJob(opts: { ctx: TRequestContext; jobs: TCronRegistry; name: string; enabled: boolean }): Promise<TCronJob> {
  requireSuperAdmin(opts.ctx);
  const reportId = reportIdOf(opts.name);
  if (reportId !== undefined) {
    await runInScope(opts.ctx.db, SYSTEM, (tx) => mustFindReport(tx, reportId));
    throw new AppError('validation_failed', REPORT_TOGGLE_MESSAGE, [{ propertyPath: 'enabled', message: REPORT_TOGGLE_MESSAGE }]);
  }
  const job = findSystemJob(opts.jobs, opts.name);
  await runInScope(opts.ctx.db, SYSTEM, (tx) => setJobEnabled(tx, { job: job.name, enabled: opts.enabled, userId: opts.ctx.actor.realUser.id }));
  return getCronJob(opts);
}

/** POST /run: a run now (202 with it); 409 while a run of the job is going on, or while it is disabled. */
export async function runCronJob(opts: { ctx: TRequestContext; jobs: TCronRegistry; name: string }): Promise<TCronRun> {
  const { ctx } = opts;
  requireSuperAdmin(ctx);
  const reportId = reportIdOf(opts.name);
  if (reportId !== undefined) {
    const report = await runInScope(ctx.db, SYSTEM, (tx) => mustFindReport(tx, reportId));
    if (report.lastRun?.outcome === 'running') throw new AppError('conflict', CRON_JOB_MESSAGES.alreadyRunning);
    // The reports module's own run-now, acting in the report's company (super admins may act in any).
    const child = await runReport({ ctx: { ...ctx, actor: { ...ctx.actor, companyId: report.companyId } }, id: report.id });
    const runs = await runInScope(ctx.db, SYSTEM, (tx) => repo.listReportRuns(tx, { companyId: report.companyId, reportId: report.id, ask: { limit: 1 } }));
    const run = runs.find((r) => r.id === child.id);
    if (!run) throw new AppError('conflict', CRON_JOB_MESSAGES.alreadyRunning);
    return toCronRun(run);
  }
  const job = findSystemJob(opts.jobs, opts.name);
  const started = await startManualRun({ db: ctx.db, job, userId: ctx.actor.realUser.id });
  if (!started.ok) throw new AppError('conflict', started.reason === 'running' ? CRON_JOB_MESSAGES.alreadyRunning : CRON_JOB_MESSAGES.disabled);
  ctx.jobs.wake();
  // Other super admins' screens hear of the run at once (its end comes from the worker's run listener).
  await publishCronRun(ctx, started.run.id);
  const run = await runInScope(ctx.db, SYSTEM, (tx) => repo.findJobRun(tx, started.run.id));
  return toCronRun(run!);
}

export interface TRunPage {
  member: TCronRun[];
  full: boolean;
  last: { at: Date; id: number } | null;
}

/** GET /runs: keyset pages of 30, newest first. */
export async function listCronRuns(opts: { ctx: TRequestContext; jobs: TCronRegistry; name: string; before?: Date; idLt?: number }): Promise<TRunPage> {
  requireSuperAdmin(opts.ctx);
  const ask: TRunPageAsk = { limit: CRON_RUNS_PAGE, before: opts.before, idLt: opts.idLt };
  const reportId = reportIdOf(opts.name);
  const rows = await runInScope(opts.ctx.db, SYSTEM, async (tx) => {
    if (reportId === undefined) return repo.listJobRuns(tx, { job: findSystemJob(opts.jobs, opts.name).name, ask });
    const report = await mustFindReport(tx, reportId);
    return repo.listReportRuns(tx, { companyId: report.companyId, reportId: report.id, ask });
  });
  const last = rows.at(-1);
  return { member: rows.map(toCronRun), full: rows.length === ask.limit, last: last ? { at: last.startedAt, id: last.id } : null };
}
