import { customerLinkStateOf, LINK_EXPIRED, LINK_NOT_FOUND } from '@cd/contracts/customer-link';
import {
  QUESTIONNAIRE_ANSWER_ERRORS,
  QUESTIONNAIRE_LIMITS,
  ZQuestionnaireSubmitSchema,
  type TAnswer,
  type TAnswerValue,
  type TPublicQuestionnairePage,
  type TQuestion,
} from '@cd/contracts/questionnaires';
import type { TAppDeps } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { AppError, validationError, violationsFromZod, type TViolation } from '../../lib/errors';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { findCompany } from '../companies/companies.api';
import { brandOfCompany, findLinkByCode, narrowToCompany, type TCustomerLinkRow, type TLinkPage } from '../customer-links/customer-links.api';
import { questionnaireResponseEvent } from './questionnaires.presenter';
import * as repo from './questionnaires.repository';
import type { TQuestionnaireResponseRow } from './questionnaires.schema';

/** The public page's answer when the questionnaire was already answered (the page shows its thanks). */
export const QUESTIONNAIRE_ALREADY_ANSWERED = 'questionnaire_already_answered';

/**
 * The questionnaire link's page behind `/r/{code}`: customer-links resolves the code (404 unknown, 410 expired or
 * revoked) and counts the open; the page names the company and the web page reads the questions from
 * /api/public/questionnaires/{code}.
 */
export const questionnaireLinkPage: TLinkPage = {
  read: async (tx, { deps, link }) => {
    const company = await findCompany(tx, link.companyId);
    if (!company) return null;
    return { purpose: 'questionnaire', company: await brandOfCompany(tx, { deps, company }) };
  },
};

/**
 * The response a code points at, in a system-scope transaction then narrowed to the link's company (row-level security
 * as for a signed-in user). Unknown code, another purpose, or the module switched off since: 404; expired or revoked
 * and not answered: 410 (an answered one still shows its thanks).
 */
async function resolve(tx: TTx, code: string): Promise<{ link: TCustomerLinkRow; response: TQuestionnaireResponseRow }> {
  const link = await findLinkByCode(tx, code);
  if (!link || link.purpose !== 'questionnaire' || link.entity !== 'questionnaire_response') throw new AppError('not_found', LINK_NOT_FOUND);
  await narrowToCompany(tx, link.companyId);
  const company = await findCompany(tx, link.companyId);
  const response = await repo.findResponse(tx, { companyId: link.companyId, id: link.entityId });
  if (!company || !company.modules?.questionnaire || !response) throw new AppError('not_found', LINK_NOT_FOUND);
  if (!response.answeredAt && customerLinkStateOf({ expiresAt: link.expiresAt, revokedAt: link.revokedAt, now: new Date() }) !== 'active')
    throw new AppError('gone', LINK_EXPIRED);
  return { link, response };
}

async function pageOf(tx: TTx, deps: TAppDeps, link: TCustomerLinkRow, response: TQuestionnaireResponseRow): Promise<TPublicQuestionnairePage> {
  const company = (await findCompany(tx, link.companyId))!;
  return {
    company: await brandOfCompany(tx, { deps, company }),
    name: response.questionnaireName,
    questions: response.questions,
    answeredAt: response.answeredAt ? response.answeredAt.toISOString() : null,
  };
}

export async function readPublicQuestionnaire(opts: { deps: TAppDeps; code: string }): Promise<TPublicQuestionnairePage> {
  return runInScope(opts.deps.db, { companyId: null, system: true }, async (tx) => {
    const { link, response } = await resolve(tx, opts.code);
    return pageOf(tx, opts.deps, link, response);
  });
}

/** One answer checked against its question; null when it fits (a skipped optional answer is null). */
function problemOf(q: TQuestion, value: TAnswerValue): string | null {
  const blank = value === null || (typeof value === 'string' && value.trim() === '');
  if (blank) return q.required ? QUESTIONNAIRE_ANSWER_ERRORS.required : null;
  switch (q.kind) {
    case 'text':
      return typeof value === 'string' && value.length <= QUESTIONNAIRE_LIMITS.answerText ? null : QUESTIONNAIRE_ANSWER_ERRORS.invalid;
    case 'choice':
      return typeof value === 'string' && q.options.includes(value) ? null : QUESTIONNAIRE_ANSWER_ERRORS.invalid;
    case 'yes_no':
      return typeof value === 'boolean' ? null : QUESTIONNAIRE_ANSWER_ERRORS.invalid;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= QUESTIONNAIRE_LIMITS.numberAbs
        ? null
        : QUESTIONNAIRE_ANSWER_ERRORS.invalid;
  }
}

/**
 * The answers as stored, in the questions' order with each question's text and kind as sent; 422 listing every
 * problem (`answers[questionId]`) when one does not fit its question, names an unknown question, or repeats one.
 */
export function checkAnswers(questions: TQuestion[], body: unknown): TAnswer[] {
  const parsed = ZQuestionnaireSubmitSchema.safeParse(body);
  if (!parsed.success) throw validationError(violationsFromZod(parsed.error));
  const given = new Map<string, TAnswerValue>();
  const violations: TViolation[] = [];
  const known = new Set(questions.map((q) => q.id));
  for (const a of parsed.data.answers) {
    if (!known.has(a.questionId) || given.has(a.questionId))
      violations.push({ propertyPath: `answers[${a.questionId}]`, message: QUESTIONNAIRE_ANSWER_ERRORS.unknownQuestion });
    else given.set(a.questionId, typeof a.value === 'string' ? a.value.trim() : a.value);
  }
  const answers: TAnswer[] = [];
  for (const q of questions) {
    const value = given.get(q.id) ?? null;
    const problem = problemOf(q, value);
    if (problem) violations.push({ propertyPath: `answers[${q.id}]`, message: problem });
    answers.push({ questionId: q.id, question: q.text, kind: q.kind, value: value === '' ? null : value });
  }
  if (violations.length) throw validationError(violations);
  return answers;
}

/**
 * POST /api/public/questionnaires/{code}/answers: stores the answers once. The write is conditional on no answer yet
 * (one statement), so of two submits racing exactly one is stored and the other answers 409.
 */
export async function submitPublicQuestionnaire(opts: { deps: TAppDeps; code: string; body: unknown }): Promise<TPublicQuestionnairePage> {
  const { deps } = opts;
  return runWithLiveEvents({
    deps,
    scope: { companyId: null, system: true },
    fn: async (tx, emit) => {
      const { link, response } = await resolve(tx, opts.code);
      if (response.answeredAt) throw new AppError('conflict', QUESTIONNAIRE_ALREADY_ANSWERED);
      const answers = checkAnswers(response.questions, opts.body);
      const now = new Date();
      const stored = await repo.answerResponse(tx, { companyId: link.companyId, id: response.id, answers, now });
      if (!stored) throw new AppError('conflict', QUESTIONNAIRE_ALREADY_ANSWERED);
      const answered = (await repo.findResponse(tx, { companyId: link.companyId, id: response.id }))!;
      emit([questionnaireResponseEvent(answered, 'updated', { publicUrl: deps.config.publicUrl })]);
      return pageOf(tx, deps, link, answered);
    },
  });
}
