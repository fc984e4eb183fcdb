import { z } from 'zod';
import { ZIdStringSchema } from './ids';
import { searchTextOf } from './query';
import { ZIsoDateTimeSchema } from './refs';

/**
 * The development section (spec part 1 §2 /development/api, /webhook, /stats; part 2 §7 logs; issue 20), super admins
 * only: every call the product makes to an outside system, every webhook it receives, and figures over both.
 * Bodies and headers are stored already redacted by the server's one shared redactor (no token, password, auth
 * header or card number is ever stored).
 */

export const DEV_LOG_LIMITS = { search: 200, pageSize: 50, statsMaxDays: 31 } as const;

/** Who the product talks to. A free slug on the wire (new adapters add their own); these are the known ones. */
export const OUTSIDE_VENDORS = [
  'twilio',
  'whatsapp',
  'viber',
  'sms_gateway',
  'dealertrack',
  'cdk',
  'usaepay',
  'next_variant',
  'payment_simulator',
  'url_fetch',
  'web_push',
  'mercure',
] as const;
export const ZVendorSlugSchema = z.string().regex(/^[a-z0-9_]{1,40}$/, 'Unknown vendor.');

export const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx', 'none'] as const;
export const ZStatusClassSchema = z.enum(STATUS_CLASSES);
export type TStatusClass = z.infer<typeof ZStatusClassSchema>;

/** What an outside call served: the server sets it from the work in progress (sending a message, charging…). */
export const CALL_SUBJECT_TYPES = [
  'message',
  'payment_request',
  'repair_order',
  'appointment',
  'dms_sync',
  'listing',
  'customer',
  'report',
  'media',
  'notification',
] as const;
export const ZCallSubjectTypeSchema = z.enum(CALL_SUBJECT_TYPES);
export type TCallSubjectType = z.infer<typeof ZCallSubjectTypeSchema>;

const ZListQueryBase = {
  /** Company id (super admins see all companies; omitted = every company and calls of no company). */
  company: ZIdStringSchema.optional(),
  from: ZIsoDateTimeSchema.optional(),
  to: ZIsoDateTimeSchema.optional(),
  /** Text search over URL, operation, error and bodies (case-insensitive substring). */
  q: searchTextOf({ max: DEV_LOG_LIMITS.search }).optional(),
  'createdAt[strictly_before]': ZIsoDateTimeSchema.optional(),
  'id[lt]': ZIdStringSchema.optional(),
};

export const ZApiRequestListQuerySchema = z.strictObject({
  ...ZListQueryBase,
  vendor: ZVendorSlugSchema.optional(),
  statusClass: ZStatusClassSchema.optional(),
  subjectType: ZCallSubjectTypeSchema.optional(),
  subjectId: ZIdStringSchema.optional(),
});
export type TApiRequestListQuery = z.infer<typeof ZApiRequestListQuerySchema>;

/** One outside call as listed: GET /api/development/api_requests (keyset pages of 50, newest first). */
export const ZApiRequestSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('ApiRequest'),
  id: z.number().int(),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  vendor: z.string(),
  /** The vendor operation (`messages.create`, `SOAP GetRepairOrders`, `charge`…). */
  operation: z.string(),
  method: z.string(),
  /** Redacted URL (secret query values replaced by `[redacted]`). */
  url: z.string(),
  /** null when no HTTP answer came (network error, timeout). */
  status: z.number().int().nullable(),
  statusClass: ZStatusClassSchema,
  durationMs: z.number().int(),
  error: z.string().nullable(),
  subjectType: ZCallSubjectTypeSchema.nullable(),
  subjectId: z.number().int().nullable(),
  createdAt: ZIsoDateTimeSchema,
});
export type TApiRequest = z.infer<typeof ZApiRequestSchema>;

/** GET /api/development/api_requests/{id}: the listed fields plus the redacted exchange. */
export const ZApiRequestDetailSchema = ZApiRequestSchema.extend({
  requestHeaders: z.record(z.string(), z.string()),
  requestBody: z.string().nullable(),
  responseHeaders: z.record(z.string(), z.string()),
  responseBody: z.string().nullable(),
});
export type TApiRequestDetail = z.infer<typeof ZApiRequestDetailSchema>;

/** Where an incoming webhook came from (the route family under /api/webhooks/). */
export const WEBHOOK_SOURCES = ['sms_provider', 'whatsapp', 'viber', 'sms_gateway', 'payment'] as const;
export const ZWebhookSourceSchema = z.enum(WEBHOOK_SOURCES);
export type TWebhookSource = z.infer<typeof ZWebhookSourceSchema>;

/** The verification result of an incoming webhook. */
export const WEBHOOK_VERIFICATIONS = ['valid', 'bad_signature', 'duplicate', 'unknown_company', 'malformed', 'replayed'] as const;
export const ZWebhookVerificationSchema = z.enum(WEBHOOK_VERIFICATIONS);
export type TWebhookVerification = z.infer<typeof ZWebhookVerificationSchema>;

