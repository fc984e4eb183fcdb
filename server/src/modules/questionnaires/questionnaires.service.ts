import {
  QUESTIONNAIRE_LIMITS,
  QUESTIONNAIRE_MESSAGES,
  type TQuestion,
  type TQuestionInput,
  type TQuestionnaire,
  type TQuestionnaireCreate,
  type TQuestionnaireListQuery,
  type TQuestionnairePatch,
} from '@cd/contracts/questionnaires';
import type { TRequestContext } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import type { TListTotal } from '../../lib/hydra';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { loadQuestionnaireCompany, questionnaireCompanyOf } from './questionnaires.access';
import { questionnaireEvent, toQuestionnaireResource } from './questionnaires.presenter';
import * as repo from './questionnaires.repository';
import type { TPageAsk, TQuestionnaireRow } from './questionnaires.schema';

/** The questionnaire builder's CRUD and archive (spec part 1 §7 generic entity calls). docs/questionnaires.md. */

const DEFAULT_PAGE = 30;

export interface TPage<T> {
  member: T[];
  total: TListTotal | null;
  full: boolean;
  last: { at: Date; id: number } | null;
}

/**
 * Questions as stored: each keeps its id when it has one (answers refer to it), a new one gets the next free `qN`;
 * options only on choice questions; `required` false unless set.
 */
export function normaliseQuestions(input: TQuestionInput[]): TQuestion[] {
  const taken = new Set(input.map((q) => q.id).filter((id): id is string => id !== undefined));
  let next = 1;
  const freshId = () => {
    while (taken.has(`q${next}`)) next++;
    taken.add(`q${next}`);
    return `q${next}`;
  };
  return input.map((q) => ({
    id: q.id ?? freshId(),
    text: q.text,
    kind: q.kind,
    options: q.kind === 'choice' ? (q.options ?? []) : [],
    required: q.required ?? false,
  }));
}

function pageAskOf(query: TQuestionnaireListQuery): TPageAsk {
  if (query.pagination === 'false') return { paginated: false, limit: QUESTIONNAIRE_LIMITS.unpagedMax };
  const before = query['createdAt[strictly_before]'];
  return {
    paginated: true,
    limit: Math.min(query.itemsPerPage ?? DEFAULT_PAGE, QUESTIONNAIRE_LIMITS.listMax),
    before: before ? new Date(before) : undefined,
    idLt: query['id[lt]'],
  };
}

/** Role, then the module (403 either way), then the work in the company's scope. */
async function inCompany<T>(ctx: TRequestContext, fn: (tx: TTx, companyId: number) => Promise<T>): Promise<T> {
  const companyId = questionnaireCompanyOf(ctx);
  return runInScope(ctx.db, { companyId }, async (tx) => {
    await loadQuestionnaireCompany(tx, companyId);
    return fn(tx, companyId);
  });
}

async function mustFind(tx: TTx, opts: { companyId: number; id: number; forUpdate?: boolean }): Promise<TQuestionnaireRow> {
  const row = await repo.findQuestionnaire(tx, opts);
  if (!row) throw new AppError('not_found', QUESTIONNAIRE_MESSAGES.notFound);
  return row;
}

export async function listQuestionnaires(opts: { ctx: TRequestContext; query: TQuestionnaireListQuery }): Promise<TPage<TQuestionnaire>> {
  const { query } = opts;
  const ask = pageAskOf(query);
  return inCompany(opts.ctx, async (tx, companyId) => {
    const filter = { companyId, archived: query.archived ?? false, name: query.name || undefined };
    const rows = await repo.listQuestionnaires(tx, { ...filter, ask });
    const firstPage = ask.paginated && !ask.before;
    const total = firstPage ? await repo.countQuestionnaires(tx, filter) : null;
    const lastRow = rows.at(-1);
    return {
      member: rows.map(toQuestionnaireResource),
      total,
      full: ask.paginated && rows.length === ask.limit,
      last: lastRow ? { at: lastRow.createdAt, id: lastRow.id } : null,
    };
  });
}

