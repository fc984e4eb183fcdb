import type { TAppDeps } from '../../context';
import { runInScope } from '../../db/client';
import { AppError } from '../../lib/errors';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { PaymentError, type TPaymentProcessor, type TPaymentTransaction, type TPaymentWebhookEvent } from '../../payments/payments';
import { findCompanyBySlug, type TCompanyRow } from '../companies/companies.api';
import * as attempts from './payment-requests.attempts';
import { paymentEnabled, paymentSettingsOf, publishPaymentRequest, type TEmit } from './payment-requests.core';
import * as repo from './payment-requests.repository';
import type { TPaymentAttemptRow } from './payment-requests.schema';
import { recordAttemptResult, recordPaid } from './payment-requests.settle';
import { processorForCompany, type TPaymentLog } from './payments.processor';

/** The URL's provider segment → the company setting it must match (the spec's URL names the current variant). */
const PROVIDER_OF_SEGMENT: Readonly<Record<string, 'current' | 'next'>> = { usaepay: 'current', current: 'current', next: 'next' };

const NOT_CONFIGURED = 'No payment webhook is configured for this company.';

/**
 * One read-only transaction before any outside call: the company of the slug, its processor, the signature over the
 * raw body (CPU only), and whether the event was stored already (a replay costs no processor call: USAePay allows 45
 * a minute per key; the insert that applies the event still settles races).
 */
async function verifiedDelivery(opts: {
  deps: TAppDeps;
  provider: string;
  slug: string;
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
  log: TPaymentLog;
  trusted?: boolean;
}): Promise<{ company: TCompanyRow; processor: TPaymentProcessor; event: TPaymentWebhookEvent; eventId: string; seen: boolean }> {
  return runInScope(opts.deps.db, { companyId: null, system: true }, async (tx) => {
    const company = await findCompanyBySlug(tx, opts.slug);
    // Unknown slug, another provider, payments off: one 404, nothing tells them apart.
    if (!company || !paymentEnabled(company) || paymentSettingsOf(company).provider !== PROVIDER_OF_SEGMENT[opts.provider])
      throw new AppError('not_found', NOT_CONFIGURED);
    let processor: TPaymentProcessor | null;
    try {
      processor = processorForCompany({ config: opts.deps.config, company, log: opts.log });
    } catch (err) {
      if (err instanceof PaymentError) throw new AppError('not_found', NOT_CONFIGURED);
      throw err;
    }
    if (!processor) throw new AppError('not_found', NOT_CONFIGURED);
    const check = processor.verifyWebhook({ rawBody: opts.rawBody, headers: opts.headers, trusted: opts.trusted });
    if (!check.ok) {
      if (check.refusal === 'malformed_body') throw new AppError('bad_request', 'The webhook body is not an event.');
      if (check.refusal === 'not_configured') throw new AppError('not_found', NOT_CONFIGURED);
      throw new AppError('forbidden', 'Invalid webhook signature.');
    }
    const eventId = check.event.eventId.slice(0, 200);
    const seen = await attempts.webhookEventStored(tx, { companyId: company.id, provider: processor.provider, eventId });
    return { company, processor, event: check.event, eventId, seen };
  });
}

async function attemptOf(
  tx: Parameters<typeof attempts.findAttemptByKey>[0],
  companyId: number,
  txn: TPaymentTransaction,
): Promise<TPaymentAttemptRow | undefined> {
  return (
    (await attempts.findAttemptByProviderKey(tx, { companyId, providerKey: txn.key })) ??
    (txn.orderId ? await attempts.findAttemptByKey(tx, { companyId, idempotencyKey: txn.orderId }) : undefined)
  );
}

/**
 * Applies what the processor says of a sale (re-fetched, never the event's own claims): approved in full → the
 * attempt approved and the request paid (once, whoever records it first); declined or failed → the attempt settled
 * and a request that is still unpaid marked failed (it stays payable with another card). Answers the outcome stored
 * with the event.
 */
