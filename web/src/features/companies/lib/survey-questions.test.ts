import { describe, expect, it } from 'vitest';
import { addEmails, cleanQuestions, moveItem, newQuestion, newQuestionId, validateQuestions, type TSurveyQuestion } from './survey-questions';

const q = (over: Partial<TSurveyQuestion>): TSurveyQuestion => ({ id: 'q1', question: 'How was it?', answerType: 'choice', answers: ['Good'], ...over });

describe('survey questions', () => {
  it('makes short unique-looking ids and blank choice questions', () => {
    expect(newQuestionId(0, () => 0)).toBe('q-0-0');
    expect(newQuestionId().length).toBeLessThanOrEqual(64);
    expect(newQuestion()).toMatchObject({ question: '', answerType: 'choice', answers: [''] });
  });

  it('moves items within bounds only', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, -2)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });

  it('cleans texts, drops blank answers and the answers of text questions', () => {
    expect(cleanQuestions([q({ question: ' Why? ', answers: [' Slow ', ' ', ''] }), q({ id: 'q2', answerType: 'text', answers: ['x'] })])).toEqual([
      { id: 'q1', question: 'Why?', answerType: 'choice', answers: ['Slow'] },
      { id: 'q2', question: 'How was it?', answerType: 'text', answers: [] },
    ]);
  });

  it('requires a question text, and answers for a choice', () => {
    expect(validateQuestions('neg', [q({ question: '  ' }), q({ answers: [' '] }), q({ answerType: 'text', answers: [] })])).toEqual({
      'neg.0.question': 'survey_question_required',
      'neg.1.answers': 'survey_answers_required',
    });
  });
});

describe('addEmails', () => {
  it('adds valid addresses once, keeps invalid ones for the input', () => {
    expect(addEmails(['a@x.com'], 'B@x.com, a@x.com;bad  c@y.org')).toEqual({ emails: ['a@x.com', 'b@x.com', 'c@y.org'], invalid: ['bad'] });
    expect(addEmails([], '   ')).toEqual({ emails: [], invalid: [] });
  });
});
