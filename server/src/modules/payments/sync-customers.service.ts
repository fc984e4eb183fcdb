import { PAYMENT_NOT_SUPPORTED, type TSyncCustomersResult } from '@cd/contracts/payment-operations';
import { PAYMENT_NOT_ENABLED } from '@cd/contracts/payments';
import type { TRequestContext } from '../../context';
import { runInScope } from '../../db/client';
import { AppError } from '../../lib/errors';
import { resolveReadableCompanyId } from '../../tenant-scope';
import { findCompany } from '../companies/companies.api';
import { paymentEnabled, paymentSettingsOf } from './payment-requests.core';

/**
 * POST /api/payment/sync_customers {company} (spec part 2 §7, the payment tab's "sync customers" button), for company
 * admins and super admins. Honest answers: the simulator keeps no customers, so there is nothing to sync; USAePay
 * has a customers API (protocols §3.5) but our adapter does not speak it yet, and the next variant's vendor is
 * unknown — both answer 422 rather than pretend.
 */
export async function syncPaymentCustomers(opts: { ctx: TRequestContext; companyId: number }): Promise<TSyncCustomersResult> {
  const { ctx } = opts;
  const companyId = resolveReadableCompanyId({ ctx, requested: opts.companyId });
  if (!ctx.actor.isCompanyAdmin && !ctx.actor.isSuperAdmin) throw new AppError('forbidden', 'Only a company admin may sync payment customers.');
  const company = await runInScope(ctx.db, { companyId }, (tx) => findCompany(tx, companyId));
  if (!company) throw new AppError('not_found', 'Company not found.');
  if (!paymentEnabled(company)) throw new AppError('validation_failed', PAYMENT_NOT_ENABLED, [{ propertyPath: 'company', message: PAYMENT_NOT_ENABLED }]);
  if (ctx.config.payments.simulate) return { provider: 'simulator', synced: 0, message: 'The payment simulator keeps no customers: there is nothing to sync.' };
  const provider = paymentSettingsOf(company).provider === 'current' ? 'usaepay' : 'next';
  throw new AppError('validation_failed', PAYMENT_NOT_SUPPORTED, [
    { propertyPath: 'company', message: `Syncing customers is not supported by this provider (${provider}) yet.`, code: PAYMENT_NOT_SUPPORTED },
  ]);
}
