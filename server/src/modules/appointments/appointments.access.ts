import { APPOINTMENTS_MODULE_OFF } from '@cd/contracts/appointment-constants';
import type { TRequestContext } from '../../context';
import type { TTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { requireArea } from '../../lib/require-area';
import { findCompany, type TCompanyRow } from '../companies/companies.api';

/**
 * Who reaches the appointments area (spec part 1 §2 menu rules): company admins, the appointments role, and the
 * communication role (advisors book from the messenger). Plain users do not.
 */
export function requireAppointmentsReader(ctx: TRequestContext): void {
  requireArea({ ctx, area: 'appointments', message: 'You do not have access to appointments.' });
}

/** Shifts, vacations and resources are changed by company admins only (the appointments role reads them). */
export function requireScheduleWriter(ctx: TRequestContext): void {
  if (!ctx.actor.isCompanyAdmin) throw new AppError('forbidden', 'Only a company admin may change shifts, vacations and resources.');
}

/** The company, which must have the appointments module on (403 otherwise); 404 when it does not exist. */
export async function loadAppointmentsCompany(tx: TTx, companyId: number): Promise<TCompanyRow> {
  const company = await findCompany(tx, companyId);
  if (!company) throw new AppError('not_found', 'Company not found.');
  if (!company.modules?.appointments) throw new AppError('forbidden', APPOINTMENTS_MODULE_OFF);
  return company;
}
