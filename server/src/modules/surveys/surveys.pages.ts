import { type TPublicSurveyPage } from '@cd/contracts/customer-link';
import type { TCustomerView } from '@cd/contracts/company';
import {
  REVIEW_LINK_FIELDS,
  REVIEW_SITES,
  SURVEY_ALREADY_ANSWERED,
  SURVEY_NOT_ANSWERED,
  ZPublicSurveyAnswerSchema,
  type TSurveyQuestionAnswer,
} from '@cd/contracts/survey';
import type { TAppDeps } from '../../context';
import type { TTx } from '../../db/client';
import { AppError, validationError, violationsFromZod } from '../../lib/errors';
import type { TLiveEventInput } from '../../live/live.types';
import { findCompany, type TCompanyRow } from '../companies/companies.api';
import { brandOfCompany, type TCustomerLinkRow, type TLinkPage } from '../customer-links/customer-links.api';
import { findOrder } from '../repair-orders/repair-orders.api';
import { findVehiclesByIds } from '../vehicles/vehicles.api';
import { publishSurvey, surveySettingsOf } from './surveys.core';
import { followUpNegativeAnswer } from './surveys.follow-up';
import * as repo from './surveys.repository';
import type { TSurveyRow } from './surveys.schema';
import { cancelAutomatedMessages } from '../automations/automations.api';

type TQuestion = NonNullable<ReturnType<typeof surveySettingsOf>['positiveResponseQuestions']>[number];

const textOr = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null);

/** The survey a link points at (of the link's company and customer), or null: the page is then a 404. */
async function loadSurvey(tx: TTx, opts: { link: TCustomerLinkRow; forUpdate?: boolean }): Promise<{ survey: TSurveyRow; company: TCompanyRow } | null> {
  const { link } = opts;
  if (link.entity !== 'survey') return null;
  const survey = await repo.findSurvey(tx, { companyId: link.companyId, id: link.entityId, forUpdate: opts.forUpdate });
  if (!survey || survey.customerId !== link.customerId || survey.state === 'cancelled' || survey.state === 'planned') return null;
  const company = await findCompany(tx, survey.companyId);
  return company ? { survey, company } : null;
}