export async function getQuestionnaire(opts: { ctx: TRequestContext; id: number }): Promise<TQuestionnaire> {
  return inCompany(opts.ctx, async (tx, companyId) => toQuestionnaireResource(await mustFind(tx, { companyId, id: opts.id })));
}

/** Writes run with live events: the builder of a colleague refreshes. */
async function write(ctx: TRequestContext, fn: (tx: TTx, companyId: number) => Promise<{ row: TQuestionnaireRow; event: 'created' | 'updated' | 'removed' }>) {
  const companyId = questionnaireCompanyOf(ctx);
  return runWithLiveEvents({
    deps: ctx,
    scope: { companyId },
    fn: async (tx, emit) => {
      await loadQuestionnaireCompany(tx, companyId);
      const { row, event } = await fn(tx, companyId);
      emit([questionnaireEvent(row, event)]);
      return row;
    },
  });
}

export async function createQuestionnaire(opts: { ctx: TRequestContext; body: TQuestionnaireCreate }): Promise<TQuestionnaire> {
  const row = await write(opts.ctx, async (tx, companyId) => {
    const id = await repo.insertQuestionnaire(tx, { companyId, name: opts.body.name, questions: normaliseQuestions(opts.body.questions) });
    return { row: await mustFind(tx, { companyId, id }), event: 'created' };
  });
  return toQuestionnaireResource(row);
}

/** PUT (whole) and PATCH (merge-patch: `questions`, when given, replaces the list). Archived ones can be edited too. */
export async function changeQuestionnaire(opts: { ctx: TRequestContext; id: number; body: TQuestionnairePatch }): Promise<TQuestionnaire> {
  const row = await write(opts.ctx, async (tx, companyId) => {
    await mustFind(tx, { companyId, id: opts.id, forUpdate: true });
    await repo.updateQuestionnaire(tx, {
      companyId,
      id: opts.id,
      name: opts.body.name,
      questions: opts.body.questions ? normaliseQuestions(opts.body.questions) : undefined,
    });
    return { row: await mustFind(tx, { companyId, id: opts.id }), event: 'updated' };
  });
  return toQuestionnaireResource(row);
}

/** PUT /archive and /unarchive: idempotent. An archived questionnaire cannot be sent; its sent links still work. */
export async function setQuestionnaireArchived(opts: { ctx: TRequestContext; id: number; archived: boolean }): Promise<TQuestionnaire> {
  const row = await write(opts.ctx, async (tx, companyId) => {
    const found = await mustFind(tx, { companyId, id: opts.id, forUpdate: true });
    if ((found.archivedAt !== null) === opts.archived) return { row: found, event: 'updated' };
    await repo.updateQuestionnaire(tx, { companyId, id: opts.id, archivedAt: opts.archived ? new Date() : null });
    return { row: await mustFind(tx, { companyId, id: opts.id }), event: 'updated' };
  });
  return toQuestionnaireResource(row);
}

/** DELETE: only a questionnaire never sent (answers are the customer's record); otherwise archive it (409). */
export async function deleteQuestionnaire(opts: { ctx: TRequestContext; id: number }): Promise<void> {
  try {
    await write(opts.ctx, async (tx, companyId) => {
      const found = await mustFind(tx, { companyId, id: opts.id, forUpdate: true });
      if (found.sentCount > 0) throw new AppError('conflict', QUESTIONNAIRE_IN_USE);
      await repo.deleteQuestionnaire(tx, { companyId, id: opts.id });
      return { row: found, event: 'removed' };
    });
  } catch (err) {
    // A send that committed between the check and the delete.
    if (isForeignKeyViolation(err)) throw new AppError('conflict', QUESTIONNAIRE_IN_USE);
    throw err;
  }
}

export const QUESTIONNAIRE_IN_USE = 'This questionnaire was sent: archive it instead of deleting it.';
