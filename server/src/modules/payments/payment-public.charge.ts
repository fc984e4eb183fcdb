import type { TDeclineReason, TPublicChargeBody, TPublicChargeResult } from '@cd/contracts/payments';
import type { TAppDeps } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { PaymentError, type TPaymentProcessor, type TPaymentTransaction } from '../../payments/payments';
import * as attempts from './payment-requests.attempts';
import * as repo from './payment-requests.repository';
import type { TPaymentAttemptRow, TPaymentRequestRow } from './payment-requests.schema';
import { receiptMail, receiptOf, recordAttemptResult } from './payment-requests.settle';
import { PAYMENT_IN_PROGRESS, publicProcessor, requirePayable, resolvePaymentLink, type TResolvedPayment } from './payment-public.service';
import type { TPaymentLog } from './payments.processor';

const DECLINE_REASONS = new Set<string>([
  'insufficient_funds',
  'do_not_honor',
  'card_declined',
  'cvc_failed',
  'restricted_card',
  'expired_card',
  'fraud_suspected',
  'referral',
  'other',
]);

/** The page's answer for an attempt as recorded (a double tap gets the first tap's answer). */
async function answerOf(tx: TTx, attempt: TPaymentAttemptRow): Promise<TPublicChargeResult> {
  switch (attempt.state) {
    case 'approved': {
      const request = (await repo.findPaymentRequest(tx, { companyId: attempt.companyId, id: attempt.paymentRequestId }))!;
      const sale = await attempts.findSaleOfRequest(tx, { companyId: attempt.companyId, paymentRequestId: attempt.paymentRequestId });
      return { outcome: 'approved', declineReason: null, errorCode: null, receipt: receiptOf({ request, sale }) };
    }
    case 'declined':
    case 'partial':
      return {
        outcome: 'declined',
        declineReason: (DECLINE_REASONS.has(attempt.declineReason ?? '') ? attempt.declineReason : 'other') as TDeclineReason,
        errorCode: attempt.errorCode,
        receipt: null,
      };
    case 'error':
      return { outcome: 'error', declineReason: null, errorCode: attempt.errorCode, receipt: null };
    default:
      return { outcome: 'pending', declineReason: null, errorCode: null, receipt: null };
  }
}

type TStart =
  { kind: 'answer'; answer: TPublicChargeResult } | { kind: 'charge'; attempt: TPaymentAttemptRow; resolved: TResolvedPayment; processor: TPaymentProcessor };

/**
 * Step 1, one short transaction with the request row locked: a known key answers what it got the first time; a paid
 * request, one being charged right now (an attempt still open) or a closed link refuse; else the attempt is inserted
 * (pending) before any outside call. The lock and the open-attempt check keep parallel charges of one request to one
 * call at a time, and the partial unique index to one approved attempt whatever happens.
 */
async function startCharge(opts: { deps: TAppDeps; code: string; body: TPublicChargeBody; log: TPaymentLog }): Promise<TStart> {
  return runInScope(opts.deps.db, { companyId: null, system: true }, async (tx) => {
    const resolved = await resolvePaymentLink(tx, { code: opts.code, forUpdate: true });
    const { request, company } = resolved;
    const known = await attempts.findAttemptByKey(tx, { companyId: company.id, idempotencyKey: opts.body.idempotencyKey });
    if (known) {
      if (known.paymentRequestId !== request.id) throw new AppError('conflict', 'idempotency_key_reused');
      return { kind: 'answer', answer: await answerOf(tx, known) };
    }
    requirePayable(resolved);
    if (await attempts.findOpenAttempt(tx, { companyId: company.id, paymentRequestId: request.id })) throw new AppError('conflict', PAYMENT_IN_PROGRESS);
    const processor = publicProcessor({ deps: opts.deps, company, log: opts.log, paymentRequestId: request.id });
    if (!processor) throw new AppError('conflict', 'payment_unavailable');
    const attempt = await attempts.insertAttempt(tx, {
      companyId: company.id,
      paymentRequestId: request.id,
      idempotencyKey: opts.body.idempotencyKey,
      method: 'card',
      amountCents: request.amountCents,
      provider: processor.provider,
    });
    // The key was inserted by a racing double tap between our read and insert: its answer is the answer.
    if (!attempt) return { kind: 'answer', answer: { outcome: 'pending', declineReason: null, errorCode: null, receipt: null } };
    if (opts.body.email) await repo.setReceiptEmail(tx, { companyId: company.id, id: request.id, email: opts.body.email });
    return { kind: 'charge', attempt, resolved, processor };
  });
}

