import type { TGroupMessageStatus } from '@cd/contracts/customer-group';
import { bigint, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const customerGroups = pgTable(
  'customer_groups',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);
export type TCustomerGroupRow = typeof customerGroups.$inferSelect;

export const customerGroupMembers = pgTable(
  'customer_group_members',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    groupId: bigint('group_id', { mode: 'number' }).notNull(),
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    addedAt: timestamp('added_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.groupId, t.customerId] })],
);

export const groupMessages = pgTable(
  'group_messages',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity(),
    groupId: bigint('group_id', { mode: 'number' }),
    userId: bigint('user_id', { mode: 'number' }),
    source: text('source').notNull().default('SYSTEM'),
    content: text('content'),
    /** scheduled → queued → sending (recipients being created) → sent (every recipient has its message). */
    status: text('status').notNull().$type<TGroupMessageStatus>(),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true, mode: 'date' }),
    recipientsTotal: integer('recipients_total').notNull().default(0),
    recipientsSkipped: integer('recipients_skipped').notNull().default(0),
    expandedAt: timestamp('expanded_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);
export type TGroupMessageRow = typeof groupMessages.$inferSelect;

export const groupMessageAttachments = pgTable(
  'group_message_attachments',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    groupMessageId: bigint('group_message_id', { mode: 'number' }).notNull(),
    mediaId: bigint('media_id', { mode: 'number' }).notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.groupMessageId, t.mediaId] })],
);
