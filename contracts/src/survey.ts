import { z } from 'zod';
import { decimalIntOf, idRefOf } from './ids';
import { ZBooleanQueryParamSchema } from './query';
import { ZIsoDateTimeSchema } from './refs';
export {
  DEFAULT_SURVEY_DATE_PRESET,
  localDayOf,
  parseSurveyFilterDate,
  SURVEY_DATE_PRESETS,
  SURVEYS_PER_PAGE,
  surveyDateRangeOf,
  weekStartsOnOf,
  type TSurveyDatePreset,
} from './survey-dates';

/**
 * Customer satisfaction surveys (issue 14; spec part 2 §1–§9). A survey is planned when a repair order closes (or sent
 * by hand), sent once through the automated-message engine, answered once on the public page `/r/{code}`, and — when
 * negative — followed up until someone resolves it. docs/surveys.md has the rules and the figures.
 */

/** A customer gets at most one survey within this many days, however many orders close (documented default). */
export const SURVEY_COOLDOWN_DAYS = 30;
/** A follow-up task of a negative answer is due this many hours after the answer. */
export const SURVEY_FOLLOW_UP_DUE_HOURS = 24;
/** Longest comment and free-text answer a customer may write. */
export const SURVEY_COMMENT_MAX = 2000;
export const SURVEY_TEXT_ANSWER_MAX = 1000;
export const SURVEYS_PER_PAGE_MAX = 100;
/** Rows of one CSV export (the filtered list, newest first). */
export const SURVEYS_EXPORT_MAX = 50_000;

/**
 * planned: waiting for its send time; pending: sent, not answered; completed: answered; cancelled: never sent (order
 * reopened, customer opted out or surveyed recently, no channel). The dashboard shows sent surveys only.
 */
export const SURVEY_STATES = ['planned', 'pending', 'completed', 'cancelled'] as const;
export const ZSurveyStateSchema = z.enum(SURVEY_STATES);
export type TSurveyState = z.infer<typeof ZSurveyStateSchema>;

/** Why a survey was not sent (i18n keys). */
export const SURVEY_CANCEL_REASONS = {
  reopened: 'survey_cancelled_reopened',
  cooldown: 'survey_cancelled_cooldown',
  optedOut: 'survey_cancelled_opted_out',
  noChannel: 'survey_cancelled_no_channel',
  notConfigured: 'survey_cancelled_not_configured',
  other: 'survey_cancelled',
} as const;

/** 409 messages (i18n keys). */
export const SURVEY_ALREADY_ANSWERED = 'survey_already_answered';
export const SURVEY_NOT_NEGATIVE = 'survey_not_negative';
export const SURVEY_ALREADY_RESOLVED = 'survey_already_resolved';
export const SURVEY_NOT_ANSWERED = 'survey_not_answered';

export const REVIEW_SITES = ['google', 'yelp', 'facebook'] as const;
export const ZReviewSiteSchema = z.enum(REVIEW_SITES);
export type TReviewSite = z.infer<typeof ZReviewSiteSchema>;
/** The customer-view field holding each site's review link. */
export const REVIEW_LINK_FIELDS: Readonly<Record<TReviewSite, 'surveyGoogleReviewLink' | 'surveyYelpReviewLink' | 'surveyFacebookReviewLink'>> = {
  google: 'surveyGoogleReviewLink',
  yelp: 'surveyYelpReviewLink',
  facebook: 'surveyFacebookReviewLink',
};

/** One answered follow-up question, as asked (the company may change its questions later). */
export const ZSurveyQuestionAnswerSchema = z.object({ questionId: z.string(), question: z.string(), answer: z.string() });
export type TSurveyQuestionAnswer = z.infer<typeof ZSurveyQuestionAnswerSchema>;

const ZNamedRefSchema = z.object({ '@id': z.string(), id: z.number().int(), name: z.string() });

