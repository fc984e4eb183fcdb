import { bigint, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { TTerminalRequestState } from '@cd/contracts/payment-operations';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const id = (name: string) => bigint(name, { mode: 'number' });

/** Migration 0023: a payment request sent to a card terminal. */
export const paymentTerminalRequests = pgTable(
  'payment_terminal_requests',
  {
    companyId: id('company_id').notNull(),
    id: id('id').generatedByDefaultAsIdentity(),
    paymentRequestId: id('payment_request_id').notNull(),
    attemptId: id('attempt_id'),
    terminalSerial: text('terminal_serial').notNull(),
    deviceKey: text('device_key'),
    provider: text('provider').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    providerKey: text('provider_key'),
    state: text('state').notNull().$type<TTerminalRequestState>().default('creating'),
    providerStatus: text('provider_status').notNull().default(''),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    transactionId: id('transaction_id'),
    message: text('message'),
    polls: integer('polls').notNull().default(0),
    createdById: id('created_by_id'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);
export type TTerminalRequestRow = typeof paymentTerminalRequests.$inferSelect;
