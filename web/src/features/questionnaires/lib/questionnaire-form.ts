import { QUESTIONNAIRE_LIMITS, type TQuestion, type TQuestionKind, type TQuestionnaire, type TQuestionnaireCreate } from '@cd/contracts/questionnaires';

/**
 * The builder's form: questions as edited (options one per line while typing), turned into the API body on save.
 * `key` is the editor's own row key (stable while reordering); `id` is the server's question id, kept on edits so
 * answers already given still point at their question.
 */
export interface TQuestionDraft {
  key: string;
  id?: string;
  text: string;
  kind: TQuestionKind;
  options: string[];
  required: boolean;
}

export interface TQuestionnaireDraft {
  name: string;
  questions: TQuestionDraft[];
}

let nextKey = 0;
const freshKey = () => `draft-${++nextKey}`;

export function newQuestionDraft(kind: TQuestionKind = 'text'): TQuestionDraft {
  return { key: freshKey(), text: '', kind, options: kind === 'choice' ? ['', ''] : [], required: false };
}

export function draftOf(questionnaire?: TQuestionnaire): TQuestionnaireDraft {
  if (!questionnaire) return { name: '', questions: [newQuestionDraft()] };
  return {
    name: questionnaire.name,
    questions: questionnaire.questions.map((q: TQuestion) => ({
      key: freshKey(),
      id: q.id,
      text: q.text,
      kind: q.kind,
      options: [...q.options],
      required: q.required,
    })),
  };
}

/** A question's kind changed: a choice starts with two empty options, the others have none. */
export function withKind(q: TQuestionDraft, kind: TQuestionKind): TQuestionDraft {
  if (kind === q.kind) return q;
  return { ...q, kind, options: kind === 'choice' ? (q.options.length >= 2 ? q.options : ['', '']) : [] };
}

/** Moves the question at `from` one place up (-1) or down (+1); out of range leaves the list as it is. */
export function moveQuestion(list: TQuestionDraft[], from: number, by: -1 | 1): TQuestionDraft[] {
  const to = from + by;
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return list;
  const next = [...list];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/** Problems shown before anything is sent (catalogue keys), by field path: `name`, `questions`, `q.{key}.text`, `q.{key}.options`. */
export function validateDraft(draft: TQuestionnaireDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!draft.name.trim()) errors.name = 'questionnaires_required';
  if (draft.questions.length === 0) errors.questions = 'questionnaires_need_question';
  if (draft.questions.length > QUESTIONNAIRE_LIMITS.questions) errors.questions = 'questionnaires_too_many';
  for (const q of draft.questions) {
    if (!q.text.trim()) errors[`q.${q.key}.text`] = 'questionnaires_required';
    if (q.kind === 'choice') {
      const options = q.options.map((o) => o.trim()).filter(Boolean);
      if (options.length < 2) errors[`q.${q.key}.options`] = 'questionnaires_need_options';
      else if (new Set(options.map((o) => o.toLowerCase())).size !== options.length) errors[`q.${q.key}.options`] = 'questionnaires_duplicate_option';
    }
  }
  return errors;
}

/** The API body: trimmed, blank options dropped, options only on choice questions. */
export function bodyOf(draft: TQuestionnaireDraft): TQuestionnaireCreate {
  return {
    name: draft.name.trim(),
    questions: draft.questions.map((q) => ({
      ...(q.id ? { id: q.id } : {}),
      text: q.text.trim(),
      kind: q.kind,
      ...(q.kind === 'choice' ? { options: q.options.map((o) => o.trim()).filter(Boolean) } : {}),
      required: q.required,
    })),
  };
}

/** A server violation path (`questions.2.options`) → the form's path for the same row (`q.{key}.options`). */
export function fieldOfViolation(draft: TQuestionnaireDraft, propertyPath: string): string {
  const m = /^questions\.(\d+)(?:\.(\w+))?/.exec(propertyPath);
  if (!m) return propertyPath || 'name';
  const q = draft.questions[Number(m[1])];
  if (!q) return 'questions';
  return `q.${q.key}.${m[2] === 'options' ? 'options' : 'text'}`;
}
