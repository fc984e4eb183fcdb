import { LISTING_MESSAGES } from '@cd/contracts/listings';
import type { TRequestContext } from '../../context';
import type { TTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { requireArea } from '../../lib/require-area';
import { findCompany, type TCompanyRow } from '../companies/companies.api';

/**
 * Who works with listings and reads keywords (spec part 1 §2 menu rules, part 2 §6): the real estate role and company
 * admins (super admins count as admins of the company they work in). Everyone else: 403.
 */
export function requireRealEstateUser(ctx: TRequestContext): void {
  requireArea({ ctx, area: 'real_estate', message: 'You do not have access to real estate.' });
}

/** Keywords are handed out by the super admin only (spec part 2 §6); companies pick from them. */
export function requireKeywordAdmin(ctx: TRequestContext): void {
  requireArea({ ctx, area: 'keywords', message: 'Only a super admin may change keywords.' });
}

/** The company, which must have the real estate module on (403 with a clear message otherwise); 404 when absent. */
export async function loadRealEstateCompany(tx: TTx, companyId: number): Promise<TCompanyRow> {
  const company = await findCompany(tx, companyId);
  if (!company) throw new AppError('not_found', 'Company not found.');
  if (!company.modules?.realEstate) throw new AppError('forbidden', LISTING_MESSAGES.moduleOff);
  return company;
}
