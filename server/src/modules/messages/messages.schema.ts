import { bigint, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const messages = pgTable(
  'messages',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity(),
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }),
    direction: text('direction').notNull().$type<'INBOUND' | 'OUTBOUND'>(),
    status: text('status').notNull(),
    type: text('type').notNull().default('STANDARD'),
    channel: text('channel').notNull(),
    sender: text('sender').notNull().$type<'agent' | 'customer' | 'system'>(),
    content: text('content'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true, mode: 'date' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    providerMessageId: text('provider_message_id'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    attempt: integer('attempt').notNull().default(0),
    attemptStartedAt: timestamp('attempt_started_at', { withTimezone: true, mode: 'date' }),
    groupMessageId: bigint('group_message_id', { mode: 'number' }),
    pendingMedia: jsonb('pending_media').$type<{ url: string; contentType: string }[] | null>(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);
export type TMessageRow = typeof messages.$inferSelect;

export const messageAttachments = pgTable(
  'message_attachments',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    messageId: bigint('message_id', { mode: 'number' }).notNull(),
    mediaId: bigint('media_id', { mode: 'number' }).notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.messageId, t.mediaId] })],
);

export const messageTemplates = pgTable(
  'message_templates',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);
export type TMessageTemplateRow = typeof messageTemplates.$inferSelect;
