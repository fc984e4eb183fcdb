import { SECRET_MASK } from '@cd/contracts/company';
import type { TVerifyPaymentCredentials, TVerifyPaymentCredentialsAnswer } from '@cd/contracts/integrations';
import type { TRequestContext } from '../../context';
import { runInScope } from '../../db/client';
import { decryptSecret } from '../../lib/crypto';
import { AppError, validationError } from '../../lib/errors';
import { findCompany } from '../companies/companies.api';
import type { TCompanyRow } from '../companies/companies.schema';
import { verifyNextProviderCredentials } from './payment-provider-client';

/** Provider credentials and the dealer-system link are super-admin matters (spec part 2 §6). */
async function loadCompanyForSuperAdmin(ctx: TRequestContext, companyId: number): Promise<TCompanyRow> {
  if (!ctx.actor.isSuperAdmin) throw new AppError('forbidden', 'Only a super admin may do this.');
  const row = await runInScope(ctx.db, { companyId }, (tx) => findCompany(tx, companyId));
  if (!row) throw new AppError('not_found', 'Company not found.');
  return row;
}

export async function verifyPaymentCredentials(opts: {
  ctx: TRequestContext;
  input: TVerifyPaymentCredentials;
}): Promise<TVerifyPaymentCredentialsAnswer> {
  const { ctx, input } = opts;
  const company = await loadCompanyForSuperAdmin(ctx, input.companyId);
  let apiSecret = input.apiSecret;
  if (apiSecret.startsWith(SECRET_MASK)) {
    // Only the app key changed: check it together with the secret already stored.
    const stored = (company.payment as { apiSecret?: string | null } | null)?.apiSecret;
    if (!stored) throw validationError([{ propertyPath: 'apiSecret', message: 'field_required' }]);
    apiSecret = decryptSecret(ctx.config.encryptionKey, stored);
  }
  return verifyNextProviderCredentials({ baseUrl: ctx.config.paymentNextApiUrl, appKey: input.appKey, apiSecret });
}
