import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const errorReports = pgTable('error_reports', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }),
  eventId: text('event_id'),
  release: text('release'),
  environment: text('environment'),
  level: text('level'),
  message: text('message'),
  exceptionType: text('exception_type'),
  exceptionValue: text('exception_value'),
  stack: text('stack'),
  url: text('url'),
  userAgent: text('user_agent'),
  userId: bigint('user_id', { mode: 'number' }),
  companyId: bigint('company_id', { mode: 'number' }),
  reportedUserId: text('reported_user_id'),
});
export type TErrorReportRow = typeof errorReports.$inferSelect;
export type TNewErrorReport = typeof errorReports.$inferInsert;
