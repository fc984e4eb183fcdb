import { bigint, boolean, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Preview of a thread's newest message, kept on the thread so the list needs no per-thread lookup. */
export type TInternalChatLastMessageRow = {
  id: number;
  content: string | null;
  userId: number | null;
  hasAttachments: boolean;
  sentAt: string;
};

/** Tables created by migration 0006; tenant-owned (RLS on company_id). */
export const internalChatThreads = pgTable(
  'internal_chat_threads',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity(),
    ownerId: bigint('owner_id', { mode: 'number' }),
    name: text('name'),
    isGroup: boolean('is_group').notNull(),
    directUserLow: bigint('direct_user_low', { mode: 'number' }),
    directUserHigh: bigint('direct_user_high', { mode: 'number' }),
    bumpedAt: timestamp('bumped_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true, mode: 'date' }),
    lastMessage: jsonb('last_message').$type<TInternalChatLastMessageRow | null>(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);
export type TInternalChatThreadRow = typeof internalChatThreads.$inferSelect;

export const internalChatMembers = pgTable(
  'internal_chat_members',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    threadId: bigint('thread_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    archived: boolean('archived').notNull().default(false),
    joinedAt: timestamp('joined_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.threadId, t.userId] })],
);
export type TInternalChatMemberRow = typeof internalChatMembers.$inferSelect;

export const internalChatMessages = pgTable(
  'internal_chat_messages',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity(),
    threadId: bigint('thread_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }),
    content: text('content'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);
export type TInternalChatMessageRow = typeof internalChatMessages.$inferSelect;

export const internalChatMessageAttachments = pgTable(
  'internal_chat_message_attachments',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    messageId: bigint('message_id', { mode: 'number' }).notNull(),
    mediaId: bigint('media_id', { mode: 'number' }).notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.messageId, t.mediaId] })],
);
