import { z } from 'zod';
import { idRefOf, ZIdNumberSchema } from './ids';
import { ZIsoDateTimeSchema } from './refs';

/**
 * The DMS link's own API (issue 13): start an import, list the runs for the DMS tab, and what of a repair order still
 * waits to reach the DMS. The service-writer sync keeps its request schema in integrations.ts (the DMS tab sends it).
 */

/** POST /api/dms/sync: import repair orders (with customers and vehicles) from the company's DMS now. */
export const ZDmsSyncRequestSchema = z.strictObject({ companyId: ZIdNumberSchema });
export type TDmsSyncRequest = z.infer<typeof ZDmsSyncRequestSchema>;

export const DMS_SYNC_RUN_KINDS = ['import', 'service_writers'] as const;
export const DMS_SYNC_RUN_STATES = ['running', 'done', 'failed'] as const;

/** Counters a run may carry (absent = zero). */
export const ZDmsSyncCountsSchema = z.record(z.string(), z.number().int().min(0));

export const ZDmsSyncRunSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('DmsSyncRun'),
  id: z.number().int(),
  company: z.string(),
  kind: z.enum(DMS_SYNC_RUN_KINDS),
  trigger: z.enum(['manual', 'schedule']),
  state: z.enum(DMS_SYNC_RUN_STATES),
  dmsType: z.enum(['vendor_a', 'vendor_b']),
  startedAt: ZIsoDateTimeSchema,
  finishedAt: ZIsoDateTimeSchema.nullable(),
  counts: ZDmsSyncCountsSchema,
  error: z.string().nullable(),
});
export type TDmsSyncRun = z.infer<typeof ZDmsSyncRunSchema>;

/** 202 answer of POST /api/dms/sync: the run started now, or the one already running (`alreadyRunning`). */
export const ZDmsSyncStartedSchema = z.object({ run: ZDmsSyncRunSchema, alreadyRunning: z.boolean() });
export type TDmsSyncStarted = z.infer<typeof ZDmsSyncStartedSchema>;

/** GET /api/dms/sync_runs?companyId=: newest first. */
export const ZDmsSyncRunsQuerySchema = z.object({
  companyId: idRefOf('companies').optional(),
  kind: z.enum(DMS_SYNC_RUN_KINDS).optional(),
});

/** POST /api/dms/service_writers_sync answer: which writers matched users, which were added or are missing. */
export const ZDmsServiceWriterResultSchema = z.object({
  id: z.string(),
  name: z.string(),
  active: z.boolean(),
  /** matched: a user has this writer's id; created: a disabled user was added (addMissing); missing: no user. */
  outcome: z.enum(['matched', 'created', 'missing', 'inactive']),
  user: z.string().nullable(),
});
export const ZDmsServiceWritersSyncAnswerSchema = z.object({
  run: ZDmsSyncRunSchema,
  writers: z.array(ZDmsServiceWriterResultSchema),
});
export type TDmsServiceWritersSyncAnswer = z.infer<typeof ZDmsServiceWritersSyncAnswerSchema>;

export const DMS_PUSH_STATES = ['pending', 'done', 'failed'] as const;

/** One approved line on its way to the DMS (GET /api/dms/pushes?repairOrder=). */
export const ZDmsPushSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('DmsPush'),
  id: z.number().int(),
  repairOrder: z.string(),
  line: z.string(),
  kind: z.enum(['approved_line']),
  state: z.enum(DMS_PUSH_STATES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: ZIsoDateTimeSchema.nullable(),
  doneAt: ZIsoDateTimeSchema.nullable(),
  createdAt: ZIsoDateTimeSchema,
});
export type TDmsPush = z.infer<typeof ZDmsPushSchema>;

export const ZDmsPushesQuerySchema = z.object({ repairOrder: idRefOf('repair_orders') });
