import type { TAppDeps } from '../../context';
import { runInScope } from '../../db/client';
import type { TRecurringJob } from '../../jobs/recurring';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { PaymentError, type TPaymentTransaction } from '../../payments/payments';
import { findCompany } from '../companies/companies.api';
import * as attempts from './payment-requests.attempts';
import * as repo from './payment-requests.repository';
import { expirePaymentRequestInTx } from './payment-requests.service';
import { recordAttemptResult } from './payment-requests.settle';
import { processorForCompany, type TPaymentLog } from './payments.processor';

type TDeps = Pick<TAppDeps, 'config' | 'db' | 'live'>;

/** A pending attempt older than this lost its charge call (a crash, a dropped answer): the processor is asked. */
export const PENDING_STALE_MS = 2 * 60_000;
/** An attempt the processor has no sale for, this long after it began, charged nothing: it becomes an error. */
export const NOT_CHARGED_AFTER_MS = 10 * 60_000;
const BATCH = 100;

/** Marks requests whose expiry passed as expired and revokes their links; answers how many. */
export async function expireDuePaymentRequests(opts: { deps: TDeps; now?: Date }): Promise<number> {
  const now = opts.now ?? new Date();
  const due = await runInScope(opts.deps.db, { companyId: null, system: true }, (tx) => repo.findExpiredDue(tx, { now, limit: BATCH }));
  let expired = 0;
  for (const r of due) {
    const done = await runWithLiveEvents({
      deps: opts.deps,
      scope: { companyId: r.companyId },
      fn: (tx, emit) => expirePaymentRequestInTx(tx, { deps: opts.deps, companyId: r.companyId, id: r.id, now, emit }),
    });
    if (done) expired++;
  }
  return expired;
}

/**
 * Resolves attempts whose outcome we do not know (a timeout, a dropped answer, a crash between the attempt and the
 * call) by asking the processor for the sale made under the attempt's idempotency key: approved → paid, declined →
 * declined, none after NOT_CHARGED_AFTER_MS → nothing was charged (error). A processor that does not answer is asked
 * again on the next round. Answers how many attempts were settled.
 */
export async function reconcilePaymentAttempts(opts: { deps: TDeps; log: TPaymentLog; now?: Date }): Promise<number> {
  const now = opts.now ?? new Date();
  const open = await runInScope(opts.deps.db, { companyId: null, system: true }, (tx) =>
    attempts.findAttemptsToReconcile(tx, { pendingBefore: new Date(now.getTime() - PENDING_STALE_MS), limit: BATCH }),
  );
  let settled = 0;
  for (const attempt of open) {
    const company = await runInScope(opts.deps.db, { companyId: attempt.companyId }, (tx) => findCompany(tx, attempt.companyId));
    if (!company) continue;
    let found: TPaymentTransaction | null;
    let provider: string;
    try {
      const processor = processorForCompany({ config: opts.deps.config, company, log: opts.log, paymentRequestId: attempt.paymentRequestId });
      if (!processor) continue;
      provider = processor.provider;
      found = await processor.findTransaction({ idempotencyKey: attempt.idempotencyKey });
    } catch (err) {
      if (!(err instanceof PaymentError)) throw err;
      opts.log.warn({ attemptId: attempt.id, companyId: attempt.companyId, kind: err.kind }, 'payment reconcile: the processor did not answer');
      continue;
    }
    const giveUp = now.getTime() - attempt.createdAt.getTime() >= NOT_CHARGED_AFTER_MS;
    if (!found && !giveUp) continue;
    const done = await runWithLiveEvents({
      deps: opts.deps,
      scope: { companyId: attempt.companyId },
      fn: async (tx, emit) => {
        const request = await repo.findPaymentRequest(tx, { companyId: attempt.companyId, id: attempt.paymentRequestId, forUpdate: true });
        const current = await attempts.findAttemptByKey(tx, { companyId: attempt.companyId, idempotencyKey: attempt.idempotencyKey });
        if (!request || !current || (current.state !== 'pending' && current.state !== 'unknown')) return false;
        if (found) {
          await recordAttemptResult(tx, { deps: opts.deps, request, attempt: current, provider, result: found, emit });
          return true;
        }
        return !!(await attempts.settleAttempt(tx, { companyId: attempt.companyId, id: attempt.id, outcome: { state: 'error', errorCode: 'not_charged' } }));
      },
    });
    if (done) settled++;
  }
  return settled;
}

/** The recurring jobs of payments (jobs/recurring.ts registry: the scheduled-jobs screen lists them). */
export function createPaymentRecurringJobs(opts: { deps: TDeps; log: TPaymentLog }): TRecurringJob[] {
  return [
    {
      name: 'payment_request_expiry',
      cron: '*/5 * * * *',
      timeZone: 'UTC',
      // Expiry is overdue, not wrong, when late.
      missedSlots: 'catch_up',
      description: 'Marks payment requests expired once their company\'s "expire after" days have passed since sending, and revokes their links.',
      run: async () => void (await expireDuePaymentRequests({ deps: opts.deps })),
    },
    {
      name: 'payment_reconcile',
      cron: '* * * * *',
      timeZone: 'UTC',
      // Unknown charge outcomes must be settled however late.
      missedSlots: 'catch_up',
      description: 'Asks the card processor about charges whose outcome is unknown (timeouts, lost answers) and records them.',
      run: async () => void (await reconcilePaymentAttempts({ deps: opts.deps, log: opts.log })),
    },
  ];
}
