import { bigint, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A staff task with a due time (migration 0019), e.g. the follow-up of a negative survey. */
export const tasks = pgTable(
  'tasks',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity(),
    assigneeId: bigint('assignee_id', { mode: 'number' }),
    customerId: bigint('customer_id', { mode: 'number' }),
    title: text('title').notNull(),
    body: text('body'),
    dueAt: at('due_at').notNull(),
    doneAt: at('done_at'),
    doneById: bigint('done_by_id', { mode: 'number' }),
    doneNote: text('done_note'),
    entity: text('entity'),
    entityId: bigint('entity_id', { mode: 'number' }),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);
export type TTaskRow = typeof tasks.$inferSelect;
