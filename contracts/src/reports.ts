import { z } from 'zod';
import { ANALYTICS_LIMITS, ANALYTICS_MESSAGES, ZLocalDaySchema, ZReportPeriodSchema, ZUsageMetricsSchema } from './analytics';
import { WEEKDAYS } from './company';
import { decimalIntOf, idRefOf } from './ids';
import { ZIsoDateTimeSchema } from './refs';

/**
 * Reports (spec part 2 §3, §4, §9; issue 19): one-time reports over a period or a range, recurring reports that
 * generate "recurring generated" children on a schedule in the company's time zone and e-mail them. docs/reports.md.
 */

export const REPORT_TYPES = ['one_time', 'recurring', 'recurring_generated'] as const;
export const ZReportTypeSchema = z.enum(REPORT_TYPES);
export type TReportType = z.infer<typeof ZReportTypeSchema>;

export const REPORT_KINDS = ['usage_and_response_time', 'survey_results'] as const;
export const ZReportKindSchema = z.enum(REPORT_KINDS);
export type TReportKind = z.infer<typeof ZReportKindSchema>;

/** A recurring parent is `active`; a generated or one-time report goes pending → generating → ready | failed. */
export const REPORT_STATUSES = ['active', 'pending', 'generating', 'ready', 'failed'] as const;
export type TReportStatus = (typeof REPORT_STATUSES)[number];

export const REPORTS_PER_PAGE = 30;

export const REPORT_LIMITS = {
  recipients: 20,
  email: 254,
  /** Generation attempts before a report stays failed. */
  attempts: 3,
} as const;

export const REPORT_MESSAGES = {
  ...ANALYTICS_MESSAGES,
  notFound: 'Report not found.',
  recurringNeedsSchedule: 'A recurring report needs a schedule.',
  recurringNeedsPeriod: 'A recurring report covers a period, not a fixed range.',
  recurringNeedsRecipients: 'A recurring report needs at least one recipient.',
  oneTimeNoSchedule: 'Only a recurring report has a schedule.',
  notReady: 'The report is not generated yet.',
  generatedCannotRun: 'A generated report cannot be run again; run its recurring report.',
  duplicateRecipient: 'Recipients must differ.',
  surveysModuleOff: 'The survey module is not enabled for this company.',
} as const;

const HHMM = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must be HH:mm.');

/** Spec §9 schedules: weekly on chosen weekdays, the first of the month, hourly. Local times in the company's zone. */
export const ZReportScheduleSchema = z.discriminatedUnion('frequency', [
  z.strictObject({
    frequency: z.literal('weekly'),
    weekdays: z
      .array(z.enum(WEEKDAYS))
      .min(1, 'Choose at least one weekday.')
      .max(7)
      .refine((d) => new Set(d).size === d.length, 'Weekdays must differ.'),
    time: HHMM.default('07:00'),
  }),
  z.strictObject({ frequency: z.literal('monthly_first'), time: HHMM.default('07:00') }),
  z.strictObject({ frequency: z.literal('hourly') }),
]);
export type TReportSchedule = z.infer<typeof ZReportScheduleSchema>;

export const ZReportRecipientSchema = z.email('This value is not a valid email address.').max(REPORT_LIMITS.email);

const ZReportFiltersSchema = z.strictObject({
  userIds: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).max(ANALYTICS_LIMITS.maxFilterValues).default([]),
  channels: z.array(z.string().min(1).max(32)).max(ANALYTICS_LIMITS.maxFilterValues).default([]),
});

const recipientsOf = z
  .array(ZReportRecipientSchema)
  .max(REPORT_LIMITS.recipients, `At most ${REPORT_LIMITS.recipients} recipients.`)
  .refine((r) => new Set(r.map((e) => e.toLowerCase())).size === r.length, REPORT_MESSAGES.duplicateRecipient);