async function applySale(
  tx: Parameters<typeof attempts.findAttemptByKey>[0],
  opts: { deps: TAppDeps; companyId: number; provider: string; txn: TPaymentTransaction; emit: TEmit },
): Promise<string> {
  const { txn, companyId } = opts;
  const attempt = await attemptOf(tx, companyId, txn);
  if (!attempt) return 'unmatched';
  // Most events confirm what the page's charge recorded already (attempt approved, request paid): nothing changes,
  // so no row lock that would queue every event about the request behind each other.
  if (attempt.state === 'approved' && txn.outcome === 'approved') {
    const current = await repo.findPaymentRequest(tx, { companyId, id: attempt.paymentRequestId });
    if (current?.status === 'paid') return 'paid';
  }
  const request = await repo.findPaymentRequest(tx, { companyId, id: attempt.paymentRequestId, forUpdate: true });
  if (!request) return 'unmatched';
  if (txn.outcome === 'approved' && txn.authorizedCents >= attempt.amountCents) {
    if (attempt.state === 'pending' || attempt.state === 'unknown') {
      await recordAttemptResult(tx, { deps: opts.deps, request, attempt, provider: opts.provider, result: txn, emit: opts.emit });
    } else {
      // The processor says it was charged whatever we recorded: the money is real.
      await recordPaid(tx, { deps: opts.deps, request, attemptId: attempt.id, method: attempt.method, provider: opts.provider, result: txn, emit: opts.emit });
    }
    return 'paid';
  }
  await recordAttemptResult(tx, { deps: opts.deps, request, attempt, provider: opts.provider, result: txn, emit: opts.emit });
  const failed = await repo.moveStatus(tx, { companyId, id: request.id, to: 'failed', values: { statusReason: 'payment_declined' } });
  if (failed) await publishPaymentRequest(tx, { deps: opts.deps, row: failed, event: 'updated', changes: ['status', 'statuses'], emit: opts.emit });
  return 'declined';
}

/**
 * POST /api/webhooks/payment/{provider}/{slug}/transaction. The signature is checked on the raw body first (bad or
 * missing → 403, nothing stored); the transaction is re-fetched from the processor (an event is a hint, not a fact:
 * a replay of an old delivery cannot move anything); then, in one transaction, the event is stored once under its id
 * and applied. A replayed event id answers `duplicate: true` and changes nothing.
 */
export async function handlePaymentWebhook(opts: {
  deps: TAppDeps;
  provider: string;
  slug: string;
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
  log: TPaymentLog;
  /** A super admin's replay of a delivery verified when it arrived (webhook log): no signature to check. */
  trusted?: boolean;
}): Promise<{ ok: true; duplicate: boolean; outcome: string }> {
  const { company, processor, event, eventId, seen } = await verifiedDelivery(opts);
  if (seen) return { ok: true, duplicate: true, outcome: 'duplicate' };
  let txn: TPaymentTransaction | null = null;
  if (event.transactionKey && (event.kind === 'sale_success' || event.kind === 'sale_failure')) {
    try {
      txn = await processor.getTransaction({ transactionKey: event.transactionKey });
    } catch (err) {
      // Not stored: the processor delivers again later, when its API answers.
      if (err instanceof PaymentError) throw new AppError('conflict', 'The transaction could not be fetched from the processor; retry later.');
      throw err;
    }
  }
  return runWithLiveEvents({
    deps: opts.deps,
    scope: { companyId: company.id },
    fn: async (tx, emit) => {
      const stored = await attempts.insertWebhookEvent(tx, {
        companyId: company.id,
        provider: processor.provider,
        eventId,
        eventType: event.type.slice(0, 100),
        providerKey: event.transactionKey?.slice(0, 200) ?? null,
      });
      if (stored === undefined) return { ok: true as const, duplicate: true, outcome: 'duplicate' };
      let outcome = 'ignored';
      if (event.transactionKey && !txn) outcome = event.kind.startsWith('sale_') ? 'unknown_transaction' : 'ignored';
      else if (txn && txn.kind === 'sale') outcome = await applySale(tx, { deps: opts.deps, companyId: company.id, provider: processor.provider, txn, emit });
      await attempts.setWebhookOutcome(tx, { companyId: company.id, id: stored, outcome });
      return { ok: true as const, duplicate: false, outcome };
    },
  });
}
