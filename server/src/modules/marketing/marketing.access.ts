import { OFFER_MESSAGES } from '@cd/contracts/offers';
import type { TRoleArea } from '@cd/contracts/role-catalogue';
import type { TRequestContext } from '../../context';
import type { TTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { hasArea } from '../../lib/require-area';
import { resolveReadableCompanyId } from '../../tenant-scope';
import { findCompany } from '../companies/companies.api';

/**
 * Who works with offers and marketing (spec part 1 §2 menu rule, docs/marketing-consent.md "Access"):
 * offers → ROLE_OFFERS, the marketing lists → ROLE_MARKETING, a customer's marketing consent → either of them.
 * Company admins pass every check (super admins count as admins of the company they work in).
 */
export type TMarketingArea = 'offers' | 'marketing' | 'consent';

const ROLE_AREAS_OF: Record<TMarketingArea, readonly TRoleArea[]> = {
  offers: ['offers'],
  marketing: ['marketing'],
  consent: ['offers', 'marketing'],
};

export function marketingCompanyOf(ctx: TRequestContext, area: TMarketingArea): number {
  if (!ROLE_AREAS_OF[area].some((roleArea) => hasArea({ ctx, area: roleArea })))
    throw new AppError('forbidden', area === 'offers' ? OFFER_MESSAGES.noRole : OFFER_MESSAGES.noMarketingRole);
  return resolveReadableCompanyId({ ctx });
}

/** A company without the `offers` module answers 403 with a clear message (checked in the request's transaction). */
export async function requireOffersModule(tx: TTx, companyId: number): Promise<void> {
  const company = await findCompany(tx, companyId);
  if (!company) throw new AppError('not_found', 'Company not found.');
  if ((company.modules as Record<string, boolean>).offers !== true) throw new AppError('forbidden', OFFER_MESSAGES.moduleOff);
}
