import { and, eq } from 'drizzle-orm';
import type { TTx } from '../../db/client';
import { paymentRefundAttempts, type TRefundAttemptRow } from './refunds.schema';

/** A refund attempt by its idempotency key (a double click, a retry). */
export async function findRefundAttempt(tx: TTx, opts: { companyId: number; idempotencyKey: string }): Promise<TRefundAttemptRow | undefined> {
  const [row] = await tx
    .select()
    .from(paymentRefundAttempts)
    .where(and(eq(paymentRefundAttempts.companyId, opts.companyId), eq(paymentRefundAttempts.idempotencyKey, opts.idempotencyKey)))
    .for('update');
  return row;
}

export async function insertRefundAttempt(
  tx: TTx,
  values: Pick<TRefundAttemptRow, 'companyId' | 'transactionId' | 'idempotencyKey' | 'amountCents' | 'createdById'>,
): Promise<TRefundAttemptRow> {
  const [row] = await tx.insert(paymentRefundAttempts).values(values).returning();
  return row!;
}

export async function finishRefundAttempt(
  tx: TTx,
  opts: { companyId: number; id: number; state: TRefundAttemptRow['state']; refundTransactionId?: number | null; message?: string | null },
): Promise<void> {
  await tx
    .update(paymentRefundAttempts)
    .set({
      state: opts.state,
      refundTransactionId: opts.refundTransactionId ?? null,
      message: opts.message ?? null,
      finishedAt: opts.state === 'unknown' ? null : new Date(),
    })
    .where(and(eq(paymentRefundAttempts.companyId, opts.companyId), eq(paymentRefundAttempts.id, opts.id)));
}

/**
 * A retry takes an open (unknown) attempt to the processor: back to pending with the claim time, in the caller's
 * transaction that holds the attempt's row lock. The reconcile job skips a pending attempt claimed less than
 * REFUND_STALE_MS ago, and re-checks the claim under its own lock, so the two never both refund.
 */
export async function claimRefundAttempt(tx: TTx, opts: { companyId: number; id: number; now: Date }): Promise<TRefundAttemptRow | undefined> {
  const a = paymentRefundAttempts;
  const [row] = await tx
    .update(a)
    .set({ state: 'pending', claimedAt: opts.now, finishedAt: null })
    .where(and(eq(a.companyId, opts.companyId), eq(a.id, opts.id), eq(a.state, 'unknown')))
    .returning();
  return row;
}

export async function lockRefundAttempt(tx: TTx, opts: { companyId: number; id: number }): Promise<TRefundAttemptRow | undefined> {
  const a = paymentRefundAttempts;
  const [row] = await tx
    .select()
    .from(a)
    .where(and(eq(a.companyId, opts.companyId), eq(a.id, opts.id)))
    .for('update');
  return row;
}
