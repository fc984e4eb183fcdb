import { bigint, boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The runs of recurring jobs and their on/off switch (migration 0039). They belong to jobs/, next to the registry
 * that writes them; the scheduled-jobs module reads them. System-only rows (no company).
 */
export const cronJobRuns = pgTable('cron_job_runs', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  job: text('job').notNull(),
  trigger: text('trigger').notNull().$type<'schedule' | 'manual' | 'catch_up'>(),
  slot: timestamp('slot', { withTimezone: true, mode: 'date' }),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  durationMs: integer('duration_ms'),
  outcome: text('outcome').notNull().$type<'running' | 'succeeded' | 'failed' | 'skipped'>(),
  error: text('error'),
  triggeredByUserId: bigint('triggered_by_user_id', { mode: 'number' }),
  process: text('process').notNull(),
});

export const cronJobSettings = pgTable('cron_job_settings', {
  job: text('job').primaryKey(),
  enabled: boolean('enabled').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedBy: bigint('updated_by', { mode: 'number' }),
});

export type TCronJobRunRow = typeof cronJobRuns.$inferSelect;
