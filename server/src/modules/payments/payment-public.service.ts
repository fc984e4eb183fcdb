import { customerLinkStateOf, LINK_EXPIRED, LINK_NOT_FOUND } from '@cd/contracts/customer-link';
import type { TPublicCardForm, TPublicCardTokenBody, TPublicCardTokenResult, TPublicPaymentPage, TPublicPaymentReceipt } from '@cd/contracts/payments';
import type { TAppDeps } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { AppError, validationError } from '../../lib/errors';
import { PaymentError, tokenizeSimulatorCard, type TPaymentProcessor } from '../../payments/payments';
import { findCompany, type TCompanyRow } from '../companies/companies.api';
import { brandOfCompany, findLinkByCode, narrowToCompany, type TCustomerLinkRow } from '../customer-links/customer-links.api';
import * as attempts from './payment-requests.attempts';
import { paymentEnabled } from './payment-requests.core';
import * as repo from './payment-requests.repository';
import type { TPaymentRequestRow } from './payment-requests.schema';
import { receiptOf } from './payment-requests.settle';
import { paymentSimulatorStore, processorForCompany, type TPaymentLog } from './payments.processor';

/** Answers of the public payment API (keys the page translates). */
export const PAYMENT_ALREADY_PAID = 'payment_already_paid';
export const PAYMENT_IN_PROGRESS = 'payment_in_progress';
export const PAYMENT_UNAVAILABLE = 'payment_unavailable';
export const CARD_FORM_NOT_SIMULATOR = 'card_form_not_simulator';

export type TPublicState = TPublicPaymentPage['state'];

export interface TResolvedPayment {
  link: TCustomerLinkRow;
  request: TPaymentRequestRow;
  company: TCompanyRow;
  state: TPublicState;
}

/**
 * The request a payment link points at, in the caller's system-scope transaction, which is then narrowed to the link's
 * company (row-level security as for a signed-in user). Unknown code or another purpose: 404. A revoked or expired
 * link still resolves (the page says "expired"/"cancelled"), but only a `payable` one may be charged.
 */
export async function resolvePaymentLink(tx: TTx, opts: { code: string; forUpdate?: boolean }): Promise<TResolvedPayment> {
  const link = await findLinkByCode(tx, opts.code);
  if (!link || link.purpose !== 'payment' || link.entity !== 'payment_request') throw new AppError('not_found', LINK_NOT_FOUND);
  await narrowToCompany(tx, link.companyId);
  const request = await repo.findPaymentRequest(tx, { companyId: link.companyId, id: link.entityId, forUpdate: opts.forUpdate });
  const company = await findCompany(tx, link.companyId);
  if (!request || !company) throw new AppError('not_found', LINK_NOT_FOUND);
  const linkState = customerLinkStateOf({ expiresAt: link.expiresAt, revokedAt: link.revokedAt, now: new Date() });
  const state: TPublicState =
    request.status === 'paid'
      ? 'paid'
      : request.cancelledAt !== null
        ? 'cancelled'
        : request.status === 'expired' || linkState !== 'active'
          ? 'expired'
          : 'payable';
  return { link, request, company, state };
}

/** 409 paid, 410 expired or cancelled, 422 payments switched off since the text went out. */
export function requirePayable(resolved: TResolvedPayment): void {
  if (resolved.state === 'paid') throw new AppError('conflict', PAYMENT_ALREADY_PAID);
  if (resolved.state !== 'payable') throw new AppError('gone', LINK_EXPIRED);
  if (!paymentEnabled(resolved.company)) throw validationError([{ propertyPath: '', message: PAYMENT_UNAVAILABLE }]);
}

/** The company's processor for a public caller: a setup problem is "unavailable", not a 500. */
export function publicProcessor(opts: {
  deps: Pick<TAppDeps, 'config'>;
  company: TCompanyRow;
  log: TPaymentLog;
  paymentRequestId?: number;
}): TPaymentProcessor | null {
  try {
    return processorForCompany({ config: opts.deps.config, company: opts.company, log: opts.log, paymentRequestId: opts.paymentRequestId });
  } catch (err) {
    if (err instanceof PaymentError) return null;
    throw err;
  }
}

