import { bigint, boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { TRepairOrderStatus } from '@cd/contracts/repair-order';
import type { TRepairOrderLineStatus } from '@cd/contracts/repair-order-line';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Repair orders (migration 0014); `closedAt` null means open. */
export const repairOrders = pgTable(
  'repair_orders',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity(),
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    vehicleId: bigint('vehicle_id', { mode: 'number' }),
    number: text('number').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull().default(0),
    type: text('type'),
    status: text('status').notNull().$type<TRepairOrderStatus>().default('new'),
    serviceAdvisorId: bigint('service_advisor_id', { mode: 'number' }),
    mechanicId: bigint('mechanic_id', { mode: 'number' }),
    openedAt: at('opened_at').notNull().defaultNow(),
    promisedAt: at('promised_at'),
    closedAt: at('closed_at'),
    vehicleReadySentAt: at('vehicle_ready_sent_at'),
    surveyRequestedAt: at('survey_requested_at'),
    surveySkipped: boolean('survey_skipped').notNull().default(false),
    /** The order's live survey (the surveys module keeps it). */
    surveyId: bigint('survey_id', { mode: 'number' }),
    /** The order's payment requests, oldest first (the payments module keeps it). */
    paymentRequestIds: bigint('payment_request_ids', { mode: 'number' }).array().notNull().default([]),
    dmsVendor: text('dms_vendor').$type<'vendor_a' | 'vendor_b'>(),
    dmsKey: text('dms_key'),
    dmsSyncedAt: at('dms_synced_at'),
    /** Kept by the DMS link: pushes waiting, and the latest error of the waiting or failed ones. */
    dmsPendingPushes: integer('dms_pending_pushes').notNull().default(0),
    dmsLastError: text('dms_last_error'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);
export type TRepairOrderRow = typeof repairOrders.$inferSelect;

/** Lines (service items); files are media objects with entityName RepairOrderLine. */
export const repairOrderLines = pgTable(
  'repair_order_lines',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity(),
    repairOrderId: bigint('repair_order_id', { mode: 'number' }).notNull(),
    description: text('description').notNull(),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull().default(0),
    status: text('status').notNull().$type<TRepairOrderLineStatus>().default('pending'),
    decidedAt: at('decided_at'),
    decidedBy: text('decided_by').$type<'customer' | 'staff' | 'dms'>(),
    approvalRound: integer('approval_round'),
    dmsKey: text('dms_key'),
    dmsPushedAt: at('dms_pushed_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);
export type TRepairOrderLineRow = typeof repairOrderLines.$inferSelect;
