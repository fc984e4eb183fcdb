import { parseSurveyFilterDate, SURVEYS_EXPORT_MAX, SURVEYS_PER_PAGE, type TSurvey, type TSurveyListQuery, type TSurveyStats } from '@cd/contracts/survey';
import type { TRequestContext } from '../../context';
import { runInScope } from '../../db/client';
import type { TListTotal } from '../../lib/hydra';
import { AppError } from '../../lib/errors';
import { requireArea } from '../../lib/require-area';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { resolveReadableCompanyId, resolveRecordScope } from '../../tenant-scope';
import { findCompany } from '../companies/companies.api';
import { lockTaskInTx } from '../tasks/tasks.api';
import { resolveSurveyInTx } from './surveys.follow-up';
import { toSurveyResource } from './surveys.presenter';
import * as read from './surveys-read.repository';
import * as repo from './surveys.repository';

const ADMINS_ONLY = 'Only a company admin may see the surveys.';

/** The dashboard is the company admins' (spec part 2 §6); the company is theirs, or the one a super admin works in. */
function requireAdminCompany(ctx: TRequestContext): number {
  requireArea({ ctx, area: 'surveys', message: ADMINS_ONLY });
  return resolveReadableCompanyId({ ctx });
}

async function timeZoneOf(ctx: TRequestContext, companyId: number): Promise<string> {
  const company = await runInScope(ctx.db, { companyId }, (tx) => findCompany(tx, companyId));
  if (!company) throw new AppError('not_found', 'Company not found.');
  return company.timezone;
}

function filterOf(opts: { companyId: number; query: TSurveyListQuery; timeZone: string }): read.TSurveyFilter {
  const { query: q, timeZone } = opts;
  const date = (v: string | undefined) => (v === undefined ? undefined : parseSurveyFilterDate({ value: v, timeZone }));
  return {
    companyId: opts.companyId,
    sentAfter: date(q['message.sentAt[after]']),
    sentBefore: date(q['message.sentAt[before]']),
    answered: q['exists[answer]'],
    answer: q.answer,
    withComment: q['exists[comment]'],
    resolved: q['exists[resolvedAt]'],
    customerId: q.customer,
  };
}

/** GET /api/surveys: one page, newest sent first (keyset), and on the first page the filtered total (capped). */
export async function listSurveys(opts: {
  ctx: TRequestContext;
  query: TSurveyListQuery;
  before?: Date;
  idLt?: number;
}): Promise<{ member: TSurvey[]; total: TListTotal | null; full: boolean; last: { at: Date; id: number } | null }> {
  const companyId = requireAdminCompany(opts.ctx);
  const filter = filterOf({ companyId, query: opts.query, timeZone: await timeZoneOf(opts.ctx, companyId) });
  const limit = opts.query.itemsPerPage ?? SURVEYS_PER_PAGE;
  return runInScope(opts.ctx.db, { companyId }, async (tx) => {
    const rows = await read.listSurveys(tx, { filter, before: opts.before, idLt: opts.idLt, limit });
    const total = opts.before ? null : await read.countSurveys(tx, { filter, exact: opts.query.exactTotal });
    const lastRow = rows.at(-1);
    return {
      member: rows.map(toSurveyResource),
      total,
      full: rows.length === limit,
      last: lastRow?.sentAt ? { at: lastRow.sentAt, id: lastRow.id } : null,
    };
  });
}

/** GET /api/surveys/{id}: company admins, and the order's advisor. */
export async function getSurvey(opts: { ctx: TRequestContext; id: number }): Promise<TSurvey> {
  const { scope, companyId } = resolveRecordScope({ ctx: opts.ctx });
  return runInScope(opts.ctx.db, scope, async (tx) => {
    const [row] = await read.findSurveysWithRefs(tx, { companyId, ids: [opts.id] });
    if (!row || (!opts.ctx.actor.isCompanyAdmin && row.advisorId !== opts.ctx.actor.user.id)) throw new AppError('not_found', 'Survey not found.');
    return toSurveyResource(row);
  });
}

const share = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000);