/** How the page takes the card. USAePay's public key is fetched outside any transaction (an outside call). */
async function cardFormOf(opts: { deps: Pick<TAppDeps, 'config'>; company: TCompanyRow; log: TPaymentLog }): Promise<TPublicCardForm> {
  const processor = paymentEnabled(opts.company) ? publicProcessor(opts) : null;
  if (!processor) return { kind: 'unavailable' };
  if (processor.provider === 'simulator') return { kind: 'simulator' };
  if (processor.provider !== 'usaepay') return { kind: 'unavailable' };
  try {
    return { kind: 'usaepay', publicKey: await processor.getPublicKey() };
  } catch (err) {
    if (err instanceof PaymentError) return { kind: 'unavailable' };
    throw err;
  }
}

async function receiptIn(tx: TTx, request: TPaymentRequestRow): Promise<TPublicPaymentReceipt | null> {
  if (request.status !== 'paid') return null;
  return receiptOf({ request, sale: await attempts.findSaleOfRequest(tx, { companyId: request.companyId, paymentRequestId: request.id }) });
}

/** GET /api/public/payments/{code}: what is owed, the state, the card form (while payable) and the receipt (once paid). */
export async function readPublicPayment(opts: { deps: TAppDeps; code: string; log: TPaymentLog }): Promise<TPublicPaymentPage> {
  const { deps } = opts;
  const read = await runInScope(deps.db, { companyId: null, system: true }, async (tx) => {
    const resolved = await resolvePaymentLink(tx, { code: opts.code });
    const { request, company } = resolved;
    return {
      resolved,
      brand: await brandOfCompany(tx, { deps, company }),
      receipt: await receiptIn(tx, request),
    };
  });
  const { request, company, state } = read.resolved;
  return {
    company: read.brand,
    state,
    invoice: request.invoice,
    billTo: request.billTo,
    lines: request.products.map((p) => ({
      name: p.name,
      unitPriceCents: p.unitPriceCents,
      quantity: p.quantity,
      taxCents: p.taxCents,
      totalCents: p.totalCents,
    })),
    subtotalCents: request.subtotalCents,
    taxCents: request.taxCents,
    amountCents: request.amountCents,
    cardForm: state === 'payable' ? await cardFormOf({ deps, company, log: opts.log }) : null,
    receipt: read.receipt,
  };
}

/** GET /api/public/payments/{code}/receipt: 404 until paid. */
export async function readPublicReceipt(opts: { deps: TAppDeps; code: string }): Promise<TPublicPaymentReceipt> {
  return runInScope(opts.deps.db, { companyId: null, system: true }, async (tx) => {
    const { request } = await resolvePaymentLink(tx, { code: opts.code });
    const receipt = await receiptIn(tx, request);
    if (!receipt) throw new AppError('not_found', 'payment_not_paid');
    return receipt;
  });
}

/**
 * POST /api/public/payments/{code}/card-token (the simulator's card page only): the card becomes a one-time payment
 * key in memory; the number, expiry and code are dropped here and never stored, logged or answered.
 */
export async function tokenizePublicCard(opts: {
  deps: TAppDeps;
  code: string;
  body: TPublicCardTokenBody;
  log: TPaymentLog;
}): Promise<TPublicCardTokenResult> {
  const resolved = await runInScope(opts.deps.db, { companyId: null, system: true }, (tx) => resolvePaymentLink(tx, { code: opts.code }));
  requirePayable(resolved);
  const processor = publicProcessor({ deps: opts.deps, company: resolved.company, log: opts.log });
  if (!processor || processor.provider !== 'simulator') throw new AppError('not_found', CARD_FORM_NOT_SIMULATOR);
  const token = tokenizeSimulatorCard({
    store: paymentSimulatorStore(opts.deps.config),
    number: opts.body.number,
    expiration: opts.body.expiration,
    cvc: opts.body.cvc,
  });
  if (!token.ok) {
    const field = token.error === 'card_number_invalid' ? 'number' : token.error === 'expiration_invalid' ? 'expiration' : 'cvc';
    throw validationError([{ propertyPath: field, message: token.error }]);
  }
  return { paymentKey: token.paymentKey, cardBrand: token.card.brand, cardLast4: token.card.last4 };
}