function reviewLinksOf(company: TCompanyRow): TPublicSurveyPage['reviewLinks'] {
  const view = (company.customerView ?? {}) as TCustomerView;
  return REVIEW_SITES.flatMap((site) => {
    const url = textOr(view[REVIEW_LINK_FIELDS[site]]);
    return url ? [{ site, url: /^https?:\/\//i.test(url) ? url : `https://${url}` }] : [];
  });
}

const publicQuestions = (qs: TQuestion[] | undefined) =>
  (qs ?? []).map((q) => ({ id: q.id, question: q.question, answerType: q.answerType, answers: q.answerType === 'choice' ? q.answers : [] }));

async function pageOf(tx: TTx, opts: { deps: TAppDeps; survey: TSurveyRow; company: TCompanyRow }): Promise<TPublicSurveyPage> {
  const { survey, company } = opts;
  const view = (company.customerView ?? {}) as TCustomerView;
  const settings = surveySettingsOf(company);
  const order = survey.repairOrderId === null ? undefined : await findOrder(tx, { companyId: company.id, id: survey.repairOrderId });
  const [vehicle] = order?.vehicleId ? await findVehiclesByIds(tx, { companyId: company.id, ids: [order.vehicleId] }) : [];
  return {
    purpose: 'survey',
    company: await brandOfCompany(tx, { deps: opts.deps, company }),
    repairOrder: order ? { number: order.number, vehicle: vehicle ? { make: vehicle.make, model: vehicle.model, year: vehicle.year } : null } : null,
    texts: {
      question: textOr(view.surveyQuestionText),
      sendButton: textOr(view.surveySendButtonText),
      afterPositive: textOr(view.surveyAfterPositiveResponseText),
      afterNegative: textOr(view.surveyAfterNegativeResponseText),
    },
    positiveQuestions: publicQuestions(settings.positiveResponseQuestions),
    negativeQuestions: publicQuestions(settings.negativeResponseQuestions),
    reviewLinks: reviewLinksOf(company),
    answeredAt: survey.answeredAt?.toISOString() ?? null,
    answer: survey.answer,
  };
}

/** The answers to the chosen branch's questions, checked against the company's questions (text as asked). */
function checkAnswers(opts: { questions: TQuestion[]; answers: { questionId: string; answer: string }[] }): TSurveyQuestionAnswer[] {
  const byId = new Map(opts.questions.map((q) => [q.id, q]));
  const seen = new Set<string>();
  const out: TSurveyQuestionAnswer[] = [];
  opts.answers.forEach((a, i) => {
    const q = byId.get(a.questionId);
    if (!q) throw validationError([{ propertyPath: `answers.${i}.questionId`, message: 'survey_unknown_question' }]);
    if (seen.has(q.id)) throw validationError([{ propertyPath: `answers.${i}.questionId`, message: 'survey_question_answered_twice' }]);
    seen.add(q.id);
    if (a.answer === '') return;
    if (q.answerType === 'choice' && !q.answers.includes(a.answer))
      throw validationError([{ propertyPath: `answers.${i}.answer`, message: 'survey_unknown_choice' }]);
    out.push({ questionId: q.id, question: q.question, answer: a.answer });
  });
  return out;
}

/**
 * The customer's answer, once (a second one, or a parallel one waiting on the row lock, is a 409 and changes
 * nothing), or the opening of a review link afterwards (first time per site recorded).
 */
async function answerSurvey(tx: TTx, opts: { deps: TAppDeps; link: TCustomerLinkRow; body: unknown; emit: (events: TLiveEventInput[]) => void }) {
  const parsed = ZPublicSurveyAnswerSchema.safeParse(opts.body);
  if (!parsed.success) throw validationError(violationsFromZod(parsed.error));
  const found = await loadSurvey(tx, { link: opts.link, forUpdate: true });
  if (!found) throw new AppError('not_found', 'link_not_found');
  const { company } = found;
  let survey = found.survey;
  const body = parsed.data;
  if (body.action === 'review_click') {
    if (survey.answeredAt === null) throw new AppError('conflict', SURVEY_NOT_ANSWERED);
    if (!reviewLinksOf(company).some((l) => l.site === body.site)) throw validationError([{ propertyPath: 'site', message: 'survey_review_site_not_offered' }]);
    const column = `${body.site}ClickedAt` as const;
    if (survey[column] === null) {
      survey = await repo.updateSurvey(tx, { companyId: survey.companyId, id: survey.id, values: { [column]: new Date() } });
      await publishSurvey(tx, { survey, event: 'updated', changes: ['reviewClicks'], emit: opts.emit });
    }
    return pageOf(tx, { deps: opts.deps, survey, company });
  }
  if (survey.answeredAt !== null) throw new AppError('conflict', SURVEY_ALREADY_ANSWERED);
  const settings = surveySettingsOf(company);
  const answers = checkAnswers({
    questions: (body.answer ? settings.positiveResponseQuestions : settings.negativeResponseQuestions) ?? [],
    answers: body.answers,
  });
  survey = await repo.updateSurvey(tx, {
    companyId: survey.companyId,
    id: survey.id,
    values: { state: 'completed', answer: body.answer, answers, comment: body.comment || null, answeredAt: new Date() },
  });
  await cancelAutomatedMessages(tx, { companyId: survey.companyId, entity: 'survey', entityId: survey.id, kinds: ['survey_resend'] });
  if (body.answer === false) survey = await followUpNegativeAnswer(tx, { company, survey, emit: opts.emit });
  await publishSurvey(tx, { survey, event: 'updated', changes: ['state', 'answer', 'answers', 'comment', 'answeredAt'], emit: opts.emit });
  return pageOf(tx, { deps: opts.deps, survey, company });
}

export const surveyLinkPage: TLinkPage = {
  read: async (tx, opts) => {
    const found = await loadSurvey(tx, { link: opts.link });
    return found ? pageOf(tx, { deps: opts.deps, ...found }) : null;
  },
  answer: answerSurvey,
};
