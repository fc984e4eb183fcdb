import { bigint, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const id = (name: string) => bigint(name, { mode: 'number' });

/** Migration 0023: one try to refund a sale (its idempotency key and the amount reserved on the sale). */
export const paymentRefundAttempts = pgTable(
  'payment_refund_attempts',
  {
    companyId: id('company_id').notNull(),
    id: id('id').generatedByDefaultAsIdentity(),
    transactionId: id('transaction_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    state: text('state').notNull().$type<'pending' | 'approved' | 'failed' | 'unknown'>().default('pending'),
    refundTransactionId: id('refund_transaction_id'),
    message: text('message'),
    createdById: id('created_by_id'),
    createdAt: at('created_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
    /** Migration 0027: when a retry last took the open attempt to the processor (the job waits for it). */
    claimedAt: at('claimed_at'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);
export type TRefundAttemptRow = typeof paymentRefundAttempts.$inferSelect;