/** A survey as the dashboard reads it (spec part 2 §3: id, message.sentAt, answer, comment, resolvedAt). */
export const ZSurveySchema = z
  .object({
    '@id': z.string(),
    '@type': z.literal('Survey'),
    id: z.number().int(),
    state: ZSurveyStateSchema,
    /** The survey text in the customer's thread; sentAt null until sent. */
    message: z.object({ '@id': z.string().nullable(), sentAt: ZIsoDateTimeSchema.nullable() }),
    /** When the reminder (resendText) went out, if it did. */
    resentAt: ZIsoDateTimeSchema.nullable(),
    /** true positive, false negative, null not answered. */
    answer: z.boolean().nullable(),
    answers: z.array(ZSurveyQuestionAnswerSchema),
    comment: z.string().nullable(),
    answeredAt: ZIsoDateTimeSchema.nullable(),
    resolvedAt: ZIsoDateTimeSchema.nullable(),
    resolvedBy: ZNamedRefSchema.nullable(),
    resolutionNote: z.string().nullable(),
    /** i18n key of why it was not sent (state cancelled). */
    cancelReason: z.string().nullable(),
    customer: z.object({ '@id': z.string(), id: z.number().int(), name: z.string(), phone: z.string().nullable() }),
    repairOrder: z.object({ '@id': z.string(), id: z.number().int(), number: z.string() }).nullable(),
    /** The order's service advisor. */
    advisor: ZNamedRefSchema.nullable(),
    /** First time the customer opened each review link from the thanks page. */
    reviewClicks: z.object({ google: ZIsoDateTimeSchema.nullable(), yelp: ZIsoDateTimeSchema.nullable(), facebook: ZIsoDateTimeSchema.nullable() }),
    /** The follow-up task of a negative answer. */
    followUp: z
      .object({
        '@id': z.string(),
        id: z.number().int(),
        assignee: ZNamedRefSchema.nullable(),
        dueAt: ZIsoDateTimeSchema,
        doneAt: ZIsoDateTimeSchema.nullable(),
      })
      .nullable(),
    createdAt: ZIsoDateTimeSchema,
    updatedAt: ZIsoDateTimeSchema,
  })
  .meta({ id: 'Survey' });
export type TSurvey = z.infer<typeof ZSurveySchema>;

/** A customer's latest survey as the conversation shows it (Customer.lastSurvey). */
export const ZSurveySummarySchema = z.object({
  '@id': z.string(),
  id: z.number().int(),
  state: ZSurveyStateSchema,
  sentAt: ZIsoDateTimeSchema.nullable(),
  answer: z.boolean().nullable(),
  comment: z.string().nullable(),
  answeredAt: ZIsoDateTimeSchema.nullable(),
  resolvedAt: ZIsoDateTimeSchema.nullable(),
});
export type TSurveySummary = z.infer<typeof ZSurveySummarySchema>;

/**
 * A filter date: ISO with an offset, or the spec's `YYYY-MM-DDTHH:mm:ss` (seconds optional), read in the company's time
 * zone.
 */
export const ZSurveyFilterDateSchema = z
  .string('Expected a date and time.')
  .max(40, 'Expected a date and time.')
  .refine((v) => z.iso.datetime({ offset: true }).safeParse(v).success || isWallClock(v), 'Expected YYYY-MM-DDTHH:mm:ss or an ISO date and time.');

/** `YYYY-MM-DDTHH:mm[:ss]` naming a real calendar time (no 13th month, no 25th hour). */
function isWallClock(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(v);
  if (!m) return false;
  const [y, mo, d, h, mi, se] = m.slice(1).map((x) => Number(x ?? 0)) as [number, number, number, number, number, number];
  const t = new Date(Date.UTC(y, mo - 1, d, h, mi, se));
  return (
    t.getUTCFullYear() === y &&
    t.getUTCMonth() === mo - 1 &&
    t.getUTCDate() === d &&
    t.getUTCHours() === h &&
    t.getUTCMinutes() === mi &&
    t.getUTCSeconds() === se
  );
}

