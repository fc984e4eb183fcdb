import { z } from 'zod';
import { ZPublicBrandSchema } from './customer-link';
import { decimalIntOf, idRefOf } from './ids';
import { hasControlCharacter, ZBooleanQueryParamSchema } from './query';
import { ZIsoDateTimeSchema } from './refs';

/**
 * Questionnaires (issue 18; company module `questionnaire`): a named set of questions a company sends to a customer
 * or lead by link; the customer answers once on the public page and staff read the answers on the customer details.
 * Who: company admins and ROLE_REAL_ESTATE users, with the module on. docs/questionnaires.md.
 */

export const QUESTION_KINDS = ['text', 'choice', 'yes_no', 'number'] as const;
export const ZQuestionKindSchema = z.enum(QUESTION_KINDS);
export type TQuestionKind = z.infer<typeof ZQuestionKindSchema>;

export const QUESTIONNAIRE_LIMITS = {
  name: 200,
  questions: 50,
  questionText: 500,
  options: 20,
  optionText: 200,
  /** A text answer. */
  answerText: 2000,
  /** Number answers: finite, within ± this. */
  numberAbs: 1_000_000_000_000,
  listMax: 200,
  /** `pagination=false` answers at most this many (a picker's list). */
  unpagedMax: 500,
} as const;

export const QUESTIONNAIRE_MESSAGES = {
  moduleOff: 'The questionnaire module is not enabled for this company.',
  forbidden: 'You do not have access to questionnaires.',
  archived: 'This questionnaire is archived: unarchive it before sending.',
  optedOut: 'The customer opted out of messages.',
  alreadyAnswered: 'This questionnaire has already been answered.',
  notFound: 'Questionnaire not found.',
  choiceNeedsOptions: 'A choice question needs at least 2 options.',
  onlyChoiceHasOptions: 'Only a choice question has options.',
  duplicateOption: 'Options must differ.',
  duplicateQuestionId: 'Question ids must differ.',
} as const;

/** Public page answer errors (i18n keys the page shows). */
export const QUESTIONNAIRE_ANSWER_ERRORS = {
  required: 'questionnaire_answer_required',
  invalid: 'questionnaire_answer_invalid',
  unknownQuestion: 'questionnaire_answer_unknown_question',
} as const;

function textOf(opts: { min?: number; max: number }) {
  return z
    .string()
    .trim()
    .min(opts.min ?? 0, 'This value should not be blank.')
    .max(opts.max, `At most ${opts.max} characters.`)
    .refine((v) => !hasControlCharacter(v), 'This value holds a control character.');
}

/** Stable ids of questions (answers refer to them); the server gives one to a question without. */
export const ZQuestionIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'A question id is 1 to 40 letters, digits, - or _.');

export const ZQuestionInputSchema = z
  .strictObject({
    id: ZQuestionIdSchema.optional(),
    text: textOf({ min: 1, max: QUESTIONNAIRE_LIMITS.questionText }),
    kind: ZQuestionKindSchema,
    options: z
      .array(textOf({ min: 1, max: QUESTIONNAIRE_LIMITS.optionText }))
      .max(QUESTIONNAIRE_LIMITS.options, `At most ${QUESTIONNAIRE_LIMITS.options} options.`)
      .optional(),
    required: z.boolean().optional(),
  })
  .superRefine((q, ctx) => {
    const options = q.options ?? [];
    if (q.kind === 'choice' && options.length < 2) ctx.addIssue({ code: 'custom', path: ['options'], message: QUESTIONNAIRE_MESSAGES.choiceNeedsOptions });
    if (q.kind !== 'choice' && options.length > 0) ctx.addIssue({ code: 'custom', path: ['options'], message: QUESTIONNAIRE_MESSAGES.onlyChoiceHasOptions });
    if (new Set(options.map((o) => o.toLowerCase())).size !== options.length)
      ctx.addIssue({ code: 'custom', path: ['options'], message: QUESTIONNAIRE_MESSAGES.duplicateOption });
  });
export type TQuestionInput = z.infer<typeof ZQuestionInputSchema>;

const ZQuestionsInputSchema = z
  .array(ZQuestionInputSchema)
  .min(1, 'Add at least one question.')
  .max(QUESTIONNAIRE_LIMITS.questions, `At most ${QUESTIONNAIRE_LIMITS.questions} questions.`)
  .superRefine((qs, ctx) => {
    const ids = qs.map((q) => q.id).filter((id): id is string => id !== undefined);
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', message: QUESTIONNAIRE_MESSAGES.duplicateQuestionId });
  });

/** A question as stored and answered (order = the array's). */
export const ZQuestionSchema = z.object({
  id: z.string(),
  text: z.string(),
  kind: ZQuestionKindSchema,
  options: z.array(z.string()),
  required: z.boolean(),
});
export type TQuestion = z.infer<typeof ZQuestionSchema>;

/** POST /api/questionnaires and PUT /api/questionnaires/{id}. */
export const ZQuestionnaireCreateSchema = z.strictObject({
  name: textOf({ min: 1, max: QUESTIONNAIRE_LIMITS.name }),
  questions: ZQuestionsInputSchema,
});
export type TQuestionnaireCreate = z.infer<typeof ZQuestionnaireCreateSchema>;
/** PATCH (merge-patch): `questions`, when given, replaces the whole list. */
export const ZQuestionnairePatchSchema = ZQuestionnaireCreateSchema.partial();
export type TQuestionnairePatch = z.infer<typeof ZQuestionnairePatchSchema>;

