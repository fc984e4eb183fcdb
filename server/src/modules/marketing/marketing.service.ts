import type { TMarketingConsent, TMarketingConsentCreate } from '@cd/contracts/offers';
import { OFFER_MESSAGES } from '@cd/contracts/offers';
import type { TRequestContext } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { findCustomer, type TCustomerRow } from '../customers/customers.api';
import { marketingCompanyOf } from './marketing.access';
import * as repo from './marketing.repository';
import type { TMarketingConsentRow } from './marketing.schema';

/** Marketing consent: separate from the conversational consent of a customer who texted first. */

export function presentMarketingConsent(customer: TCustomerRow, row: TMarketingConsentRow | undefined, active: boolean): TMarketingConsent {
  return {
    '@id': `/api/customers/${customer.id}/marketing_consent`,
    '@type': 'MarketingConsent',
    customer: `/api/customers/${customer.id}`,
    active,
    source: row?.source ?? null,
    wording: row?.wording ?? null,
    grantedAt: row ? row.grantedAt.toISOString() : null,
    revokedAt: row?.revokedAt ? row.revokedAt.toISOString() : null,
    recordedBy: row?.recordedById ? `/api/users/${row.recordedById}` : null,
    evidence: row?.evidence ?? {},
    optedOut: customer.optOut,
  };
}

/**
 * Records a grant (staff, a web form, a keyword flow). Refused (409) while the customer is opted out (STOP: they
 * opt back in first) or already has an active grant; the partial unique index settles two racing grants.
 */
export async function recordMarketingConsent(opts: {
  tx: TTx;
  companyId: number;
  customerId: number;
  source: TMarketingConsentCreate['source'];
  wording: string;
  evidence?: Record<string, unknown>;
  recordedById?: number | null;
}): Promise<TMarketingConsentRow> {
  const customer = await findCustomer(opts.tx, { companyId: opts.companyId, ownerId: null, id: opts.customerId });
  if (!customer) throw new AppError('not_found', 'Customer not found.');
  if (customer.optOut) throw new AppError('conflict', 'This customer opted out (STOP); they must opt back in before consenting to marketing.');
  if (!opts.wording.trim())
    throw new AppError('validation_failed', OFFER_MESSAGES.consentNeeded, [{ propertyPath: 'wording', message: OFFER_MESSAGES.consentNeeded }]);
  const row = await repo.insertConsent(opts.tx, {
    companyId: opts.companyId,
    customerId: opts.customerId,
    source: opts.source,
    wording: opts.wording.trim(),
    evidence: opts.evidence ?? {},
    recordedById: opts.recordedById ?? null,
  });
  if (!row) throw new AppError('conflict', 'This customer already has active marketing consent.');
  return row;
}

export async function hasMarketingConsent(opts: { tx: TTx; companyId: number; customerId: number }): Promise<boolean> {
  return repo.hasActiveConsent(opts.tx, opts);
}

/** Revokes the active grant (STOP, a staff revoke); a no-op without one. */
export async function revokeMarketingConsent(opts: { tx: TTx; companyId: number; customerId: number; reason: string }): Promise<boolean> {
  return !!(await repo.revokeConsent(opts.tx, opts));
}

async function loadCustomer(tx: TTx, companyId: number, customerId: number): Promise<TCustomerRow> {
  const customer = await findCustomer(tx, { companyId, ownerId: null, id: customerId });
  if (!customer) throw new AppError('not_found', 'Customer not found.');
  return customer;
}

export async function getCustomerMarketingConsent(opts: { ctx: TRequestContext; customerId: number }): Promise<TMarketingConsent> {
  const companyId = marketingCompanyOf(opts.ctx, 'consent');
  return runInScope(opts.ctx.db, { companyId }, async (tx) => {
    const customer = await loadCustomer(tx, companyId, opts.customerId);
    const row = await repo.findLatestConsent(tx, { companyId, customerId: customer.id });
    return presentMarketingConsent(customer, row, await repo.hasActiveConsent(tx, { companyId, customerId: customer.id }));
  });
}

export async function grantCustomerMarketingConsent(opts: {
  ctx: TRequestContext;
  customerId: number;
  body: TMarketingConsentCreate;
}): Promise<TMarketingConsent> {
  const companyId = marketingCompanyOf(opts.ctx, 'consent');
  return runInScope(opts.ctx.db, { companyId }, async (tx) => {
    const customer = await loadCustomer(tx, companyId, opts.customerId);
    const row = await recordMarketingConsent({
      tx,
      companyId,
      customerId: customer.id,
      source: opts.body.source,
      wording: opts.body.wording,
      evidence: { ...(opts.body.evidence ?? {}), recordedVia: 'api' },
      recordedById: opts.ctx.actor.user.id,
    });
    return presentMarketingConsent(customer, row, true);
  });
}

export async function revokeCustomerMarketingConsent(opts: { ctx: TRequestContext; customerId: number }): Promise<void> {
  const companyId = marketingCompanyOf(opts.ctx, 'consent');
  await runInScope(opts.ctx.db, { companyId }, async (tx) => {
    const customer = await loadCustomer(tx, companyId, opts.customerId);
    await repo.revokeConsent(tx, { companyId, customerId: customer.id, reason: `revoked by user ${opts.ctx.actor.user.id}` });
  });
}
