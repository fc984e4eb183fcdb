import { CHANNELS } from '@cd/contracts/customer';
import { rangeOfReportPeriod } from '@cd/contracts/report-periods';
import { REPORT_MESSAGES, type TReport, type TReportCreate, type TReportData, type TReportListQuery } from '@cd/contracts/reports';
import { weekStartsOnOf } from '@cd/contracts/survey-dates';
import type { TAppDeps, TRequestContext } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { AppError, validationError, type TViolation } from '../../lib/errors';
import type { TListTotal } from '../../lib/hydra';
import { deleteStoredFile } from '../../lib/storage';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { hasSurveys, loadReportCompany, reportCompanyOf, type TReportCompany } from './reports.access';
import { reportFileName } from './report-format';
import type { TReportFileFormat } from './report-links';
import { verifyReportDownload } from './report-links';
import { XLSX_MIME } from './report-xlsx';
import { readReportFile } from './reports-generate';
import { planChild, queueGeneration } from './reports-planning';
import { reportEvent, toReportResource } from './reports.presenter';
import * as repo from './reports.repository';
import { nextReportSlot } from './reports-schedule';
import type { TPageAsk, TReportRow } from './reports.schema';

/** Reports CRUD, run now and downloads (spec part 2 §1–§4, §9). docs/reports.md. */

export const REPORTS_PAGE = 30;
/** `pagination=false` answers at most this many. */
export const REPORTS_UNPAGED_MAX = 500;
export const REPORT_BUSY = 'The report is being generated.';
export const REPORT_SLOT_TAKEN = 'The report was just run; try again in a moment.';

export interface TPage<T> {
  member: T[];
  total: TListTotal | null;
  full: boolean;
  last: { at: Date; id: number } | null;
}

async function inCompany<T>(ctx: TRequestContext, fn: (tx: TTx, companyId: number) => Promise<T>): Promise<T> {
  const companyId = reportCompanyOf(ctx);
  return runInScope(ctx.db, { companyId }, (tx) => fn(tx, companyId));
}

async function mustFind(tx: TTx, opts: { companyId: number; id: number; forUpdate?: boolean }): Promise<TReportRow> {
  const row = await repo.findReport(tx, opts);
  if (!row) throw new AppError('not_found', REPORT_MESSAGES.notFound);
  return row;
}

function pageAskOf(query: TReportListQuery): TPageAsk {
  if (query.pagination === 'false') return { paginated: false, limit: REPORTS_UNPAGED_MAX };
  const before = query['createdAt[strictly_before]'];
  return { paginated: true, limit: query.itemsPerPage ?? REPORTS_PAGE, before: before ? new Date(before) : undefined, idLt: query['id[lt]'] };
}

export async function listReports(opts: { ctx: TRequestContext; query: TReportListQuery }): Promise<TPage<TReport>> {
  const ask = pageAskOf(opts.query);
  return inCompany(opts.ctx, async (tx, companyId) => {
    const filter = { companyId, type: opts.query.type, parentId: opts.query.parent };
    const rows = await repo.listReports(tx, { ...filter, ask });
    const total = ask.paginated && !ask.before ? await repo.countReports(tx, filter) : null;
    const lastRow = rows.at(-1);
    return {
      member: rows.map(toReportResource),
      total,
      full: ask.paginated && rows.length === ask.limit,
      last: lastRow ? { at: lastRow.createdAt, id: lastRow.id } : null,
    };
  });
}

export async function getReport(opts: { ctx: TRequestContext; id: number }): Promise<TReport> {
  return inCompany(opts.ctx, async (tx, companyId) => toReportResource(await mustFind(tx, { companyId, id: opts.id })));
}

export async function getReportData(opts: { ctx: TRequestContext; id: number }): Promise<TReportData> {
  return inCompany(opts.ctx, async (tx, companyId) => {
    const row = await mustFind(tx, { companyId, id: opts.id });
    const metrics = row.status === 'ready' ? await repo.findReportMetrics(tx, { companyId, id: row.id }) : null;
    if (!metrics) throw new AppError('conflict', REPORT_MESSAGES.notReady);
    return { report: toReportResource(row), metrics };
  });
}

