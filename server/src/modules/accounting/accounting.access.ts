import type { TRequestContext } from '../../context';
import { AppError } from '../../lib/errors';

/**
 * Who reaches accounts receivable (spec part 1 §2: the menu entry's role is ROLE_AUTO_ACCOUNTING): that role, company
 * admins and super admins. Balances of trade accounts are not for every user of the company.
 */
export function requireAccounting(ctx: TRequestContext): void {
  const a = ctx.actor;
  if (a.isSuperAdmin || a.isCompanyAdmin || a.user.roles.includes('ROLE_AUTO_ACCOUNTING')) return;
  throw new AppError('forbidden', 'You do not have access to accounts receivable.');
}
