import { describe, expect, it } from 'vitest';
import { SURVEY_COMMENT_MAX, SURVEY_TEXT_ANSWER_MAX, ZPublicSurveyAnswerSchema } from '@cd/contracts/survey';
import { ApiError } from '../../../lib/api-client';
import {
  EMPTY_SURVEY_FORM,
  hasSurveyErrors,
  reviewLinksOf,
  surveyAnswerBodyOf,
  surveyQuestionsOf,
  surveySendErrorOf,
  surveyTextOf,
  validateSurveyForm,
} from './survey-page';

const page = {
  positiveQuestions: [
    { id: 'p1', question: 'What did you like most?', answerType: 'choice' as const, answers: ['Speed', 'Price', 'Staff'] },
    { id: 'p2', question: 'Anything to improve?', answerType: 'text' as const, answers: [] },
  ],
  negativeQuestions: [{ id: 'n1', question: 'What went wrong?', answerType: 'choice' as const, answers: ['Waiting time', 'Price'] }],
};

describe('survey page questions', () => {
  it('shows none before the choice, then only the chosen branch', () => {
    expect(surveyQuestionsOf({ page, answer: null })).toEqual([]);
    expect(surveyQuestionsOf({ page, answer: true }).map((q) => q.id)).toEqual(['p1', 'p2']);
    expect(surveyQuestionsOf({ page, answer: false }).map((q) => q.id)).toEqual(['n1']);
  });
});

describe('survey answer body', () => {
  it('needs the positive/negative choice, nothing else', () => {
    expect(surveyAnswerBodyOf({ page, form: EMPTY_SURVEY_FORM })).toBeNull();
    expect(validateSurveyForm({ page, form: EMPTY_SURVEY_FORM }).choice).toBe('survey_page_choose_first');
    expect(surveyAnswerBodyOf({ page, form: { ...EMPTY_SURVEY_FORM, answer: false } })).toEqual({ action: 'answer', answer: false, answers: [] });
  });

  it('keeps only the chosen branch, answered questions and offered choices, trimmed', () => {
    const form = {
      answer: true,
      // n1 was answered before the customer switched to positive; p2 is blank; a stale choice is not offered.
      answers: { p1: ' Staff ', p2: '   ', n1: 'Price' },
      comment: '  Great work!  ',
    };
    const body = surveyAnswerBodyOf({ page, form });
    expect(body).toEqual({ action: 'answer', answer: true, answers: [{ questionId: 'p1', answer: 'Staff' }], comment: 'Great work!' });
    expect(ZPublicSurveyAnswerSchema.parse(body)).toEqual(body);
    expect(surveyAnswerBodyOf({ page, form: { ...form, answers: { p1: 'Something else' } } })).toEqual({
      action: 'answer',
      answer: true,
      answers: [],
      comment: 'Great work!',
    });
  });

  it('switching branch sends the other branch’s answers', () => {
    const form = { answer: false, answers: { p1: 'Speed', n1: 'Waiting time' }, comment: '' };
    expect(surveyAnswerBodyOf({ page, form })).toEqual({ action: 'answer', answer: false, answers: [{ questionId: 'n1', answer: 'Waiting time' }] });
  });

  it('refuses a comment or a text answer over the limits', () => {
    const long = { answer: true, answers: {}, comment: 'x'.repeat(SURVEY_COMMENT_MAX + 1) };
    expect(validateSurveyForm({ page, form: long }).comment).toBe('survey_page_comment_too_long');
    expect(surveyAnswerBodyOf({ page, form: long })).toBeNull();
    const atLimit = { ...long, comment: `  ${'x'.repeat(SURVEY_COMMENT_MAX)}  ` };
    expect(hasSurveyErrors(validateSurveyForm({ page, form: atLimit }))).toBe(false);

    const text = { answer: true, answers: { p2: 'y'.repeat(SURVEY_TEXT_ANSWER_MAX + 1) }, comment: '' };
    expect(validateSurveyForm({ page, form: text }).answers).toEqual({ p2: 'survey_page_answer_too_long' });
    expect(surveyAnswerBodyOf({ page, form: text })).toBeNull();
    // The same text on the other branch does not block (it is not sent).
    expect(hasSurveyErrors(validateSurveyForm({ page, form: { ...text, answer: false } }))).toBe(false);
  });
});

describe('survey page texts and links', () => {
  it('uses the company wording unless blank', () => {
    expect(surveyTextOf({ custom: 'How did we do?', fallbackKey: 'k' })).toEqual({ text: 'How did we do?' });
    expect(surveyTextOf({ custom: '  ', fallbackKey: 'k' })).toEqual({ key: 'k' });
    expect(surveyTextOf({ custom: null, fallbackKey: 'k' })).toEqual({ key: 'k' });
  });

  it('offers only http(s) review links, in site order', () => {
    const links = reviewLinksOf({
      reviewLinks: [
        { site: 'facebook', url: 'https://facebook.com/acme/reviews' },
        { site: 'yelp', url: 'javascript:alert(1)' },
        { site: 'google', url: ' https://g.page/r/acme/review ' },
      ],
    });
    expect(links).toEqual([
      { site: 'google', url: 'https://g.page/r/acme/review' },
      { site: 'facebook', url: 'https://facebook.com/acme/reviews' },
    ]);
    expect(reviewLinksOf({ reviewLinks: [] })).toEqual([]);
  });
});

describe('survey send errors', () => {
  it('reads 409 as answered, 410 as expired, 422 as invalid, the rest as retry', () => {
    expect(surveySendErrorOf(new ApiError(409, { detail: 'survey_already_answered' }, 'x'))).toBe('already_answered');
    expect(surveySendErrorOf(new ApiError(410, null, 'x'))).toBe('link_expired');
    expect(surveySendErrorOf(new ApiError(422, { violations: [] }, 'x'))).toBe('survey_page_invalid');
    expect(surveySendErrorOf(new ApiError(0, null, 'network_error'))).toBe('survey_page_send_failed');
    expect(surveySendErrorOf(new ApiError(500, null, 'x'))).toBe('survey_page_send_failed');
    expect(surveySendErrorOf(new TypeError('fetch failed'))).toBe('survey_page_send_failed');
  });
});
