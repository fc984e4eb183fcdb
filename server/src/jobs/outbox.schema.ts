import { bigint, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The transactional outbox (migration 0002). It belongs to jobs/, not to a feature module: every module enqueues
 * into it and the worker here drains it. company_id is nullable: a job may belong to no tenant.
 */
export const outboxJobs = pgTable('outbox_jobs', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  companyId: bigint('company_id', { mode: 'number' }),
  kind: text('kind').notNull(),
  payload: jsonb('payload').notNull().$type<Record<string, unknown>>(),
  runAt: timestamp('run_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  attempts: integer('attempts').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
  lastError: text('last_error'),
  doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
