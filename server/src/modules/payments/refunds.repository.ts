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
