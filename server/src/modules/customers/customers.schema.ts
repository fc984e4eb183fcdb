import type { TSurveySummary } from '@cd/contracts/survey';
import type { TPaymentRequestSummary } from '@cd/contracts/payments';
import { bigint, boolean, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export type TLastMessage = {
  content: string | null;
  direction: 'INBOUND' | 'OUTBOUND';
  status: string;
  createdAt: string;
  hasAttachments: boolean;
};

export const customers = pgTable(
  'customers',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone'),
    viberUserId: text('viber_user_id'),
    /** A website-chat visitor (migration 0047, docs/webchat.md): the customer's address on the `webchat` channel. */
    webchatVisitorId: text('webchat_visitor_id'),
    timezone: text('timezone'),
    email: text('email'),
    address: jsonb('address').notNull().$type<Record<string, string | null | undefined>>().default({}),
    notes: text('notes'),
    preferredBrand: text('preferred_brand'),
    preferredChannel: text('preferred_channel'),
    primaryContact: text('primary_contact'),
    alternateContact: text('alternate_contact'),
    optOut: boolean('opt_out').notNull().default(false),
    optedOutAt: timestamp('opted_out_at', { withTimezone: true, mode: 'date' }),
    tags: text('tags').array().notNull().default([]),
    archived: boolean('archived').notNull().default(false),
    bumpedAt: timestamp('bumped_at', { withTimezone: true, mode: 'date' }),
    lastMessage: jsonb('last_message').$type<TLastMessage | null>(),
    /** Customer.lastSurvey, kept by the surveys module. */
    lastSurvey: jsonb('last_survey').$type<TSurveySummary | null>(),
    /** Customer.lastPaymentRequest, kept by the payments module. */
    lastPaymentRequest: jsonb('last_payment_request').$type<TPaymentRequestSummary | null>(),
    lastInboundAt: timestamp('last_inbound_at', { withTimezone: true, mode: 'date' }),
    welcomeSentAt: timestamp('welcome_sent_at', { withTimezone: true, mode: 'date' }),
    /** The open routing wait's first-reply due time (modules/routing, migration 0046); null: none. */
    responseDueAt: timestamp('response_due_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);
export type TCustomerRow = typeof customers.$inferSelect;

export const customerReadStates = pgTable(
  'customer_read_states',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.customerId, t.userId] })],
);

export const consentEvents = pgTable('consent_events', {
  companyId: bigint('company_id', { mode: 'number' }).notNull(),
  id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity(),
  customerId: bigint('customer_id', { mode: 'number' }).notNull(),
  kind: text('kind').notNull().$type<'opt_out' | 'opt_in'>(),
  source: text('source').notNull(),
  channel: text('channel'),
  detail: jsonb('detail').notNull().$type<Record<string, unknown>>().default({}),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const userActivePages = pgTable(
  'user_active_pages',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    page: text('page').notNull(),
    customerId: bigint('customer_id', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] })],
);
