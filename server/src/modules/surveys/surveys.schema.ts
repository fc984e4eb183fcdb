import { bigint, boolean, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { TSurveyQuestionAnswer, TSurveyState } from '@cd/contracts/survey';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A customer satisfaction survey (migration 0019). */
export const surveys = pgTable(
  'surveys',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity(),
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    repairOrderId: bigint('repair_order_id', { mode: 'number' }),
    advisorId: bigint('advisor_id', { mode: 'number' }),
    state: text('state').notNull().$type<TSurveyState>().default('planned'),
    cancelReason: text('cancel_reason'),
    manual: boolean('manual').notNull().default(false),
    dueAt: at('due_at').notNull(),
    sentAt: at('sent_at'),
    messageId: bigint('message_id', { mode: 'number' }),
    resentAt: at('resent_at'),
    answeredAt: at('answered_at'),
    answer: boolean('answer'),
    answers: jsonb('answers').notNull().$type<TSurveyQuestionAnswer[]>().default([]),
    comment: text('comment'),
    resolvedAt: at('resolved_at'),
    resolvedById: bigint('resolved_by_id', { mode: 'number' }),
    resolutionNote: text('resolution_note'),
    followUpTaskId: bigint('follow_up_task_id', { mode: 'number' }),
    googleClickedAt: at('google_clicked_at'),
    yelpClickedAt: at('yelp_clicked_at'),
    facebookClickedAt: at('facebook_clicked_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);
export type TSurveyRow = typeof surveys.$inferSelect;