/** Step 3: the processor's answer (or its absence) recorded under the request's lock, with the payment when approved. */
async function finishCharge(opts: {
  deps: TAppDeps;
  start: Extract<TStart, { kind: 'charge' }>;
  result: TPaymentTransaction | null;
  error: PaymentError | null;
}): Promise<{ answer: TPublicChargeResult; request: TPaymentRequestRow }> {
  const { attempt, processor } = opts.start;
  const companyId = attempt.companyId;
  return runWithLiveEvents({
    deps: opts.deps,
    scope: { companyId },
    fn: async (tx, emit) => {
      const request = (await repo.findPaymentRequest(tx, { companyId, id: attempt.paymentRequestId, forUpdate: true }))!;
      let settled: TPaymentAttemptRow | undefined;
      if (opts.result) {
        settled = await recordAttemptResult(tx, { deps: opts.deps, request, attempt, provider: processor.provider, result: opts.result, emit });
      } else if (opts.error?.outcomeUnknown) {
        // The processor may have charged: the reconcile job asks it (findTransaction by this key) before anything else.
        settled = await attempts.settleAttempt(tx, { companyId, id: attempt.id, outcome: { state: 'unknown', message: opts.error.message.slice(0, 500) } });
      } else {
        settled = await attempts.settleAttempt(tx, {
          companyId,
          id: attempt.id,
          outcome: {
            state: 'error',
            errorCode: opts.error ? `processor_${opts.error.kind}` : 'processor_error',
            message: opts.error?.message.slice(0, 500) ?? null,
          },
        });
      }
      const current = settled ?? (await attempts.findAttemptByKey(tx, { companyId, idempotencyKey: attempt.idempotencyKey }))!;
      const after = (await repo.findPaymentRequest(tx, { companyId, id: request.id }))!;
      return { answer: await answerOf(tx, current), request: after };
    },
  });
}

/**
 * POST /api/public/payments/{code}/charge. The attempt row exists before the processor is called, under the browser's
 * idempotency key (also the processor's): a double tap, a retry after a timeout or the reconcile job never charge twice.
 */
export async function chargePublicPayment(opts: { deps: TAppDeps; code: string; body: TPublicChargeBody; log: TPaymentLog }): Promise<TPublicChargeResult> {
  const start = await startCharge(opts);
  if (start.kind === 'answer') return start.answer;
  const { request } = start.resolved;
  let result: TPaymentTransaction | null = null;
  let error: PaymentError | null = null;
  try {
    result = await start.processor.sale({
      source: { kind: 'payment_key', paymentKey: opts.body.paymentKey },
      amountCents: start.attempt.amountCents,
      subtotalCents: request.subtotalCents,
      taxCents: request.taxCents,
      invoice: request.invoice || `PR${request.id}`,
      idempotencyKey: start.attempt.idempotencyKey,
      description: `Payment request ${request.id}`,
      customerEmail: opts.body.email,
    });
  } catch (err) {
    if (!(err instanceof PaymentError)) throw err;
    error = err;
  }
  const finished = await finishCharge({ deps: opts.deps, start, result, error });
  // A partial approval is not a payment of the request: give the hold back (best effort; the transaction is logged).
  if (result && result.outcome !== 'approved' && result.authorizedCents > 0)
    await start.processor
      .void({ transactionKey: result.key })
      .catch((err) => opts.log.warn({ err: String(err), attemptId: start.attempt.id }, 'could not void a partial approval'));
  const receipt = finished.answer.receipt;
  const to = opts.body.email;
  if (finished.answer.outcome === 'approved' && receipt && to) {
    await opts.deps.mailer
      .send(receiptMail({ companyName: start.resolved.company.name, receipt, to }))
      .catch((err) => opts.log.warn({ err: String(err), paymentRequestId: request.id }, 'could not e-mail the payment receipt'));
  }
  return finished.answer;
}
