import { bigint, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type {
  TPaymentAttemptState,
  TPaymentMethod,
  TPaymentProduct,
  TPaymentRequestSource,
  TPaymentRequestStatus,
  TPaymentRequestStatusEntry,
  TPaymentTransactionKind,
  TPaymentTransactionStatus,
} from '@cd/contracts/payments';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const id = (name: string) => bigint(name, { mode: 'number' });
const cents = (name: string) => bigint(name, { mode: 'number' });

/** Migration 0022: every table of the payments area (requests, attempts, transactions, webhook deliveries). */
export const paymentRequests = pgTable(
  'payment_requests',
  {
    companyId: id('company_id').notNull(),
    id: id('id').generatedByDefaultAsIdentity(),
    customerId: id('customer_id'),
    repairOrderId: id('repair_order_id'),
    source: text('source').notNull().$type<TPaymentRequestSource>(),
    sourceId: id('source_id'),
    invoice: text('invoice').notNull().default(''),
    billTo: text('bill_to').notNull().default(''),
    products: jsonb('products').notNull().$type<TPaymentProduct[]>().default([]),
    subtotalCents: cents('subtotal_cents').notNull().default(0),
    taxCents: cents('tax_cents').notNull().default(0),
    amountCents: cents('amount_cents').notNull(),
    status: text('status').notNull().$type<TPaymentRequestStatus>().default('created'),
    statusReason: text('status_reason'),
    statuses: jsonb('statuses').notNull().$type<TPaymentRequestStatusEntry[]>().default([]),
    cancelledAt: at('cancelled_at'),
    expiresAt: at('expires_at'),
    sentAt: at('sent_at'),
    paidAt: at('paid_at'),
    paidCents: cents('paid_cents'),
    receiptEmail: text('receipt_email'),
    messageId: id('message_id'),
    createdById: id('created_by_id'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);
export type TPaymentRequestRow = typeof paymentRequests.$inferSelect;

export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    companyId: id('company_id').notNull(),
    id: id('id').generatedByDefaultAsIdentity(),
    paymentRequestId: id('payment_request_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    method: text('method').notNull().$type<TPaymentMethod>(),
    state: text('state').notNull().$type<TPaymentAttemptState>().default('pending'),
    amountCents: cents('amount_cents').notNull(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    declineReason: text('decline_reason'),
    errorCode: text('error_code'),
    message: text('message'),
    provider: text('provider'),
    providerKey: text('provider_key'),
    createdAt: at('created_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);
export type TPaymentAttemptRow = typeof paymentAttempts.$inferSelect;

export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    companyId: id('company_id').notNull(),
    id: id('id').generatedByDefaultAsIdentity(),
    paymentRequestId: id('payment_request_id'),
    attemptId: id('attempt_id'),
    parentId: id('parent_id'),
    provider: text('provider').notNull(),
    providerKey: text('provider_key').notNull(),
    kind: text('kind').notNull().$type<TPaymentTransactionKind>(),
    method: text('method').notNull().$type<TPaymentMethod>(),
    status: text('status').notNull().$type<TPaymentTransactionStatus>(),
    amountCents: cents('amount_cents').notNull(),
    refundedCents: cents('refunded_cents').notNull().default(0),
    feeCents: cents('fee_cents'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    customerId: id('customer_id'),
    createdById: id('created_by_id'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);
export type TPaymentTransactionRow = typeof paymentTransactions.$inferSelect;

export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    companyId: id('company_id').notNull(),
    id: id('id').generatedByDefaultAsIdentity(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull().default(''),
    providerKey: text('provider_key'),
    receivedAt: at('received_at').notNull().defaultNow(),
    outcome: text('outcome').notNull().default('received'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);
export type TPaymentWebhookEventRow = typeof paymentWebhookEvents.$inferSelect;
