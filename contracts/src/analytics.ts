import { z } from 'zod';
import { ZIdStringSchema } from './ids';
import { hasControlCharacter } from './query';

/**
 * Metrics of issue 19 (reports, dashboard, analytics), defined once (server/src/modules/analytics, docs/metrics.md).
 * Days are local calendar days (YYYY-MM-DD) in the company's time zone; a range is inclusive of both days.
 */

/** Report periods of spec part 2 §9, in the company's time zone. */
export const REPORT_PERIODS = ['today', 'wtd', 'mtd', 'ytd', 'last_7_days', 'last_month'] as const;
export const ZReportPeriodSchema = z.enum(REPORT_PERIODS);
export type TReportPeriod = z.infer<typeof ZReportPeriodSchema>;

/** Response-time buckets of spec part 2 §9: under 5 min, 5 to 15 min, over 15 min (upper bounds in seconds). */
export const RESPONSE_BUCKET_BOUNDS = { under5: 300, from5to15: 900 } as const;

/** A conversation is a customer's run of messages with no gap longer than this; its first message says who started it. */
export const CONVERSATION_GAP_HOURS = 24;

export const ANALYTICS_LIMITS = {
  /** The longest range one analytics or report request may cover (days). */
  maxRangeDays: 732,
  /** User / channel filters per request. */
  maxFilterValues: 50,
} as const;

export const ANALYTICS_MESSAGES = {
  rangeOrder: 'The start day must not be after the end day.',
  rangeTooLong: `A range covers at most ${ANALYTICS_LIMITS.maxRangeDays} days.`,
  rangeOrPeriod: 'Give either a period or a from/to range.',
  forbidden: 'Only company admins see analytics and reports.',
} as const;

const DAY_RE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
export const ZLocalDaySchema = z
  .string()
  .regex(DAY_RE, 'Expected a day as YYYY-MM-DD.')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'Expected a day as YYYY-MM-DD.');

/** One response-time figure set: count, total and average seconds, and the §9 buckets. */
export const ZResponseStatsSchema = z.object({
  count: z.number().int(),
  totalSeconds: z.number(),
  /** null when count is 0. */
  avgSeconds: z.number().nullable(),
  under5: z.number().int(),
  from5to15: z.number().int(),
  over15: z.number().int(),
});
export type TResponseStats = z.infer<typeof ZResponseStatsSchema>;

/** Wall-clock and business-hours (the company's working hours) versions of the same responses. */
export const ZResponseTimesSchema = z.object({ wall: ZResponseStatsSchema, business: ZResponseStatsSchema });
export type TResponseTimes = z.infer<typeof ZResponseTimesSchema>;

export const ZMessageCountsSchema = z.object({
  inbound: z.number().int(),
  /** Outbound written by a person. */
  outboundHuman: z.number().int(),
  /** Outbound the product sent by itself (automations, group sends, system). */
  outboundAutomated: z.number().int(),
});
export type TMessageCounts = z.infer<typeof ZMessageCountsSchema>;

export const ZConversationCountsSchema = z.object({ inboundStarted: z.number().int(), outboundStarted: z.number().int() });

export const ZAgentMetricsSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  messagesOut: z.number().int(),
  /** Conversations in which this agent sent at least one reply. */
  conversationsHandled: z.number().int(),
  firstResponse: ZResponseTimesSchema,
  response: ZResponseTimesSchema,
});
export type TAgentMetrics = z.infer<typeof ZAgentMetricsSchema>;

export const ZChannelMetricsSchema = ZMessageCountsSchema.extend({ channel: z.string() });

export const ZDayMetricsSchema = ZMessageCountsSchema.extend({
  day: z.string(),
  conversations: z.number().int(),
  firstResponse: ZResponseTimesSchema,
});
export type TDayMetrics = z.infer<typeof ZDayMetricsSchema>;

export const ZSurveyMetricsSchema = z.object({
  sent: z.number().int(),
  completed: z.number().int(),
  /** Completed answers counted positive / completed; null when none completed. */
  positiveShare: z.number().nullable(),
  perAdvisor: z.array(
    z.object({
      userId: z.number().int().nullable(),
      name: z.string(),
      sent: z.number().int(),
      completed: z.number().int(),
      positiveShare: z.number().nullable(),
    }),
  ),
});
export const ZAppointmentMetricsSchema = z.object({ booked: z.number().int(), confirmed: z.number().int(), missed: z.number().int() });
export const ZRepairOrderMetricsSchema = z.object({
  opened: z.number().int(),
  closed: z.number().int(),
  /** Approved lines / lines put to the customer; null when none. */
  approvalRate: z.number().nullable(),
  approvedAmountCents: z.number().int(),
});
export const ZPaymentMetricsSchema = z.object({ requested: z.number().int(), paid: z.number().int(), amountCents: z.number().int() });