/** POST /api/reports. */
export const ZReportCreateSchema = z
  .strictObject({
    type: z.enum(['one_time', 'recurring']),
    kind: ZReportKindSchema,
    period: ZReportPeriodSchema.nullable().optional(),
    from: ZLocalDaySchema.nullable().optional(),
    to: ZLocalDaySchema.nullable().optional(),
    schedule: ZReportScheduleSchema.nullable().optional(),
    recipients: recipientsOf.default([]),
    filters: ZReportFiltersSchema.optional(),
  })
  .superRefine((r, ctx) => {
    const hasRange = r.from != null || r.to != null;
    if (r.type === 'recurring') {
      if (!r.schedule) ctx.addIssue({ code: 'custom', path: ['schedule'], message: REPORT_MESSAGES.recurringNeedsSchedule });
      if (!r.period || hasRange) ctx.addIssue({ code: 'custom', path: ['period'], message: REPORT_MESSAGES.recurringNeedsPeriod });
      if (r.recipients.length === 0) ctx.addIssue({ code: 'custom', path: ['recipients'], message: REPORT_MESSAGES.recurringNeedsRecipients });
      return;
    }
    if (r.schedule) ctx.addIssue({ code: 'custom', path: ['schedule'], message: REPORT_MESSAGES.oneTimeNoSchedule });
    if (r.period && hasRange) ctx.addIssue({ code: 'custom', path: ['period'], message: REPORT_MESSAGES.rangeOrPeriod });
    if (!r.period && (r.from == null || r.to == null))
      ctx.addIssue({ code: 'custom', path: [r.from == null ? 'from' : 'to'], message: REPORT_MESSAGES.rangeOrPeriod });
    if (r.from && r.to) {
      if (r.from > r.to) ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.rangeOrder });
      else if ((Date.parse(r.to) - Date.parse(r.from)) / 86_400_000 + 1 > ANALYTICS_LIMITS.maxRangeDays)
        ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.rangeTooLong });
    }
  });
export type TReportCreate = z.infer<typeof ZReportCreateSchema>;

export const ZReportSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('Report'),
  id: z.number().int(),
  type: ZReportTypeSchema,
  kind: ZReportKindSchema,
  status: z.enum(REPORT_STATUSES),
  period: ZReportPeriodSchema.nullable(),
  schedule: ZReportScheduleSchema.nullable(),
  recipients: z.array(z.string()),
  filters: z.object({ userIds: z.array(z.number().int()), channels: z.array(z.string()) }),
  /** Local days covered (inclusive) in `timeZone`; null on a recurring parent. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  timeZone: z.string(),
  generatedAt: ZIsoDateTimeSchema.nullable(),
  /** Recurring parent: the next slot. */
  nextRunAt: ZIsoDateTimeSchema.nullable(),
  /** Recurring generated: its recurring report's IRI. */
  parent: z.string().nullable(),
  attempts: z.number().int(),
  error: z.string().nullable(),
  /** Download paths (authenticated) once ready. */
  files: z.object({ pdf: z.string().nullable(), xlsx: z.string().nullable() }),
  createdAt: ZIsoDateTimeSchema,
});
export type TReport = z.infer<typeof ZReportSchema>;

/** GET /api/reports/{id}/data: the figures a ready report was generated from (the web preview). */
export const ZReportDataSchema = z.object({ report: ZReportSchema, metrics: ZUsageMetricsSchema });
export type TReportData = z.infer<typeof ZReportDataSchema>;

/** GET /api/reports: newest first, keyset-paged by 30 (or `pagination=false`); `parent` lists a recurring report's runs. */
export const ZReportListQuerySchema = z.object({
  pagination: z.enum(['true', 'false']).optional(),
  itemsPerPage: decimalIntOf({ min: 1, max: 100 }).optional(),
  'createdAt[strictly_before]': ZIsoDateTimeSchema.optional(),
  'id[lt]': decimalIntOf({ min: 1, max: Number.MAX_SAFE_INTEGER }).optional(),
  type: ZReportTypeSchema.optional(),
  parent: idRefOf('reports').optional(),
});
export type TReportListQuery = z.infer<typeof ZReportListQuerySchema>;
