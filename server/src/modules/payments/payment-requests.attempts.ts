import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TPaymentAttemptState, TPaymentMethod } from '@cd/contracts/payments';
import type { TTx } from '../../db/client';
import { paymentAttempts, paymentTransactions, paymentWebhookEvents, type TPaymentAttemptRow, type TPaymentTransactionRow } from './payment-requests.schema';

/**
 * The rows of a charge: attempts (inserted before the processor is called, under a unique idempotency key per
 * company), the sale transactions they produce, and the webhook deliveries (stored once per event id).
 */

/** Inserts an attempt; undefined when the key exists already (a double tap: the caller reads the first one). */
export async function insertAttempt(
  tx: TTx,
  values: { companyId: number; paymentRequestId: number; idempotencyKey: string; method: TPaymentMethod; amountCents: number; provider: string },
): Promise<TPaymentAttemptRow | undefined> {
  const [row] = await tx
    .insert(paymentAttempts)
    .values({ ...values, state: 'pending' })
    .onConflictDoNothing({ target: [paymentAttempts.companyId, paymentAttempts.idempotencyKey] })
    .returning();
  return row;
}

export async function findAttemptByKey(tx: TTx, opts: { companyId: number; idempotencyKey: string }): Promise<TPaymentAttemptRow | undefined> {
  const [row] = await tx
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.companyId, opts.companyId), eq(paymentAttempts.idempotencyKey, opts.idempotencyKey)))
    .limit(1);
  return row;
}

export async function findAttemptByProviderKey(tx: TTx, opts: { companyId: number; providerKey: string }): Promise<TPaymentAttemptRow | undefined> {
  const [row] = await tx
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.companyId, opts.companyId), eq(paymentAttempts.providerKey, opts.providerKey)))
    .limit(1);
  return row;
}

/** Attempts of a request whose outcome is not known yet (one in flight blocks a second charge). */
export async function findOpenAttempt(tx: TTx, opts: { companyId: number; paymentRequestId: number }): Promise<TPaymentAttemptRow | undefined> {
  const [row] = await tx
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.companyId, opts.companyId),
        eq(paymentAttempts.paymentRequestId, opts.paymentRequestId),
        inArray(paymentAttempts.state, ['pending', 'unknown']),
      ),
    )
    .limit(1);
  return row;
}

export async function findApprovedAttempt(tx: TTx, opts: { companyId: number; paymentRequestId: number }): Promise<TPaymentAttemptRow | undefined> {
  const [row] = await tx
    .select()
    .from(paymentAttempts)
    .where(
      and(eq(paymentAttempts.companyId, opts.companyId), eq(paymentAttempts.paymentRequestId, opts.paymentRequestId), eq(paymentAttempts.state, 'approved')),
    )
    .limit(1);
  return row;
}

export type TAttemptOutcome = Partial<Pick<TPaymentAttemptRow, 'cardBrand' | 'cardLast4' | 'declineReason' | 'errorCode' | 'message' | 'providerKey'>> & {
  state: TPaymentAttemptState;
};

/**
 * Records an attempt's outcome only while it is still open (pending or unknown): a late answer never overwrites an
 * outcome already recorded (the webhook and the reconcile job may race the charge). Undefined when it was settled.
 */
export async function settleAttempt(tx: TTx, opts: { companyId: number; id: number; outcome: TAttemptOutcome }): Promise<TPaymentAttemptRow | undefined> {
  const open: TPaymentAttemptState[] = opts.outcome.state === 'unknown' ? ['pending'] : ['pending', 'unknown'];
  const [row] = await tx
    .update(paymentAttempts)
    .set({ ...opts.outcome, finishedAt: opts.outcome.state === 'unknown' ? null : new Date() })
    .where(and(eq(paymentAttempts.companyId, opts.companyId), eq(paymentAttempts.id, opts.id), inArray(paymentAttempts.state, open)))
    .returning();
  return row;
}

/** Attempts to reconcile, across companies (system scope): unknown ones, and pending ones older than `pendingBefore`. */
export async function findAttemptsToReconcile(tx: TTx, opts: { pendingBefore: Date; limit: number }): Promise<TPaymentAttemptRow[]> {
  return tx
    .select()
    .from(paymentAttempts)
    .where(sql`(${paymentAttempts.state} = 'unknown' or (${paymentAttempts.state} = 'pending' and ${paymentAttempts.createdAt} < ${opts.pendingBefore}))`)
    .orderBy(paymentAttempts.createdAt)
    .limit(opts.limit);
}

/** A sale as the processor recorded it; undefined when it is recorded already (same provider key: a replay). */
export async function insertSaleTransaction(
  tx: TTx,
  values: Omit<typeof paymentTransactions.$inferInsert, 'id' | 'createdAt' | 'kind' | 'refundedCents'>,
): Promise<TPaymentTransactionRow | undefined> {
  const [row] = await tx
    .insert(paymentTransactions)
    .values({ ...values, kind: 'sale' })
    .onConflictDoNothing({ target: [paymentTransactions.companyId, paymentTransactions.provider, paymentTransactions.providerKey] })
    .returning();
  return row;
}

export async function findSaleOfRequest(tx: TTx, opts: { companyId: number; paymentRequestId: number }): Promise<TPaymentTransactionRow | undefined> {
  const [row] = await tx
    .select()
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.companyId, opts.companyId),
        eq(paymentTransactions.paymentRequestId, opts.paymentRequestId),
        eq(paymentTransactions.kind, 'sale'),
        inArray(paymentTransactions.status, ['approved', 'refunded', 'partially_refunded']),
      ),
    )
    .limit(1);
  return row;
}

/** Stores a webhook delivery once; false when its event id was seen before (a replay: no second effect). */
export async function insertWebhookEvent(
  tx: TTx,
  values: { companyId: number; provider: string; eventId: string; eventType: string; providerKey: string | null },
): Promise<number | undefined> {
  const [row] = await tx
    .insert(paymentWebhookEvents)
    .values(values)
    .onConflictDoNothing({ target: [paymentWebhookEvents.companyId, paymentWebhookEvents.provider, paymentWebhookEvents.eventId] })
    .returning({ id: paymentWebhookEvents.id });
  return row?.id;
}

/** Whether an event id was stored already: a replay is answered without asking the processor again. */
export async function webhookEventStored(tx: TTx, opts: { companyId: number; provider: string; eventId: string }): Promise<boolean> {
  const [row] = await tx
    .select({ id: paymentWebhookEvents.id })
    .from(paymentWebhookEvents)
    .where(
      and(eq(paymentWebhookEvents.companyId, opts.companyId), eq(paymentWebhookEvents.provider, opts.provider), eq(paymentWebhookEvents.eventId, opts.eventId)),
    )
    .limit(1);
  return row !== undefined;
}

export async function setWebhookOutcome(tx: TTx, opts: { companyId: number; id: number; outcome: string }): Promise<void> {
  await tx
    .update(paymentWebhookEvents)
    .set({ outcome: opts.outcome })
    .where(and(eq(paymentWebhookEvents.companyId, opts.companyId), eq(paymentWebhookEvents.id, opts.id)));
}
