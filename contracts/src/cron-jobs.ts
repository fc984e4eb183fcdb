import { z } from 'zod';
import { ZIdStringSchema } from './ids';
import { ZIsoDateTimeSchema } from './refs';

/**
 * Scheduled jobs (spec part 1 §2 /management/cron_jobs, part 2 §6–7; issue 20), super admins only: one registry of
 * every recurring job of the product, with its runs. Recurring reports appear with their company.
 */

export const CRON_RUN_OUTCOMES = ['running', 'succeeded', 'failed', 'skipped'] as const;
export const ZCronRunOutcomeSchema = z.enum(CRON_RUN_OUTCOMES);
export type TCronRunOutcome = z.infer<typeof ZCronRunOutcomeSchema>;

/** What happens to a slot missed while every process was down: run once at start, or wait for the next slot. */
export const MISSED_SLOT_POLICIES = ['catch_up', 'skip'] as const;
export const ZMissedSlotPolicySchema = z.enum(MISSED_SLOT_POLICIES);

/** How the run was started. */
export const CRON_RUN_TRIGGERS = ['schedule', 'manual', 'catch_up'] as const;
export const ZCronRunTriggerSchema = z.enum(CRON_RUN_TRIGGERS);

export const ZCronRunSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('CronJobRun'),
  id: z.number().int(),
  /** The job's name (`analytics-rollup`, or `report:{id}` for a recurring report). */
  job: z.string(),
  trigger: ZCronRunTriggerSchema,
  /** The planned slot this run served (null for manual runs). */
  slot: ZIsoDateTimeSchema.nullable(),
  startedAt: ZIsoDateTimeSchema,
  finishedAt: ZIsoDateTimeSchema.nullable(),
  durationMs: z.number().int().nullable(),
  outcome: ZCronRunOutcomeSchema,
  error: z.string().nullable(),
  /** The super admin who pressed "run now". */
  triggeredBy: z.string().nullable(),
});
export type TCronRun = z.infer<typeof ZCronRunSchema>;

export const CRON_JOB_KINDS = ['system', 'report'] as const;

/** GET /api/cron_jobs (every job, unpaged: the registry is small) and GET /api/cron_jobs/{name}. */
export const ZCronJobSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('CronJob'),
  name: z.string(),
  kind: z.enum(CRON_JOB_KINDS),
  description: z.string(),
  /** The cron pattern as written (5 or 6 fields), and the zone it is read in. */
  cron: z.string(),
  timeZone: z.string(),
  /** The schedule in words ("Every hour at minute 5"). */
  scheduleText: z.string(),
  enabled: z.boolean(),
  missedSlots: ZMissedSlotPolicySchema,
  /** Set for recurring reports. */
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  nextRunAt: ZIsoDateTimeSchema.nullable(),
  lastRun: ZCronRunSchema.nullable(),
});
export type TCronJob = z.infer<typeof ZCronJobSchema>;

export const ZCronJobNameParamsSchema = z.object({
  name: z
    .string()
    .min(1)
    .max(80)
    .regex(/^[a-z0-9:_-]+$/, 'Unknown job.'),
});

/** PATCH /api/cron_jobs/{name}. */
export const ZCronJobPatchSchema = z.strictObject({ enabled: z.boolean() });
export type TCronJobPatch = z.infer<typeof ZCronJobPatchSchema>;

/** GET /api/cron_jobs/{name}/runs: keyset pages of 30, newest first (`startedAt[strictly_before]` + `id[lt]`). */
export const ZCronRunListQuerySchema = z.strictObject({
  'startedAt[strictly_before]': ZIsoDateTimeSchema.optional(),
  'id[lt]': ZIdStringSchema.optional(),
});

/** POST /api/cron_jobs/{name}/run: starts a run now (202 with the run, outcome `running`); 409 while one runs. */
export const CRON_JOB_MESSAGES = {
  notFound: 'Scheduled job not found.',
  alreadyRunning: 'This job is running now; wait for it to finish.',
  disabled: 'This job is disabled; enable it to run it.',
} as const;

export const CRON_JOB_LIVE_ENTITY = 'cron_job';
