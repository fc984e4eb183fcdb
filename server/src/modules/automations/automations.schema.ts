import { bigint, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { TAutomatedMessageEntity, TAutomatedMessageKind, TAutomatedMessageState } from '@cd/contracts/automated-message';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The engine's once-only record (migration 0014): one row per key, unique per company. */
export const automatedMessages = pgTable(
  'automated_messages',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity(),
    key: text('key').notNull(),
    kind: text('kind').notNull().$type<TAutomatedMessageKind>(),
    entity: text('entity').notNull().$type<TAutomatedMessageEntity>(),
    entityId: bigint('entity_id', { mode: 'number' }).notNull(),
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    state: text('state').notNull().$type<TAutomatedMessageState>().default('planned'),
    reasonKey: text('reason_key'),
    dueAt: at('due_at').notNull().defaultNow(),
    heldUntil: at('held_until'),
    sentAt: at('sent_at'),
    content: text('content'),
    messageId: bigint('message_id', { mode: 'number' }),
    channel: text('channel'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);
export type TAutomatedMessageRow = typeof automatedMessages.$inferSelect;
