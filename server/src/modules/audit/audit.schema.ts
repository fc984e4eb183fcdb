import { bigint, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export interface TAuditChange {
  field: string;
  before: unknown;
  after: unknown;
}

export const auditLog = pgTable('audit_log', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  companyId: bigint('company_id', { mode: 'number' }),
  realUserId: bigint('real_user_id', { mode: 'number' }),
  effectiveUserId: bigint('effective_user_id', { mode: 'number' }),
  action: text('action').notNull(),
  detail: jsonb('detail').notNull().$type<Record<string, unknown>>(),
  /** What the action touched (`user`, `company`…) and its id (migration 0040). */
  entityType: text('entity_type'),
  entityId: bigint('entity_id', { mode: 'number' }),
  ip: text('ip'),
  userAgent: text('user_agent'),
  changes: jsonb('changes').notNull().default([]).$type<TAuditChange[]>(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
