import { REPORT_MESSAGES } from '@cd/contracts/reports';
import type { TRequestContext } from '../../context';
import type { TTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { requireArea } from '../../lib/require-area';
import { resolveReadableCompanyId } from '../../tenant-scope';
import { findCompanyBasics } from './reports.repository';

/** Reports are the company admins' (spec part 2 §1; super admins count as admins of the company they work in). */
export function reportCompanyOf(ctx: TRequestContext): number {
  requireArea({ ctx, area: 'reports', message: REPORT_MESSAGES.forbidden });
  return resolveReadableCompanyId({ ctx });
}

export type TReportCompany = NonNullable<Awaited<ReturnType<typeof findCompanyBasics>>>;

export async function loadReportCompany(tx: TTx, companyId: number): Promise<TReportCompany> {
  const company = await findCompanyBasics(tx, companyId);
  if (!company) throw new AppError('not_found', 'Company not found.');
  return company;
}

/**
 * Surveys go with repair orders, which are the `automotive` module's (docs/surveys.md): a company without it has no
 * surveys to report on, so a `survey_results` report needs it.
 */
export function hasSurveys(company: Pick<TReportCompany, 'modules'>): boolean {
  return company.modules?.automotive === true;
}