/** GET /api/surveys/stats?from&to over the surveys sent in [from, to). */
export async function surveyStats(opts: { ctx: TRequestContext; from: string; to: string }): Promise<TSurveyStats> {
  const companyId = requireAdminCompany(opts.ctx);
  const timeZone = await timeZoneOf(opts.ctx, companyId);
  const from = parseSurveyFilterDate({ value: opts.from, timeZone });
  const to = parseSurveyFilterDate({ value: opts.to, timeZone });
  if (!(from.getTime() < to.getTime())) throw new AppError('bad_request', 'survey_range_invalid');
  if (to.getTime() - from.getTime() > read.SURVEY_STATS_MAX_DAYS * 86_400_000) throw new AppError('bad_request', 'survey_range_too_long');
  const { totals: t, daily } = await runInScope(opts.ctx.db, { companyId }, (tx) => read.surveyStats(tx, { companyId, from, to, timeZone }));
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    sent: t.sent,
    completed: t.completed,
    pending: t.sent - t.completed,
    positive: t.positive,
    negative: t.negative,
    unresolved: t.unresolved,
    withComment: t.withComment,
    responseRate: share(t.completed, t.sent),
    positiveShare: share(t.positive, t.completed),
    score: t.completed === 0 ? null : Math.round(((t.positive - t.negative) / t.completed) * 1000) / 10,
    medianSecondsToAnswer: t.medianSeconds === null ? null : Math.round(t.medianSeconds),
    reviewClicks: { google: t.google, yelp: t.yelp, facebook: t.facebook },
    daily,
  };
}

const csvCell = (v: unknown): string => {
  let s = v === null || v === undefined ? '' : String(v);
  // A cell a spreadsheet would read as a formula is quoted as text (CSV injection).
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** GET /api/surveys/export.csv: the filtered list (newest first, at most SURVEYS_EXPORT_MAX rows) as CSV. */
export async function exportSurveysCsv(opts: { ctx: TRequestContext; query: TSurveyListQuery }): Promise<string> {
  const companyId = requireAdminCompany(opts.ctx);
  const filter = filterOf({ companyId, query: opts.query, timeZone: await timeZoneOf(opts.ctx, companyId) });
  const rows = await runInScope(opts.ctx.db, { companyId }, (tx) => read.listSurveys(tx, { filter, limit: SURVEYS_EXPORT_MAX }));
  const header = [
    'id',
    'sent_at',
    'customer',
    'phone',
    'repair_order',
    'advisor',
    'state',
    'answer',
    'answers',
    'comment',
    'answered_at',
    'resolved_at',
    'resolved_by',
    'resolution_note',
  ];
  const lines = [header.join(',')];
  for (const s of rows.map(toSurveyResource)) {
    lines.push(
      [
        s.id,
        s.message.sentAt,
        s.customer.name,
        s.customer.phone,
        s.repairOrder?.number,
        s.advisor?.name,
        s.state,
        s.answer === null ? '' : s.answer ? 'positive' : 'negative',
        s.answers.map((a) => `${a.question}: ${a.answer}`).join(' | '),
        s.comment,
        s.answeredAt,
        s.resolvedAt,
        s.resolvedBy?.name,
        s.resolutionNote,
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** PUT /api/surveys/{id}/resolve: a company admin, the order's advisor or the follow-up's assignee. */
export async function resolveSurvey(opts: { ctx: TRequestContext; id: number; note: string | null }): Promise<TSurvey> {
  const { ctx } = opts;
  const { scope, companyId } = resolveRecordScope({ ctx });
  return runWithLiveEvents({
    deps: ctx,
    scope,
    fn: async (tx, emit) => {
      const survey = await repo.findSurvey(tx, { companyId, id: opts.id, forUpdate: true });
      if (!survey) throw new AppError('not_found', 'Survey not found.');
      const me = ctx.actor.user.id;
      const task = survey.followUpTaskId === null ? undefined : await lockTaskInTx(tx, { companyId: survey.companyId, id: survey.followUpTaskId });
      const allowed = ctx.actor.isCompanyAdmin || survey.advisorId === me || task?.assigneeId === me;
      if (!allowed) throw new AppError('not_found', 'Survey not found.');
      return resolveSurveyInTx(tx, { survey, byUserId: me, note: opts.note, emit, closeTask: true });
    },
  });
}