export const ZQuestionnaireSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('Questionnaire'),
  id: z.number().int(),
  name: z.string(),
  questions: z.array(ZQuestionSchema),
  archived: z.boolean(),
  archivedAt: ZIsoDateTimeSchema.nullable(),
  /** Sent links and how many were answered. */
  sentCount: z.number().int(),
  answeredCount: z.number().int(),
  createdAt: ZIsoDateTimeSchema,
  updatedAt: ZIsoDateTimeSchema,
});
export type TQuestionnaire = z.infer<typeof ZQuestionnaireSchema>;

/** GET /api/questionnaires: keyset newest first, or `pagination=false` (by name, capped); `archived=false` by default. */
export const ZQuestionnaireListQuerySchema = z.object({
  pagination: z.enum(['true', 'false']).optional(),
  itemsPerPage: decimalIntOf({ min: 1, max: QUESTIONNAIRE_LIMITS.listMax }).optional(),
  'createdAt[strictly_before]': z.iso.datetime({ offset: true }).optional(),
  'id[lt]': decimalIntOf({ min: 1, max: Number.MAX_SAFE_INTEGER }).optional(),
  archived: ZBooleanQueryParamSchema.optional(),
  name: textOf({ max: 100 }).optional(),
});
export type TQuestionnaireListQuery = z.infer<typeof ZQuestionnaireListQuerySchema>;

/* ---- Sending and answers ---- */

/** POST /api/questionnaires/{id}/send. */
export const ZQuestionnaireSendSchema = z.strictObject({
  customer: idRefOf('customers'),
  /** The marketing lead this is sent for (stored on the response). */
  lead: idRefOf('marketing/leads').nullable().optional(),
});
export type TQuestionnaireSend = z.infer<typeof ZQuestionnaireSendSchema>;

/** One answer: text → string, choice → one of the options, yes_no → boolean, number → number; null = skipped. */
export const ZAnswerValueSchema = z.union([z.string().max(QUESTIONNAIRE_LIMITS.answerText), z.number(), z.boolean(), z.null()]);
export type TAnswerValue = z.infer<typeof ZAnswerValueSchema>;

export const ZAnswerSchema = z.object({
  questionId: z.string(),
  /** The question's text and kind as sent (a later edit of the questionnaire does not change what was asked). */
  question: z.string(),
  kind: ZQuestionKindSchema,
  value: ZAnswerValueSchema,
});
export type TAnswer = z.infer<typeof ZAnswerSchema>;

export const QUESTIONNAIRE_RESPONSE_STATES = ['sent', 'answered'] as const;

export const ZQuestionnaireResponseSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('QuestionnaireResponse'),
  id: z.number().int(),
  questionnaire: z.string(),
  questionnaireName: z.string(),
  customer: z.string(),
  lead: z.string().nullable(),
  state: z.enum(QUESTIONNAIRE_RESPONSE_STATES),
  /** The short link as sent. */
  url: z.string().nullable(),
  sentAt: ZIsoDateTimeSchema,
  answeredAt: ZIsoDateTimeSchema.nullable(),
  answers: z.array(ZAnswerSchema),
});
export type TQuestionnaireResponse = z.infer<typeof ZQuestionnaireResponseSchema>;

export const ZQuestionnaireSendResultSchema = z.object({
  response: ZQuestionnaireResponseSchema,
  messageId: z.number().int(),
  messageStatus: z.string(),
});
export type TQuestionnaireSendResult = z.infer<typeof ZQuestionnaireSendResultSchema>;

/** GET /api/questionnaire_responses?customer=…&questionnaire=… (also /api/customers/{id}/questionnaire_responses). */
export const ZQuestionnaireResponseListQuerySchema = z.object({
  customer: idRefOf('customers').optional(),
  questionnaire: idRefOf('questionnaires').optional(),
  itemsPerPage: decimalIntOf({ min: 1, max: QUESTIONNAIRE_LIMITS.listMax }).optional(),
  'sentAt[strictly_before]': z.iso.datetime({ offset: true }).optional(),
  'id[lt]': decimalIntOf({ min: 1, max: Number.MAX_SAFE_INTEGER }).optional(),
});
export type TQuestionnaireResponseListQuery = z.infer<typeof ZQuestionnaireResponseListQuerySchema>;

/* ---- Public page (no sign-in): /r/{code} of purpose `questionnaire` reads /api/public/questionnaires/{code} ---- */

export const ZPublicQuestionnairePageSchema = z.object({
  company: ZPublicBrandSchema,
  name: z.string(),
  questions: z.array(ZQuestionSchema),
  /** Set once answered: the page shows the thanks. */
  answeredAt: ZIsoDateTimeSchema.nullable(),
});
export type TPublicQuestionnairePage = z.infer<typeof ZPublicQuestionnairePageSchema>;

/** POST /api/public/questionnaires/{code}/answers: once; a second submit answers 409. */
export const ZQuestionnaireSubmitSchema = z.strictObject({
  answers: z
    .array(z.strictObject({ questionId: ZQuestionIdSchema, value: ZAnswerValueSchema }))
    .max(QUESTIONNAIRE_LIMITS.questions, `At most ${QUESTIONNAIRE_LIMITS.questions} answers.`),
});
export type TQuestionnaireSubmit = z.infer<typeof ZQuestionnaireSubmitSchema>;
