import type { TAppDeps } from '../../context';
import type { TTx } from '../../db/client';
import { encryptSecret } from '../../lib/crypto';
import type { TLiveEventInput } from '../../live/live.types';
import { PaymentError, type TPaymentProcessor, type TPaymentSource, type TPaymentTransaction } from '../../payments/payments';
import type { TCardExpiry } from '@cd/contracts/payment-operations';
import { boundedChargeTime, chargeTimeOf, nextPeriodOf } from './recurring-rules.dates';
import { ruleEvent, toRuleResource } from './recurring-rules.presenter';
import * as repo from './recurring-rules.repository';
import type { TRecurringChargeRow, TRecurringRuleRow } from './recurring-rules.schema';
import { toTransactionResource, transactionEvent } from './transactions.presenter';
import * as txRepo from './transactions.repository';

type TDeps = Pick<TAppDeps, 'config' | 'db' | 'live'>;
type TEmit = (events: TLiveEventInput[]) => void;

export const RECURRING_PARTIAL_APPROVAL = 'payment_recurring_partial_approval';
export const RECURRING_CARD_NOT_SAVED = 'payment_recurring_card_not_saved';
export const RECURRING_NOT_CHARGED = 'payment_recurring_not_charged';

/** The idempotency key of a rule's period: derived, so every retry, process and reconcile uses the same one. */
export const chargeKeyOf = (companyId: number, ruleId: number, period: string) => `rr-${companyId}-${ruleId}-${period}`;

/** What the processor said: a result, a definite failure (nothing charged), or an unknown outcome (reconcile). */
export type TSaleCall = { kind: 'result'; result: TPaymentTransaction } | { kind: 'failed'; message: string } | { kind: 'unknown'; message: string };

export async function callSale(
  processor: TPaymentProcessor,
  opts: { rule: TRecurringRuleRow; charge: TRecurringChargeRow; source: TPaymentSource; saveCard: boolean },
): Promise<TSaleCall> {
  try {
    const result = await processor.sale({
      source: opts.source,
      amountCents: opts.charge.amountCents,
      invoice: `RR-${opts.rule.id}-${opts.charge.period}`,
      idempotencyKey: opts.charge.idempotencyKey,
      description: opts.rule.description || undefined,
      saveCard: opts.saveCard,
    });
    return { kind: 'result', result };
  } catch (err) {
    if (!(err instanceof PaymentError)) throw err;
    return err.outcomeUnknown ? { kind: 'unknown', message: err.message } : { kind: 'failed', message: err.message };
  }
}

async function emitRule(tx: TTx, emit: TEmit, companyId: number, id: number, changes: string[]): Promise<void> {
  const full = await repo.findRuleWithRefs(tx, { companyId, id });
  if (full) emit([ruleEvent(companyId, toRuleResource(full), 'updated', changes)]);
}

/** The sale the processor made becomes a payment transaction (once per processor key, whoever records it first). */
async function recordSale(tx: TTx, opts: { rule: TRecurringRuleRow; provider: string; result: TPaymentTransaction; first: boolean; emit: TEmit }) {
  const { rule, result } = opts;
  const inserted = await txRepo.insertTransaction(tx, {
    companyId: rule.companyId,
    paymentRequestId: null,
    attemptId: null,
    parentId: null,
    provider: opts.provider,
    providerKey: result.key,
    kind: 'sale',
    method: opts.first ? 'card' : 'saved_card',
    status: 'approved',
    amountCents: result.authorizedCents,
    refundedCents: 0,
    feeCents: null,
    cardBrand: result.card.brand,
    cardLast4: result.card.last4,
    customerId: rule.customerId,
    createdById: opts.first ? rule.createdById : null,
  });
  if (!inserted) return null;
  const full = await txRepo.findTransactionWithRefs(tx, { companyId: rule.companyId, id: inserted.id });
  opts.emit([transactionEvent(rule.companyId, toTransactionResource(full!), 'created')]);
  return inserted.id;
}

