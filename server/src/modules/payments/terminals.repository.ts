import { and, desc, eq, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client';
import { paymentTerminalRequests, type TTerminalRequestRow } from './terminals.schema';

const t = paymentTerminalRequests;
const running = sql`${t.state} in ('creating', 'pending', 'processing')`;

/**
 * Writes a new terminal request (state creating). Undefined when the payment request or the terminal already has one
 * running: the partial unique indexes decide, so two clicks or two advisors cannot start two.
 */
export async function insertTerminalRequest(
  tx: TTx,
  values: Pick<TTerminalRequestRow, 'companyId' | 'paymentRequestId' | 'terminalSerial' | 'provider' | 'idempotencyKey' | 'amountCents' | 'createdById'>,
): Promise<TTerminalRequestRow | undefined> {
  const [row] = await tx.insert(t).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findTerminalRequest(
  tx: TTx,
  opts: { companyId: number | null; id: number; forUpdate?: boolean },
): Promise<TTerminalRequestRow | undefined> {
  const where = opts.companyId === null ? eq(t.id, opts.id) : and(eq(t.companyId, opts.companyId), eq(t.id, opts.id));
  const q = tx.select().from(t).where(where).limit(1);
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row;
}

/** The newest terminal request of a payment request (running or not). */
export async function findLatestOfRequest(
  tx: TTx,
  opts: { companyId: number; paymentRequestId: number; forUpdate?: boolean },
): Promise<TTerminalRequestRow | undefined> {
  const q = tx
    .select()
    .from(t)
    .where(and(eq(t.companyId, opts.companyId), eq(t.paymentRequestId, opts.paymentRequestId)))
    .orderBy(desc(t.id))
    .limit(1);
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row;
}

export type TTerminalUpdate = Partial<
  Pick<TTerminalRequestRow, 'state' | 'providerStatus' | 'providerKey' | 'deviceKey' | 'transactionId' | 'attemptId' | 'message' | 'finishedAt' | 'polls'>
>;

/** Updates a request that is still running (conditional): undefined when it finished meanwhile (cancel vs. completion). */
export async function updateRunning(tx: TTx, opts: { companyId: number; id: number; values: TTerminalUpdate }): Promise<TTerminalRequestRow | undefined> {
  const [row] = await tx
    .update(t)
    .set({ ...opts.values, updatedAt: new Date() })
    .where(and(eq(t.companyId, opts.companyId), eq(t.id, opts.id), running))
    .returning();
  return row;
}