/** What the schema cannot know: the kind needs the company's surveys, filters name the company's agents and real channels. */
async function companyViolations(tx: TTx, opts: { companyId: number; company: TReportCompany; body: TReportCreate }): Promise<TViolation[]> {
  const { body } = opts;
  const violations: TViolation[] = [];
  if (body.kind === 'survey_results' && !hasSurveys(opts.company)) violations.push({ propertyPath: 'kind', message: REPORT_MESSAGES.surveysModuleOff });
  const userIds = body.filters?.userIds ?? [];
  if (new Set(userIds).size !== userIds.length) violations.push({ propertyPath: 'filters.userIds', message: 'Agents must differ.' });
  const known = new Set(await repo.existingUserIds(tx, { companyId: opts.companyId, ids: userIds }));
  userIds.forEach((id, i) => {
    if (!known.has(id)) violations.push({ propertyPath: `filters.userIds[${i}]`, message: 'No such user in this company.' });
  });
  (body.filters?.channels ?? []).forEach((c, i) => {
    if (!(CHANNELS as readonly string[]).includes(c))
      violations.push({ propertyPath: `filters.channels[${i}]`, message: `Expected one of: ${CHANNELS.join(', ')}.` });
  });
  return violations;
}

export async function createReport(opts: { ctx: TRequestContext; body: TReportCreate; now?: Date }): Promise<TReport> {
  const { ctx, body } = opts;
  const now = opts.now ?? new Date();
  const companyId = reportCompanyOf(ctx);
  const row = await runWithLiveEvents({
    deps: ctx,
    scope: { companyId },
    fn: async (tx, emit) => {
      const company = await loadReportCompany(tx, companyId);
      const violations = await companyViolations(tx, { companyId, company, body });
      if (violations.length) throw validationError(violations);
      const recurring = body.type === 'recurring';
      const range = recurring
        ? null
        : body.period
          ? rangeOfReportPeriod({ period: body.period, now, timeZone: company.timeZone, weekStartsOn: weekStartsOnOf(company.country) })
          : { from: body.from!, to: body.to! };
      const id = (await repo.insertReport(tx, {
        companyId,
        type: body.type,
        kind: body.kind,
        status: recurring ? 'active' : 'pending',
        period: body.period ?? null,
        schedule: body.schedule ?? null,
        recipients: body.recipients,
        filters: { userIds: body.filters?.userIds ?? [], channels: body.filters?.channels ?? [] },
        fromDay: range?.from ?? null,
        toDay: range?.to ?? null,
        timeZone: company.timeZone,
        nextRunAt: recurring ? nextReportSlot({ schedule: body.schedule!, timeZone: company.timeZone, after: now }) : null,
        createdById: ctx.actor.user.id,
      }))!;
      if (!recurring) await queueGeneration(tx, { companyId, reportId: id });
      const created = await mustFind(tx, { companyId, id });
      emit([reportEvent(created, 'created')]);
      return created;
    },
  });
  if (row.type === 'one_time') ctx.jobs.wake();
  return toReportResource(row);
}

/**
 * DELETE: the report and its files. A recurring report's schedule stops with it; the reports it already generated
 * stay (they are what was mailed) and lose their `parent`.
 */
export async function deleteReport(opts: { ctx: TRequestContext; id: number }): Promise<void> {
  const companyId = reportCompanyOf(opts.ctx);
  const row = await runWithLiveEvents({
    deps: opts.ctx,
    scope: { companyId },
    fn: async (tx, emit) => {
      const found = await mustFind(tx, { companyId, id: opts.id, forUpdate: true });
      await repo.deleteReport(tx, { companyId, id: opts.id });
      emit([reportEvent(found, 'removed')]);
      return found;
    },
  });
  for (const key of [row.pdfKey, row.xlsxKey]) if (key) await deleteStoredFile({ config: opts.ctx.config, key });
}

