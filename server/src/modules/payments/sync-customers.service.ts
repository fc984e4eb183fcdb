import { toE164 } from '@cd/contracts/validators';
import { PAYMENT_NOT_SUPPORTED, PAYMENT_PROVIDER_FAILED, type TSyncCustomersResult } from '@cd/contracts/payment-operations';
import { PAYMENT_NOT_ENABLED } from '@cd/contracts/payments';
import type { TRequestContext } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { decryptSecret, encryptSecret } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { PaymentError, type TPaymentProcessor, type TVaultCustomer } from '../../payments/payments';
import { resolveReadableCompanyId } from '../../tenant-scope';
import { findCompany } from '../companies/companies.api';
import { paymentEnabled, paymentSettingsOf } from './payment-requests.core';
import { processorForCompany, type TPaymentLog } from './payments.processor';
import * as repo from './sync-customers.repository';

/** How many vault customers one sync reads at most, and for how long, so one button press stays bounded. */
/** The vault's MMYY (when it says) → the saved card's expiry month and four-digit year. */
export function expiryOfVault(mmyy: string | null): { expiryMonth: number | null; expiryYear: number | null } {
  const m = mmyy ? /^(\d\d)(\d\d)$/.exec(mmyy) : null;
  const month = m ? Number(m[1]) : 0;
  return m && month >= 1 && month <= 12 ? { expiryMonth: month, expiryYear: 2000 + Number(m[2]) } : { expiryMonth: null, expiryYear: null };
}

export const SYNC_MAX_CUSTOMERS = 10_000;
export const SYNC_DEADLINE_MS = 120_000;
const PAGE_SIZE = 100;

/** Where an imported card's consent was given: the merchant recorded it in the processor's own vault, not with us. */
export const VAULT_CONSENT_TEXT =
  'Imported from the card processor’s customer vault (payment sync customers): the cardholder’s consent to keep this card was recorded by the merchant there.';

/**
 * POST /api/payment/sync_customers {company} (spec part 2 §7), for company admins and super admins. PULLS the
 * processor's customer vault (every page, capped and under a deadline) and, for each vault customer it can link to
 * one of the company's customers, imports the cards on file as saved cards (token encrypted, brand, last 4; the
 * consent marked as recorded in the vault). Linking: the vault's `customerid` equal to a charge customer's account
 * number (its messaging customer), else exactly one live customer with that phone, else with that e-mail. The vault
 * is read in full before anything is written, so a processor failure leaves nothing half-done; a card already saved
 * (same token) is never imported twice, so a second sync changes nothing.
 */
export async function syncPaymentCustomers(opts: { ctx: TRequestContext; companyId: number; log: TPaymentLog }): Promise<TSyncCustomersResult> {
  const { ctx } = opts;
  const companyId = resolveReadableCompanyId({ ctx, requested: opts.companyId });
  if (!ctx.actor.isCompanyAdmin && !ctx.actor.isSuperAdmin) throw new AppError('forbidden', 'Only a company admin may sync payment customers.');
  const company = await runInScope(ctx.db, { companyId }, (tx) => findCompany(tx, companyId));
  if (!company) throw new AppError('not_found', 'Company not found.');
  if (!paymentEnabled(company)) throw new AppError('validation_failed', PAYMENT_NOT_ENABLED, [{ propertyPath: 'company', message: PAYMENT_NOT_ENABLED }]);
  if (ctx.config.payments.simulate)
    return { provider: 'simulator', synced: 0, matched: 0, unmatched: 0, message: 'The payment simulator keeps no customers: there is nothing to sync.' };
  if (paymentSettingsOf(company).provider !== 'current')
    throw new AppError('validation_failed', PAYMENT_NOT_SUPPORTED, [
      { propertyPath: 'company', message: 'Syncing customers is not supported by this provider (next) yet.', code: PAYMENT_NOT_SUPPORTED },
    ]);
  let processor: TPaymentProcessor | null;
  try {
    processor = processorForCompany({ config: ctx.config, company, log: opts.log });
  } catch (err) {
    throw providerFailure(err);
  }
  if (!processor) throw new AppError('validation_failed', PAYMENT_NOT_ENABLED, [{ propertyPath: 'company', message: PAYMENT_NOT_ENABLED }]);
  const { customers, capped } = await readVault(processor);
  const userId = ctx.actor.user.companyId === companyId ? ctx.actor.user.id : null;
  const outcome = await runInScope(ctx.db, { companyId }, (tx) =>
    importVault(tx, { companyId, provider: processor.provider, customers, userId, encryptionKey: ctx.config.encryptionKey }),
  );
  const message =
    `${customers.length} customer(s) read from the vault${capped ? ` (the first ${SYNC_MAX_CUSTOMERS})` : ''}: ${outcome.matched} linked, ` +
    `${outcome.unmatched} not found among your customers; ${outcome.synced} card(s) imported.`;
  return { provider: processor.provider, ...outcome, message };
}

