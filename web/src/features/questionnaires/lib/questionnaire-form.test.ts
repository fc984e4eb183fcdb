import { describe, expect, it } from 'vitest';
import type { TQuestionnaire } from '@cd/contracts/questionnaires';
import { bodyOf, draftOf, fieldOfViolation, moveQuestion, newQuestionDraft, validateDraft, withKind } from './questionnaire-form';
import { emptyAnswers, parseNumberAnswer, submitBodyOf, validateAnswers } from './answer-form';

const saved: TQuestionnaire = {
  '@id': '/api/questionnaires/1',
  '@type': 'Questionnaire',
  id: 1,
  name: 'Buyer intake',
  questions: [
    { id: 'q1', text: 'Bedrooms?', kind: 'number', options: [], required: true },
    { id: 'q2', text: 'Area?', kind: 'choice', options: ['North', 'South'], required: false },
    { id: 'q3', text: 'Pre-approved?', kind: 'yes_no', options: [], required: false },
  ],
  archived: false,
  archivedAt: null,
  sentCount: 0,
  answeredCount: 0,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

describe('questionnaire builder form', () => {
  it('round-trips a saved questionnaire, keeping question ids and dropping blank options', () => {
    const draft = draftOf(saved);
    draft.questions[1]!.options.push('  ');
    expect(bodyOf(draft)).toEqual({
      name: 'Buyer intake',
      questions: [
        { id: 'q1', text: 'Bedrooms?', kind: 'number', required: true },
        { id: 'q2', text: 'Area?', kind: 'choice', options: ['North', 'South'], required: false },
        { id: 'q3', text: 'Pre-approved?', kind: 'yes_no', required: false },
      ],
    });
  });

  it('reorders within bounds only', () => {
    const list = draftOf(saved).questions;
    expect(moveQuestion(list, 0, 1).map((q) => q.id)).toEqual(['q2', 'q1', 'q3']);
    expect(moveQuestion(list, 0, -1)).toBe(list);
    expect(moveQuestion(list, 2, 1)).toBe(list);
  });

  it('gives a choice two options and takes them from the others', () => {
    const q = newQuestionDraft();
    expect(withKind(q, 'choice').options).toEqual(['', '']);
    expect(withKind(withKind(q, 'choice'), 'yes_no').options).toEqual([]);
  });

  it('flags a blank name, blank questions and choices without two distinct options', () => {
    const draft = draftOf();
    const choice = withKind(newQuestionDraft(), 'choice');
    choice.text = 'Pick';
    choice.options = ['A', 'a'];
    draft.questions.push(choice);
    const errors = validateDraft(draft);
    expect(errors.name).toBe('questionnaires_required');
    expect(errors[`q.${draft.questions[0]!.key}.text`]).toBe('questionnaires_required');
    expect(errors[`q.${choice.key}.options`]).toBe('questionnaires_duplicate_option');
    expect(validateDraft({ name: 'X', questions: [] }).questions).toBe('questionnaires_need_question');
  });

  it('maps server violation paths onto the rows', () => {
    const draft = draftOf(saved);
    expect(fieldOfViolation(draft, 'questions.1.options')).toBe(`q.${draft.questions[1]!.key}.options`);
    expect(fieldOfViolation(draft, 'questions.0.text')).toBe(`q.${draft.questions[0]!.key}.text`);
    expect(fieldOfViolation(draft, 'name')).toBe('name');
    expect(fieldOfViolation(draft, 'questions.9')).toBe('questions');
  });
});

describe('public answer form', () => {
  const questions = saved.questions;
  it('requires required answers and real numbers', () => {
    const draft = emptyAnswers(questions);
    expect(validateAnswers(questions, draft)).toEqual({ q1: 'questionnaire_page_required' });
    expect(validateAnswers(questions, { ...draft, q1: 'three' })).toEqual({ q1: 'questionnaire_page_number_invalid' });
    expect(validateAnswers(questions, { ...draft, q1: '3' })).toEqual({});
  });

  it('reads numbers as typed, with a comma or point, and refuses the rest', () => {
    expect(parseNumberAnswer(' 2,5 ')).toBe(2.5);
    expect(parseNumberAnswer('-4')).toBe(-4);
    for (const bad of ['', '1e5', '0x10', '1.2.3', 'Infinity', '9'.repeat(20)]) expect(parseNumberAnswer(bad)).toBeNull();
  });

  it('sends every question, skipped ones as null', () => {
    expect(submitBodyOf(questions, { q1: '3', q2: 'South', q3: null })).toEqual({
      answers: [
        { questionId: 'q1', value: 3 },
        { questionId: 'q2', value: 'South' },
        { questionId: 'q3', value: null },
      ],
    });
    expect(submitBodyOf(questions, { q1: '1', q2: '', q3: false }).answers.map((a) => a.value)).toEqual([1, null, false]);
  });
});
