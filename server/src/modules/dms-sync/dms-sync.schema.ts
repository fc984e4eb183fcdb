import { bigint, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type TDmsType = 'vendor_a' | 'vendor_b';
export type TDmsRunKind = 'import' | 'service_writers';
export type TDmsRunState = 'running' | 'done' | 'failed';
export type TDmsPushState = 'pending' | 'done' | 'failed';

/** One import or service-writer sync (migration 0017); at most one running per company and kind. */
export const dmsSyncRuns = pgTable(
  'dms_sync_runs',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity(),
    kind: text('kind').notNull().$type<TDmsRunKind>(),
    trigger: text('trigger').notNull().$type<'manual' | 'schedule'>(),
    state: text('state').notNull().$type<TDmsRunState>().default('running'),
    requestedBy: bigint('requested_by', { mode: 'number' }),
    dmsVendor: text('dms_vendor').notNull().$type<TDmsType>(),
    startedAt: at('started_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
    counts: jsonb('counts').notNull().$type<Record<string, number>>().default({}),
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);
export type TDmsSyncRunRow = typeof dmsSyncRuns.$inferSelect;

/** An approved line on its way to the DMS; unique per (company, line, kind) so nothing is pushed twice. */
export const dmsPushes = pgTable(
  'dms_pushes',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity(),
    repairOrderId: bigint('repair_order_id', { mode: 'number' }).notNull(),
    lineId: bigint('line_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull().$type<'approved_line'>().default('approved_line'),
    state: text('state').notNull().$type<TDmsPushState>().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    lockedUntil: at('locked_until'),
    dmsLineKey: text('dms_line_key'),
    doneAt: at('done_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);
export type TDmsPushRow = typeof dmsPushes.$inferSelect;

/** The vendor's customer key → our customer, so a customer without a usable phone is found again, not duplicated. */
export const dmsCustomerKeys = pgTable(
  'dms_customer_keys',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    dmsVendor: text('dms_vendor').notNull().$type<TDmsType>(),
    dmsKey: text('dms_key').notNull(),
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.dmsVendor, t.dmsKey] })],
);
