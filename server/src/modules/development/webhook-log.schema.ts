import { bigint, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Incoming webhooks (migration 0037): system-only rows, redacted before they are written. */
export const webhookRequests = pgTable('webhook_requests', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  companyId: bigint('company_id', { mode: 'number' }),
  source: text('source').notNull(),
  method: text('method').notNull(),
  url: text('url').notNull(),
  requestHeaders: jsonb('request_headers').$type<Record<string, string>>().notNull(),
  contentType: text('content_type'),
  body: text('body'),
  status: integer('status').notNull(),
  verification: text('verification').notNull(),
  outcome: text('outcome').notNull(),
  error: text('error'),
  responseBody: text('response_body'),
  durationMs: integer('duration_ms').notNull(),
  replayOf: bigint('replay_of', { mode: 'number' }),
  replayCount: integer('replay_count').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
export type TWebhookRequestRow = typeof webhookRequests.$inferSelect;
export type TNewWebhookRequest = typeof webhookRequests.$inferInsert;
