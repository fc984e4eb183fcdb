import { bigint, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The outgoing API log (migration 0036): one row per call to an outside system, stored already redacted. */
export const apiCalls = pgTable('api_calls', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  companyId: bigint('company_id', { mode: 'number' }),
  vendor: text('vendor').notNull(),
  operation: text('operation').notNull(),
  method: text('method').notNull(),
  url: text('url').notNull(),
  status: integer('status'),
  durationMs: integer('duration_ms').notNull(),
  error: text('error'),
  requestHeaders: jsonb('request_headers').$type<Record<string, string>>().notNull(),
  requestBody: text('request_body'),
  responseHeaders: jsonb('response_headers').$type<Record<string, string>>().notNull(),
  responseBody: text('response_body'),
  subjectType: text('subject_type'),
  subjectId: bigint('subject_id', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
export type TApiCallRow = typeof apiCalls.$inferSelect;
export type TNewApiCall = typeof apiCalls.$inferInsert;
