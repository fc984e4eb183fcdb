import { INTERESTS_MESSAGES } from '@cd/contracts/interests';
import type { TRequestContext } from '../../context';
import type { TTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { hasArea } from '../../lib/require-area';
import { resolveReadableCompanyId } from '../../tenant-scope';
import { findCompany } from '../companies/companies.api';

/**
 * Who works with interests (docs/real-estate.md "Interests"):
 * - categories (/api/interests, /api/customer_interests): the offers role with the company's `offers` module on;
 * - a listing's interested customers (/api/listing_interests, interested_leads): also the real-estate role with the
 *   `realEstate` module on (they work the listing's leads).
 * Company admins (and super admins working in the company) pass every role check; modules still apply.
 */

export interface TInterestsAccess {
  companyId: number;
  /** Modules that would let the caller in (checked against the company in the transaction). */
  modules: Array<'offers' | 'realEstate'>;
}

/** Categories: the offers role (403 otherwise), then the company. */
export function interestsCompanyOf(ctx: TRequestContext): TInterestsAccess {
  if (!hasArea({ ctx, area: 'offers' })) throw new AppError('forbidden', INTERESTS_MESSAGES.forbidden);
  return { companyId: resolveReadableCompanyId({ ctx }), modules: ['offers'] };
}

/** Listing interests: the offers or the real-estate role (403 otherwise), then the company. */
export function listingInterestsCompanyOf(ctx: TRequestContext): TInterestsAccess {
  const modules: TInterestsAccess['modules'] = [];
  if (hasArea({ ctx, area: 'offers' })) modules.push('offers');
  if (hasArea({ ctx, area: 'real_estate' })) modules.push('realEstate');
  if (modules.length === 0) throw new AppError('forbidden', INTERESTS_MESSAGES.forbidden);
  return { companyId: resolveReadableCompanyId({ ctx }), modules };
}

/** One of the caller's modules must be on for the company (403 with a clear message otherwise); 404 when absent. */
export async function checkInterestsModule(tx: TTx, access: TInterestsAccess): Promise<void> {
  const company = await findCompany(tx, access.companyId);
  if (!company) throw new AppError('not_found', 'Company not found.');
  const on = company.modules as Record<string, boolean> | null;
  if (access.modules.some((m) => on?.[m] === true)) return;
  throw new AppError(
    'forbidden',
    access.modules.includes('realEstate') && !access.modules.includes('offers')
      ? 'The real estate module is not enabled for this company.'
      : INTERESTS_MESSAGES.moduleOff,
  );
}