/**
 * Response-time targets (docs/routing.md): the waits (unanswered stretches) that started in the range with a first-reply
 * target, how many were warned and breached, and how many got a reply by the due time. A wait counts on the local day
 * the customer wrote; per agent means the conversation's owner, per channel the channel of the message that opened it.
 */
export const ZResponseTargetStatsSchema = z.object({
  waits: z.number().int(),
  warned: z.number().int(),
  breached: z.number().int(),
  metTarget: z.number().int(),
  /** metTarget / the waits whose outcome is known (replied, or past due); null when none is. */
  withinTargetShare: z.number().nullable(),
});
export type TResponseTargetStats = z.infer<typeof ZResponseTargetStatsSchema>;
export const ZResponseTargetsSchema = ZResponseTargetStatsSchema.extend({
  perAgent: z.array(ZResponseTargetStatsSchema.extend({ userId: z.number().int().nullable(), name: z.string() })),
  perChannel: z.array(ZResponseTargetStatsSchema.extend({ channel: z.string() })),
});
export type TResponseTargets = z.infer<typeof ZResponseTargetsSchema>;

/** Everything one range answers. Module sections are null when the company does not have that module. */
export const ZUsageMetricsSchema = z.object({
  timeZone: z.string(),
  from: z.string(),
  to: z.string(),
  generatedAt: z.string(),
  filters: z.object({ userIds: z.array(z.number().int()), channels: z.array(z.string()) }),
  conversations: ZConversationCountsSchema,
  messages: ZMessageCountsSchema,
  perChannel: z.array(ZChannelMetricsSchema),
  perAgent: z.array(ZAgentMetricsSchema),
  perDay: z.array(ZDayMetricsSchema),
  firstResponse: ZResponseTimesSchema,
  response: ZResponseTimesSchema,
  optOuts: z.number().int(),
  surveys: ZSurveyMetricsSchema.nullable(),
  appointments: ZAppointmentMetricsSchema.nullable(),
  repairOrders: ZRepairOrderMetricsSchema.nullable(),
  payments: ZPaymentMetricsSchema.nullable(),
  /** Absent in reports generated before it was added. */
  responseTargets: ZResponseTargetsSchema.optional(),
});
export type TUsageMetrics = z.infer<typeof ZUsageMetricsSchema>;

const listOf = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
    z.array(item).max(ANALYTICS_LIMITS.maxFilterValues, `At most ${ANALYTICS_LIMITS.maxFilterValues} values.`),
  );

/** GET /api/analytics (and its CSV export): a period or a from/to range, optional agent and channel filters. */
export const ZAnalyticsQuerySchema = z
  .object({
    period: ZReportPeriodSchema.optional(),
    from: ZLocalDaySchema.optional(),
    to: ZLocalDaySchema.optional(),
    // Decimal ids only: a coerced number took "1e1" as user 10.
    'userId[]': listOf(ZIdStringSchema),
    'channel[]': listOf(
      z
        .string()
        .min(1)
        .max(32)
        .refine((v) => !hasControlCharacter(v), 'This value holds a control character.'),
    ),
  })
  .superRefine((q, ctx) => {
    const hasRange = q.from !== undefined || q.to !== undefined;
    if (q.period && hasRange) ctx.addIssue({ code: 'custom', path: ['period'], message: ANALYTICS_MESSAGES.rangeOrPeriod });
    if (!q.period && (q.from === undefined || q.to === undefined))
      ctx.addIssue({ code: 'custom', path: [q.from === undefined ? 'from' : 'to'], message: ANALYTICS_MESSAGES.rangeOrPeriod });
    if (q.from && q.to) {
      if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: ANALYTICS_MESSAGES.rangeOrder });
      else if ((Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 + 1 > ANALYTICS_LIMITS.maxRangeDays)
        ctx.addIssue({ code: 'custom', path: ['to'], message: ANALYTICS_MESSAGES.rangeTooLong });
    }
  });
export type TAnalyticsQuery = z.infer<typeof ZAnalyticsQuerySchema>;