/**
 * POST /run: a recurring report generates a child now (its period as of now, mailed like a scheduled one); a one-time
 * report that is ready or failed is generated again. A generated child is run through its recurring report.
 */
export async function runReport(opts: { ctx: TRequestContext; id: number; now?: Date }): Promise<TReport> {
  const { ctx } = opts;
  const now = opts.now ?? new Date();
  const companyId = reportCompanyOf(ctx);
  const row = await runWithLiveEvents({
    deps: ctx,
    scope: { companyId },
    fn: async (tx, emit) => {
      const found = await mustFind(tx, { companyId, id: opts.id, forUpdate: true });
      if (found.type === 'recurring_generated') throw new AppError('conflict', REPORT_MESSAGES.generatedCannotRun);
      if (found.type === 'recurring') {
        const company = await loadReportCompany(tx, companyId);
        // A super admin from the scheduled-jobs screen belongs to no company: the reference would point nowhere.
        const createdById = ctx.actor.user.companyId === companyId ? ctx.actor.user.id : null;
        const childId = await planChild(tx, { parent: found, slot: now, timeZone: company.timeZone, country: company.country, createdById });
        if (childId === undefined) throw new AppError('conflict', REPORT_SLOT_TAKEN);
        const child = await mustFind(tx, { companyId, id: childId });
        emit([reportEvent(child, 'created')]);
        return child;
      }
      if (found.status === 'pending' || found.status === 'generating') throw new AppError('conflict', REPORT_BUSY);
      await repo.resetForGeneration(tx, { companyId, id: found.id });
      await queueGeneration(tx, { companyId, reportId: found.id });
      const reset = await mustFind(tx, { companyId, id: found.id });
      emit([reportEvent(reset, 'updated')]);
      return reset;
    },
  });
  ctx.jobs.wake();
  return toReportResource(row);
}

export interface TReportFile {
  body: Buffer;
  filename: string;
  contentType: string;
}

const CONTENT_TYPES: Record<TReportFileFormat, string> = { pdf: 'application/pdf', xlsx: XLSX_MIME };

async function fileOf(deps: Pick<TAppDeps, 'config'>, row: TReportRow, format: TReportFileFormat): Promise<TReportFile | null> {
  const key = format === 'pdf' ? row.pdfKey : row.xlsxKey;
  if (row.status !== 'ready' || !key || !row.fromDay || !row.toDay) return null;
  const body = await readReportFile({ deps, key });
  return body ? { body, filename: reportFileName({ reportId: row.id, from: row.fromDay, to: row.toDay }, format), contentType: CONTENT_TYPES[format] } : null;
}

/** GET /api/reports/{id}/pdf | xlsx (signed in). */
export async function getReportFile(opts: { ctx: TRequestContext; id: number; format: TReportFileFormat }): Promise<TReportFile> {
  const row = await inCompany(opts.ctx, (tx, companyId) => mustFind(tx, { companyId, id: opts.id }));
  const file = await fileOf(opts.ctx, row, opts.format);
  if (!file) throw new AppError('conflict', REPORT_MESSAGES.notReady);
  return file;
}

/** The mailed link: the signature and expiry are the permission; a deleted or regenerating report is 404. */
export async function getSignedReportFile(opts: {
  deps: Pick<TAppDeps, 'config' | 'db'>;
  companyId: number;
  reportId: number;
  format: TReportFileFormat;
  expires: unknown;
  sig: unknown;
  now?: Date;
}): Promise<TReportFile> {
  const check = verifyReportDownload({ config: opts.deps.config, ...opts });
  if (!check.ok)
    throw new AppError(check.reason === 'expired' ? 'gone' : 'forbidden', check.reason === 'expired' ? 'This link has expired.' : 'This link is not valid.');
  const row = await runInScope(opts.deps.db, { companyId: opts.companyId }, (tx) => repo.findReport(tx, { companyId: opts.companyId, id: opts.reportId }));
  const file = row ? await fileOf(opts.deps, row, opts.format) : null;
  if (!file) throw new AppError('not_found', REPORT_MESSAGES.notFound);
  return file;
}
