import type { TRequestContext } from './context';
import type { TScope } from './db/client';
import { AppError } from './lib/errors';

/**
 * The company whose records a caller reads where every user of a company may read them (its services catalogue,
 * its message templates): super admins name it (or use the company they work in), everyone else reads their own,
 * and naming another company looks like it does not exist. No company at all: 400 error.no_selected_company.
 */
export function resolveReadableCompanyId(opts: { ctx: TRequestContext; requested?: number }): number {
  const a = opts.ctx.actor;
  if (a.isSuperAdmin) {
    const id = opts.requested ?? a.companyId;
    if (id === null) throw new AppError('bad_request', 'error.no_selected_company');
    return id;
  }
  if (a.companyId === null) throw new AppError('bad_request', 'error.no_selected_company');
  if (opts.requested !== undefined && opts.requested !== a.companyId) throw new AppError('not_found', 'Company not found.');
  return a.companyId;
}

/**
 * The scope for reaching one record by its id: super admins reach any company's record through the explicit system
 * scope (`companyId` null: the query does not filter by company), everyone else only their own company's.
 */
export function resolveRecordScope(opts: { ctx: TRequestContext }): { scope: TScope; companyId: number | null } {
  if (opts.ctx.actor.isSuperAdmin) return { scope: { companyId: null, system: true }, companyId: null };
  const companyId = resolveReadableCompanyId({ ctx: opts.ctx });
  return { scope: { companyId }, companyId };
}
