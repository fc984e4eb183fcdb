import type { TRequestContext } from '../../context';
import type { TTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { requireArea } from '../../lib/require-area';
import { resolveReadableCompanyId } from '../../tenant-scope';
import { findCompany } from '../companies/companies.api';

/**
 * Who works the marketing leads (spec part 1 §2 menu "marketing leads"): the marketing role and company admins (super
 * admins through the company they scope to). The company needs the real-estate or the offers module: leads come from
 * listing keywords, the landing page and offer replies.
 */
export function leadsCompanyOf(ctx: TRequestContext): number {
  requireArea({ ctx, area: 'marketing', message: 'You do not have access to marketing leads.' });
  return resolveReadableCompanyId({ ctx });
}

export const LEADS_MODULE_OFF = 'The real-estate module is not enabled for this company.';

/** 403 when neither module that makes leads is on for the company. */
export async function requireLeadsModule(tx: TTx, companyId: number): Promise<void> {
  const company = await findCompany(tx, companyId);
  if (!company) throw new AppError('not_found', 'Company not found.');
  if (!company.modules?.realEstate && !company.modules?.offers) throw new AppError('forbidden', LEADS_MODULE_OFF);
}
