import { and, asc, eq, lt, or, sql } from 'drizzle-orm';
import type { TAppDeps } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import type { TRecurringJob } from '../../jobs/recurring';
import { AppError } from '../../lib/errors';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { PaymentError, type TPaymentProcessor, type TPaymentTransaction } from '../../payments/payments';
import { findCompany } from '../companies/companies.api';
import { processorForCompany, type TPaymentLog } from './payments.processor';
import type { TProcessorOf } from './recurring-rules.jobs';
import { paymentRefundAttempts, type TRefundAttemptRow } from './refunds.schema';
import { recordRefundAttempt, releaseRefundAttempt } from './refunds.service';
import * as transactions from './transactions.repository';

type TDeps = Pick<TAppDeps, 'config' | 'db' | 'live'>;

const BATCH = 100;
/** A pending attempt older than this lost its request (a crash, a killed process): the processor is asked. */
export const REFUND_STALE_MS = 2 * 60_000;
/** An attempt the processor has no refund for this long after it began refunded nothing: the amount is given back. */
export const REFUND_NOT_MADE_AFTER_MS = 10 * 60_000;
export const REFUND_NOT_MADE_MESSAGE = 'The processor has no record of this refund: nothing was refunded.';

/** Open attempts across companies, oldest first (migration 0026's partial index on created_at). */
async function findOpenAttempts(tx: TTx, opts: { pendingBefore: Date; limit: number }): Promise<TRefundAttemptRow[]> {
  const a = paymentRefundAttempts;
  return tx
    .select()
    .from(a)
    .where(and(sql`${a.state} in ('pending', 'unknown')`, or(eq(a.state, 'unknown'), lt(sql`coalesce(${a.claimedAt}, ${a.createdAt})`, opts.pendingBefore))))
    .orderBy(asc(a.createdAt))
    .limit(opts.limit);
}

/** Another run (or process) holding the attempt is already settling it: skip it rather than wait. */
async function lockAttempt(tx: TTx, opts: { companyId: number; id: number }): Promise<TRefundAttemptRow | undefined> {
  const a = paymentRefundAttempts;
  const [row] = await tx
    .select()
    .from(a)
    .where(and(eq(a.companyId, opts.companyId), eq(a.id, opts.id)))
    .for('update', { skipLocked: true });
  return row;
}

type TVerdict = { kind: 'record'; result: TPaymentTransaction } | { kind: 'release'; message: string };

/** What the processor's answer means for the attempt; null = nothing known yet, ask again on the next run. */
function verdictOf(found: TPaymentTransaction | null, attempt: TRefundAttemptRow, now: Date): TVerdict | null {
  // Only a refund counts: the key is the attempt's own, anything else under it is not this refund.
  if (found && found.kind === 'refund') {
    if (found.outcome === 'approved' || found.outcome === 'partial') return { kind: 'record', result: found };
    return { kind: 'release', message: found.message || 'The refund was refused.' };
  }
  if (now.getTime() - (attempt.claimedAt ?? attempt.createdAt).getTime() >= REFUND_NOT_MADE_AFTER_MS)
    return { kind: 'release', message: REFUND_NOT_MADE_MESSAGE };
  return null;
}

/**
 * Refund attempts whose outcome is open (unknown, or pending past REFUND_STALE_MS) keep their amount reserved on the
 * sale. Each is looked up at the processor by its idempotency key (outside any transaction: no lock waits on the
 * network), then settled in one transaction that locks the sale, then the attempt (skip locked; the request path
 * locks in the same order) and re-checks that it is still open — so two runs at once, or a user's retry with the
 * same key, never record it twice. Found and approved → recorded exactly as the request path does; refused, or
 * nothing found REFUND_NOT_MADE_AFTER_MS after it began → the reservation is given back and the attempt failed.
 * A processor that does not answer is asked on the next run. Answers the number of attempts settled.
 */
export async function reconcileRefundAttempts(opts: { deps: TDeps; log: TPaymentLog; now?: Date; processorOf?: TProcessorOf }): Promise<number> {
  const now = opts.now ?? new Date();
  const processorOf: TProcessorOf = opts.processorOf ?? ((company) => processorForCompany({ config: opts.deps.config, company, log: opts.log }));
  const open = await runInScope(opts.deps.db, { companyId: null, system: true }, (tx) =>
    findOpenAttempts(tx, { pendingBefore: new Date(now.getTime() - REFUND_STALE_MS), limit: BATCH }),
  );
  let settled = 0;
  for (const candidate of open) {
    const { companyId } = candidate;
    const context = { refundAttemptId: candidate.id, companyId };
    const company = await runInScope(opts.deps.db, { companyId }, (tx) => findCompany(tx, companyId));
    if (!company) continue;
    let found: TPaymentTransaction | null;
    try {
      const processor: TPaymentProcessor | null = processorOf(company);
      // Payments switched off: the money may still have moved, so the attempt stays open rather than be guessed.
      if (!processor) continue;
      found = await processor.findTransaction({ idempotencyKey: candidate.idempotencyKey });
    } catch (err) {
      if (!(err instanceof PaymentError)) throw err;
      opts.log.warn({ ...context, kind: err.kind }, 'refund reconcile: the processor did not answer');
      continue;
    }
    const verdict = verdictOf(found, candidate, now);
    if (!verdict) continue;
    try {
      const done = await runWithLiveEvents({
        deps: opts.deps,
        scope: { companyId },
        fn: async (tx, emit) => {
          const sale = await transactions.lockTransaction(tx, { companyId, id: candidate.transactionId });
          const attempt = await lockAttempt(tx, { companyId, id: candidate.id });
          // Re-checked under the lock: still open, and not claimed by a retry since it was read (a retry that took it
          // to the processor meanwhile settles it itself; the verdict read before would be stale).
          if (!sale || !attempt || attempt.state !== candidate.state || attempt.claimedAt?.getTime() !== candidate.claimedAt?.getTime()) return false;
          if (verdict.kind === 'record') await recordRefundAttempt(tx, emit, { sale, attempt, result: verdict.result, createdById: attempt.createdById });
          else await releaseRefundAttempt(tx, emit, { sale, attempt, message: verdict.message });
          return true;
        },
      });
      if (done) {
        settled++;
        opts.log.info({ ...context, outcome: verdict.kind }, 'refund reconcile: attempt settled');
      }
    } catch (err) {
      // One attempt that cannot be settled (its refund row already exists under another attempt) must not stop the rest.
      if (!(err instanceof AppError)) throw err;
      opts.log.warn({ ...context, code: err.code }, 'refund reconcile: attempt not settled');
    }
  }
  return settled;
}

/** Every 5 minutes, once per slot across processes (jobs/recurring.ts). */
export function createRefundJobs(opts: { deps: TDeps; log: TPaymentLog }): TRecurringJob[] {
  return [
    {
      name: 'payment_refund_reconcile',
      cron: '*/5 * * * *',
      timeZone: 'UTC',
      // Lost refund answers must be settled however late.
      missedSlots: 'catch_up',
      description: 'Asks the processor about refunds whose answer was lost: records the ones it made, gives back the amount of the ones it did not.',
      run: async () => {
        await reconcileRefundAttempts(opts);
      },
    },
  ];
}