async function readVault(processor: TPaymentProcessor): Promise<{ customers: TVaultCustomer[]; capped: boolean }> {
  const deadline = AbortSignal.timeout(SYNC_DEADLINE_MS);
  const customers: TVaultCustomer[] = [];
  try {
    for (let offset = 0; offset < SYNC_MAX_CUSTOMERS;) {
      const page = await processor.listCustomers({ offset, limit: PAGE_SIZE, signal: deadline });
      customers.push(...page.customers.slice(0, SYNC_MAX_CUSTOMERS - customers.length));
      offset += page.customers.length;
      if (page.customers.length === 0 || (page.total !== null && offset >= page.total)) return { customers, capped: false };
    }
  } catch (err) {
    if (deadline.aborted)
      throw new AppError('service_unavailable', `The card processor's customer list took longer than ${SYNC_DEADLINE_MS / 1000} s; nothing was imported.`);
    throw providerFailure(err);
  }
  return { customers, capped: true };
}

/** A processor failure as a clear answer: 503 when it is down, slow or throttling, 502 when it answered wrongly. */
function providerFailure(err: unknown): unknown {
  if (!(err instanceof PaymentError)) return err;
  const detail = `Syncing customers failed, nothing was imported: ${err.message}`;
  if (err.kind === 'auth') return new AppError('validation_failed', detail, [{ propertyPath: 'company', message: detail, code: PAYMENT_PROVIDER_FAILED }]);
  if (err.kind === 'timeout' || err.kind === 'rate_limited' || (err.kind === 'unavailable' && err.status === null))
    return new AppError('service_unavailable', detail, undefined, { 'retry-after': String(Math.ceil((err.retryAfterMs ?? 60_000) / 1000)) });
  return new AppError('bad_gateway', detail);
}

/** Vault phones often come without a country code: ten digits are read as a North American number (USAePay is US). */
function normalisePhone(phone: string | null): string | null {
  if (!phone) return null;
  const digits = phone.replace(/\D/g, '');
  if (!phone.trim().startsWith('+') && digits.length === 10) return `+1${digits}`;
  if (!phone.trim().startsWith('+') && digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return toE164(phone);
}

function only(ids: number[] | undefined): number | null {
  return ids && ids.length === 1 ? ids[0]! : null;
}

async function importVault(
  tx: TTx,
  o: { companyId: number; provider: string; customers: TVaultCustomer[]; userId: number | null; encryptionKey: Buffer },
): Promise<{ synced: number; matched: number; unmatched: number }> {
  await repo.lockCompanySync(tx, o.companyId);
  const vault = o.customers.map((c) => ({ c, phone: normalisePhone(c.phone), email: c.email?.toLowerCase() ?? null }));
  const candidates = await repo.findCandidates(tx, {
    companyId: o.companyId,
    accountNumbers: [...new Set(vault.map((v) => v.c.customerNumber).filter((n): n is string => n !== null))],
    phones: [...new Set(vault.map((v) => v.phone).filter((p): p is string => p !== null))],
    emails: [...new Set(vault.map((v) => v.email).filter((e): e is string => e !== null))],
  });
  const known = new Set<string>();
  for (const card of await repo.listSavedCardTokens(tx, { companyId: o.companyId, provider: o.provider })) {
    try {
      known.add(decryptSecret(o.encryptionKey, card.tokenEncrypted));
    } catch {
      // A token encrypted under an older key cannot be compared; the vault's copy is imported beside it.
    }
  }
  const now = new Date();
  const rows: repo.TSavedCardInsert[] = [];
  let matched = 0;
  for (const v of vault) {
    const customerId =
      only(v.c.customerNumber ? candidates.byAccount.get(v.c.customerNumber) : undefined) ??
      only(v.phone ? candidates.byPhone.get(v.phone) : undefined) ??
      only(v.email ? candidates.byEmail.get(v.email) : undefined);
    if (customerId === null) continue;
    matched++;
    for (const m of v.c.paymentMethods) {
      if (known.has(m.token)) continue;
      known.add(m.token);
      rows.push({
        companyId: o.companyId,
        customerId,
        provider: o.provider,
        tokenEncrypted: encryptSecret(o.encryptionKey, m.token),
        cardBrand: m.card.brand,
        cardLast4: m.card.last4,
        ...expiryOfVault(m.expiration),
        consentName: (m.cardholder ?? `${v.c.firstName} ${v.c.lastName}`).trim().slice(0, 200) || 'Cardholder (processor vault)',
        consentText: VAULT_CONSENT_TEXT,
        consentAt: now,
        consentRecordedById: o.userId,
      });
    }
  }
  const synced = await repo.insertSavedCards(tx, rows);
  return { synced, matched, unmatched: vault.length - matched };
}