/** GET /api/surveys filters (spec part 2 §7). Only sent surveys are listed, newest sent first. */
export const ZSurveyListQuerySchema = z.object({
  'message.sentAt[after]': ZSurveyFilterDateSchema.optional(),
  'message.sentAt[before]': ZSurveyFilterDateSchema.optional(),
  /** true completed, false pending. */
  'exists[answer]': ZBooleanQueryParamSchema.optional(),
  /** true positive, false negative. */
  answer: ZBooleanQueryParamSchema.optional(),
  'exists[comment]': ZBooleanQueryParamSchema.optional(),
  /** false: negative answers not resolved yet (unresolved); true: resolved ones. */
  'exists[resolvedAt]': ZBooleanQueryParamSchema.optional(),
  customer: idRefOf('customers').optional(),
  /** Keyset of the next page (view.next): older than this sent time, and at that very time a lower id. */
  'message.sentAt[strictly_before]': z.iso.datetime({ offset: true }).optional(),
  'id[lt]': decimalIntOf({ min: 1, max: Number.MAX_SAFE_INTEGER }).optional(),
  itemsPerPage: decimalIntOf({ min: 1, max: SURVEYS_PER_PAGE_MAX }).optional(),
  /** The first page counts up to a cap (`totalItemsAtLeast` above it); true counts every match. */
  exactTotal: ZBooleanQueryParamSchema.optional(),
});
export type TSurveyListQuery = z.infer<typeof ZSurveyListQuerySchema>;

/** GET /api/surveys/stats?from&to (spec part 2 §7), over surveys sent in the range. */
export const ZSurveyStatsQuerySchema = z.object({ from: ZSurveyFilterDateSchema, to: ZSurveyFilterDateSchema });
export type TSurveyStatsQuery = z.infer<typeof ZSurveyStatsQuerySchema>;

/**
 * The dashboard's figures. responseRate = completed / sent; positiveShare = positive / completed; score = (positive −
 * negative) / completed × 100, from −100 to 100 (an NPS-style net score on a two-point scale; docs/surveys.md); the
 * shares are null when nothing was sent or answered. Days are the company's local dates.
 */
export const ZSurveyStatsSchema = z.object({
  from: ZIsoDateTimeSchema,
  to: ZIsoDateTimeSchema,
  sent: z.number().int(),
  completed: z.number().int(),
  pending: z.number().int(),
  positive: z.number().int(),
  negative: z.number().int(),
  unresolved: z.number().int(),
  withComment: z.number().int(),
  responseRate: z.number().nullable(),
  positiveShare: z.number().nullable(),
  score: z.number().nullable(),
  /** Median seconds from sending to answering, over the completed ones. */
  medianSecondsToAnswer: z.number().nullable(),
  reviewClicks: z.object({ google: z.number().int(), yelp: z.number().int(), facebook: z.number().int() }),
  daily: z.array(z.object({ day: z.string(), sent: z.number().int(), completed: z.number().int(), positive: z.number().int(), negative: z.number().int() })),
});
export type TSurveyStats = z.infer<typeof ZSurveyStatsSchema>;

/** PUT /api/surveys/{id}/resolve: what was done, optionally. */
export const ZSurveyResolveSchema = z.strictObject({ note: z.string().trim().max(SURVEY_COMMENT_MAX).optional() }).nullish();
export type TSurveyResolve = z.infer<typeof ZSurveyResolveSchema>;

/* The public survey page (purpose `survey` of customer links): its schema is with the other pages in customer-link.ts. */

/** POST /api/public/links/{code}/answer on a survey link: the answer once, or a review link opened afterwards. */
export const ZPublicSurveyAnswerSchema = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('answer'),
    answer: z.boolean(),
    answers: z
      .array(z.strictObject({ questionId: z.string().max(64), answer: z.string().trim().max(SURVEY_TEXT_ANSWER_MAX) }))
      .max(20)
      .default([]),
    comment: z.string().trim().max(SURVEY_COMMENT_MAX).optional(),
  }),
  z.strictObject({ action: z.literal('review_click'), site: ZReviewSiteSchema }),
]);
export type TPublicSurveyAnswer = z.infer<typeof ZPublicSurveyAnswerSchema>;
