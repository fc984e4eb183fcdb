import { bigint, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const auditLog = pgTable('audit_log', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  companyId: bigint('company_id', { mode: 'number' }),
  realUserId: bigint('real_user_id', { mode: 'number' }),
  effectiveUserId: bigint('effective_user_id', { mode: 'number' }),
  action: text('action').notNull(),
  detail: jsonb('detail').notNull().$type<Record<string, unknown>>(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
