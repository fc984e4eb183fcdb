import { z } from 'zod';

export interface TSurveyQuestion {
  id: string;
  question: string;
  answerType: 'choice' | 'text';
  answers: string[];
}

export const SEND_AT_HOURS = Array.from({ length: 24 }, (_, h) => h);
export const DEFAULT_SEND_AT_HOUR = 9;

/** Ids only need to be unique within the company's settings; crypto.randomUUID is missing on plain-http hosts. */
export function newQuestionId(now: number = Date.now(), random: () => number = Math.random): string {
  return `q-${now.toString(36)}-${Math.floor(random() * 36 ** 6).toString(36)}`;
}

export function newQuestion(): TSurveyQuestion {
  return { id: newQuestionId(), question: '', answerType: 'choice', answers: [''] };
}

/** Moves the item at `from` by `delta` places; out-of-range moves leave the list as it is. */
export function moveItem<T>(list: readonly T[], from: number, delta: number): T[] {
  const to = from + delta;
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** What is saved: trimmed texts, no blank answers, and free-text questions carry no answers. */
export function cleanQuestions(list: readonly TSurveyQuestion[]): TSurveyQuestion[] {
  return list.map((q) => ({
    id: q.id,
    question: q.question.trim(),
    answerType: q.answerType,
    answers: q.answerType === 'choice' ? q.answers.map((a) => a.trim()).filter((a) => a !== '') : [],
  }));
}

/** Errors keyed `${listName}.${index}.question|answers` (catalogue keys as messages). */
export function validateQuestions(listName: string, list: readonly TSurveyQuestion[]): Record<string, string> {
  const errors: Record<string, string> = {};
  cleanQuestions(list).forEach((q, i) => {
    if (!q.question) errors[`${listName}.${i}.question`] = 'survey_question_required';
    if (q.answerType === 'choice' && q.answers.length === 0) errors[`${listName}.${i}.answers`] = 'survey_answers_required';
  });
  return errors;
}

const emailSchema = z.email();

/**
 * Typed text for the notification e-mail chips: split on commas, semicolons and spaces; valid new addresses are
 * added (lower-cased, no duplicates), invalid ones are returned to stay in the input.
 */
export function addEmails(current: readonly string[], input: string): { emails: string[]; invalid: string[] } {
  const emails = [...current];
  const invalid: string[] = [];
  for (const part of input.split(/[\s,;]+/)) {
    const email = part.trim().toLowerCase();
    if (!email) continue;
    if (!emailSchema.safeParse(email).success) invalid.push(part.trim());
    else if (!emails.includes(email)) emails.push(email);
  }
  return { emails, invalid };
}