/** What the handler made of it: processed (stored/changed something), ignored (nothing to do), failed (error). */
export const WEBHOOK_OUTCOMES = ['processed', 'ignored', 'failed'] as const;
export const ZWebhookOutcomeSchema = z.enum(WEBHOOK_OUTCOMES);
export type TWebhookOutcome = z.infer<typeof ZWebhookOutcomeSchema>;

export const ZWebhookRequestListQuerySchema = z.strictObject({
  ...ZListQueryBase,
  source: ZWebhookSourceSchema.optional(),
  verification: ZWebhookVerificationSchema.optional(),
  outcome: ZWebhookOutcomeSchema.optional(),
});
export type TWebhookRequestListQuery = z.infer<typeof ZWebhookRequestListQuerySchema>;

/** One incoming webhook as listed: GET /api/development/webhook_requests (keyset pages of 50, newest first). */
export const ZWebhookRequestSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('WebhookRequest'),
  id: z.number().int(),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  source: ZWebhookSourceSchema,
  method: z.string(),
  /** Redacted path and query as received. */
  url: z.string(),
  /** The HTTP status the product answered with. */
  status: z.number().int(),
  verification: ZWebhookVerificationSchema,
  outcome: ZWebhookOutcomeSchema,
  error: z.string().nullable(),
  durationMs: z.number().int(),
  /** The original entry when this row is a replay of it. */
  replayOf: z.number().int().nullable(),
  replayCount: z.number().int(),
  createdAt: ZIsoDateTimeSchema,
});
export type TWebhookRequest = z.infer<typeof ZWebhookRequestSchema>;

export const ZWebhookRequestDetailSchema = ZWebhookRequestSchema.extend({
  requestHeaders: z.record(z.string(), z.string()),
  contentType: z.string().nullable(),
  /** The redacted body as received (form bodies as `a=b&c=d`, JSON as sent). */
  body: z.string().nullable(),
  responseBody: z.string().nullable(),
});
export type TWebhookRequestDetail = z.infer<typeof ZWebhookRequestDetailSchema>;

/** POST /api/development/webhook_requests/{id}/replay (super admin): re-runs the handler; answers the new entry. */
export const ZWebhookReplayResultSchema = ZWebhookRequestDetailSchema;

export const STATS_GROUPS = ['vendor', 'company'] as const;
export const ZStatsQuerySchema = z.strictObject({
  /** Default: the last 24 hours. At most 31 days. */
  from: ZIsoDateTimeSchema.optional(),
  to: ZIsoDateTimeSchema.optional(),
  company: ZIdStringSchema.optional(),
  vendor: ZVendorSlugSchema.optional(),
});
export type TStatsQuery = z.infer<typeof ZStatsQuerySchema>;

const ZCallFiguresSchema = z.object({
  calls: z.number().int(),
  errors: z.number().int(),
  /** errors / calls, 0..1 (0 when no calls). An error is no answer, a 5xx, or a 4xx other than 404/409/422. */
  errorRate: z.number(),
  callsPerMinute: z.number(),
  p50Ms: z.number().nullable(),
  p95Ms: z.number().nullable(),
});

/** GET /api/development/stats. */
export const ZDevStatsSchema = z.object({
  from: ZIsoDateTimeSchema,
  to: ZIsoDateTimeSchema,
  /** Bucket width of `series`: 60 (≤ 6 h), 3600 (≤ 7 days) or 86400 seconds. */
  bucketSeconds: z.number().int(),
  total: ZCallFiguresSchema,
  byVendor: z.array(ZCallFiguresSchema.extend({ vendor: z.string() })),
  byCompany: z.array(ZCallFiguresSchema.extend({ companyId: z.number().int().nullable(), companyName: z.string().nullable() })),
  /** Per bucket: calls, errors and p95 over all vendors (or the chosen one). */
  series: z.array(z.object({ at: ZIsoDateTimeSchema, calls: z.number().int(), errors: z.number().int(), p95Ms: z.number().nullable() })),
  webhooks: z.object({ received: z.number().int(), rejected: z.number().int(), failed: z.number().int() }),
  /** The job queue now (not over the range). */
  queue: z.object({
    due: z.number().int(),
    scheduled: z.number().int(),
    running: z.number().int(),
    failed: z.number().int(),
    /** Seconds since the oldest due job became due; null when none is due. */
    oldestDueAgeSeconds: z.number().nullable(),
    byKind: z.array(z.object({ kind: z.string(), due: z.number().int(), oldestDueAgeSeconds: z.number().nullable() })),
  }),
});
export type TDevStats = z.infer<typeof ZDevStatsSchema>;