/**
 * Records the processor's answer for one period's charge, in the caller's transaction. Idempotent: a charge already
 * settled (by the other process, the reconcile job, a retried create) is left alone. A first charge (the rule has no
 * card yet) saves the card with the rule's consent and starts the rule; a failed first charge ends it. A failed month
 * counts a failure and notifies the payment role and company admins; the next month is charged as planned.
 */
export async function settleCharge(
  tx: TTx,
  opts: {
    deps: TDeps;
    chargeId: number;
    companyId: number;
    provider: string;
    outcome: TSaleCall | { kind: 'not_charged' };
    timeZone: string;
    emit: TEmit;
    /** A first charge's card expiry, as the card form gave it (kept with the saved card). */
    cardExpiry?: TCardExpiry;
  },
): Promise<TRecurringChargeRow['state'] | null> {
  const { companyId, emit } = opts;
  const charge = await repo.lockCharge(tx, { companyId, id: opts.chargeId });
  if (!charge || (charge.state !== 'pending' && charge.state !== 'unknown')) return null;
  const rule = await repo.lockRule(tx, { companyId, id: charge.ruleId });
  if (!rule) return null;
  const first = rule.savedCardId === null;
  const out = opts.outcome;
  if (out.kind === 'unknown') {
    await repo.finishCharge(tx, { companyId, id: charge.id, state: 'unknown', message: out.message });
    return 'unknown';
  }
  const nextAt = boundedChargeTime({
    from: chargeTimeOf({ period: nextPeriodOf(charge.period), dayOfMonth: rule.dayOfMonth, timeZone: opts.timeZone }),
    dayOfMonth: rule.dayOfMonth,
    timeZone: opts.timeZone,
    startMonth: rule.startMonth,
    endMonth: rule.endMonth,
  });
  const fail = async (state: 'declined' | 'error', message: string, transactionId: number | null = null) => {
    await repo.finishCharge(tx, { companyId, id: charge.id, state, message, transactionId });
    await repo.updateRule(tx, { companyId, id: rule.id, set: first ? { endedAt: new Date(), enabled: false } : { failures: rule.failures + 1 } });
    if (!first) await emitRule(tx, emit, companyId, rule.id, ['failures', 'charges']);
    return state;
  };
  if (out.kind === 'not_charged') return fail('error', RECURRING_NOT_CHARGED);
  if (out.kind === 'failed') return fail('error', out.message);
  const result = out.result;
  if (result.outcome !== 'approved' && result.outcome !== 'partial')
    return fail(result.outcome === 'declined' ? 'declined' : 'error', result.message || result.declineReason || 'The card was declined.');
  const transactionId = await recordSale(tx, { rule, provider: opts.provider, result, first, emit });
  // Less than the rule's amount went through: the money is recorded (refundable on the transactions screen), the month failed.
  if (result.outcome === 'partial') return fail('error', RECURRING_PARTIAL_APPROVAL, transactionId);
  if (first && !result.savedCardToken) return fail('error', RECURRING_CARD_NOT_SAVED, transactionId);
  await repo.finishCharge(tx, { companyId, id: charge.id, state: 'approved', transactionId });
  const now = new Date();
  if (first) {
    const card = await repo.insertSavedCard(tx, {
      companyId,
      customerId: rule.customerId,
      provider: opts.provider,
      tokenEncrypted: encryptSecret(opts.deps.config.encryptionKey, result.savedCardToken!),
      cardBrand: result.card.brand,
      cardLast4: result.card.last4,
      consentName: rule.consentName,
      consentText: rule.consentText,
      consentAt: rule.consentAt,
      consentRecordedById: rule.consentRecordedById,
      expiryMonth: opts.cardExpiry?.month ?? null,
      expiryYear: opts.cardExpiry?.year ?? null,
    });
    await repo.updateRule(tx, { companyId, id: rule.id, set: { savedCardId: card.id, enabled: true, lastChargedAt: now, nextChargeAt: nextAt, failures: 0 } });
  } else {
    await repo.updateRule(tx, { companyId, id: rule.id, set: { lastChargedAt: now, failures: 0 } });
    await emitRule(tx, emit, companyId, rule.id, ['lastChargedAt', 'charges']);
  }
  return 'approved';
}
