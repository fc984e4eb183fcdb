import { QUESTIONNAIRE_LIMITS, type TAnswerValue, type TQuestion, type TQuestionnaireSubmit } from '@cd/contracts/questionnaires';

/** The public page's answers as typed: text fields hold strings, yes/no a boolean or null (not answered yet). */
export type TAnswerDraft = Record<string, string | boolean | null>;

export function emptyAnswers(questions: TQuestion[]): TAnswerDraft {
  return Object.fromEntries(questions.map((q) => [q.id, q.kind === 'yes_no' ? null : '']));
}

/** A number as people type it: digits, one decimal point or comma, an optional minus. */
export function parseNumberAnswer(text: string): number | null {
  const t = text.trim().replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) && Math.abs(n) <= QUESTIONNAIRE_LIMITS.numberAbs ? n : null;
}

/** Per question, the catalogue key of its problem (required and not answered, or not a number). */
export function validateAnswers(questions: TQuestion[], draft: TAnswerDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const q of questions) {
    const v = draft[q.id];
    const blank = v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
    if (blank) {
      if (q.required) errors[q.id] = 'questionnaire_page_required';
      continue;
    }
    if (q.kind === 'number' && parseNumberAnswer(String(v)) === null) errors[q.id] = 'questionnaire_page_number_invalid';
    if (q.kind === 'text' && typeof v === 'string' && v.length > QUESTIONNAIRE_LIMITS.answerText) errors[q.id] = 'questionnaire_page_too_long';
  }
  return errors;
}

/** The body the server takes: every question, a skipped one as null. */
export function submitBodyOf(questions: TQuestion[], draft: TAnswerDraft): TQuestionnaireSubmit {
  return {
    answers: questions.map((q) => {
      const v = draft[q.id];
      let value: TAnswerValue = null;
      if (q.kind === 'yes_no') value = typeof v === 'boolean' ? v : null;
      else if (typeof v === 'string' && v.trim() !== '') value = q.kind === 'number' ? parseNumberAnswer(v) : v.trim();
      return { questionId: q.id, value };
    }),
  };
}
