import type { TPublicSurveyPage } from '@cd/contracts/customer-link';
import { REVIEW_SITES, SURVEY_COMMENT_MAX, SURVEY_TEXT_ANSWER_MAX, type TPublicSurveyAnswer, type TReviewSite } from '@cd/contracts/survey';
import { ApiError } from '../../../lib/api-client';

export type TSurveyQuestion = TPublicSurveyPage['positiveQuestions'][number];

/** What the customer has chosen and typed so far; answers keep every branch's values so switching back loses nothing. */
export interface TSurveyForm {
  answer: boolean | null;
  answers: Readonly<Record<string, string>>;
  comment: string;
}

export const EMPTY_SURVEY_FORM: TSurveyForm = { answer: null, answers: {}, comment: '' };

export interface TSurveyFormErrors {
  choice?: 'survey_page_choose_first';
  comment?: 'survey_page_comment_too_long';
  /** Per question id. */
  answers: Record<string, 'survey_page_answer_too_long'>;
}

/** The follow-up questions of the chosen branch (none before a choice). */
export function surveyQuestionsOf(options: {
  page: Pick<TPublicSurveyPage, 'positiveQuestions' | 'negativeQuestions'>;
  answer: boolean | null;
}): TSurveyQuestion[] {
  if (options.answer === null) return [];
  return options.answer ? options.page.positiveQuestions : options.page.negativeQuestions;
}

/** Empty errors: nothing to show. Questions are optional; only the positive/negative choice is required. */
export function validateSurveyForm(options: {
  page: Pick<TPublicSurveyPage, 'positiveQuestions' | 'negativeQuestions'>;
  form: TSurveyForm;
}): TSurveyFormErrors {
  const { page, form } = options;
  const errors: TSurveyFormErrors = { answers: {} };
  if (form.answer === null) errors.choice = 'survey_page_choose_first';
  if (form.comment.trim().length > SURVEY_COMMENT_MAX) errors.comment = 'survey_page_comment_too_long';
  for (const q of surveyQuestionsOf({ page, answer: form.answer }))
    if (q.answerType === 'text' && (form.answers[q.id] ?? '').trim().length > SURVEY_TEXT_ANSWER_MAX) errors.answers[q.id] = 'survey_page_answer_too_long';
  return errors;
}

export function hasSurveyErrors(errors: TSurveyFormErrors): boolean {
  return !!errors.choice || !!errors.comment || Object.keys(errors.answers).length > 0;
}

/**
 * The POST body from the form: only the chosen branch's questions, only answered ones (a choice must be one of the
 * offered answers), trimmed; no comment key when it is blank. null while the form is not valid.
 */
export function surveyAnswerBodyOf(options: {
  page: Pick<TPublicSurveyPage, 'positiveQuestions' | 'negativeQuestions'>;
  form: TSurveyForm;
}): TPublicSurveyAnswer | null {
  const { page, form } = options;
  if (form.answer === null || hasSurveyErrors(validateSurveyForm({ page, form }))) return null;
  const answers: { questionId: string; answer: string }[] = [];
  for (const q of surveyQuestionsOf({ page, answer: form.answer })) {
    const value = (form.answers[q.id] ?? '').trim();
    if (!value) continue;
    if (q.answerType === 'choice' && !q.answers.includes(value)) continue;
    answers.push({ questionId: q.id, answer: value });
  }
  const comment = form.comment.trim();
  return { action: 'answer', answer: form.answer, answers, ...(comment ? { comment } : {}) };
}

/** The review links worth showing: known sites, http(s) URLs only (a company setting must not run script), site order. */
export function reviewLinksOf(page: Pick<TPublicSurveyPage, 'reviewLinks'>): { site: TReviewSite; url: string }[] {
  return REVIEW_SITES.flatMap((site) => {
    const link = page.reviewLinks.find((l) => l.site === site);
    if (!link) return [];
    try {
      const url = new URL(link.url.trim());
      return url.protocol === 'https:' || url.protocol === 'http:' ? [{ site, url: url.href }] : [];
    } catch {
      return [];
    }
  });
}

/** The company's own wording when set (not blank), else the catalogue key of the page's default. */
export function surveyTextOf(options: { custom: string | null | undefined; fallbackKey: string }): { text: string } | { key: string } {
  const custom = options.custom?.trim();
  return custom ? { text: custom } : { key: options.fallbackKey };
}

export type TSurveySendError = 'already_answered' | 'link_expired' | 'survey_page_invalid' | 'survey_page_send_failed';

/** What a failed send means: 409 already answered (show the thanks), 410 expired, 422 rejected input, else retry. */
export function surveySendErrorOf(err: unknown): TSurveySendError {
  if (err instanceof ApiError) {
    // The only 409 of a survey link is survey_already_answered; any conflict means the answer is in.
    if (err.status === 409) return 'already_answered';
    if (err.status === 410 || err.status === 404) return 'link_expired';
    if (err.status === 400 || err.status === 422) return 'survey_page_invalid';
  }
  return 'survey_page_send_failed';
}

/** Brand names, the same in every language. */
export const REVIEW_SITE_NAMES: Readonly<Record<TReviewSite, string>> = { google: 'Google', yelp: 'Yelp', facebook: 'Facebook' };
