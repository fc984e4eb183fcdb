import { QUESTIONNAIRE_MESSAGES } from '@cd/contracts/questionnaires';
import type { TRequestContext } from '../../context';
import type { TTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { requireArea } from '../../lib/require-area';
import { resolveReadableCompanyId } from '../../tenant-scope';
import { findCompany, type TCompanyRow } from '../companies/companies.api';

/**
 * Who works with questionnaires (docs/questionnaires.md): company admins (super admins count as admins of the company
 * they work in) and ROLE_REAL_ESTATE users — questionnaires are sent to the agency's leads. Everyone else: 403.
 */
export function requireQuestionnaireUser(ctx: TRequestContext): void {
  requireArea({ ctx, area: 'questionnaires', message: QUESTIONNAIRE_MESSAGES.forbidden });
}

/** The company whose questionnaires the caller works with (role checked first). */
export function questionnaireCompanyOf(ctx: TRequestContext): number {
  requireQuestionnaireUser(ctx);
  return resolveReadableCompanyId({ ctx });
}

/** The company, which must have the `questionnaire` module on (403 with a clear message otherwise). */
export async function loadQuestionnaireCompany(tx: TTx, companyId: number): Promise<TCompanyRow> {
  const company = await findCompany(tx, companyId);
  if (!company) throw new AppError('not_found', 'Company not found.');
  if (!company.modules?.questionnaire) throw new AppError('forbidden', QUESTIONNAIRE_MESSAGES.moduleOff);
  return company;
}
