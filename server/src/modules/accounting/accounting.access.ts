import type { TRequestContext } from '../../context';
import { requireArea } from '../../lib/require-area';

/**
 * Who reaches accounts receivable (spec part 1 §2: the menu entry's role is ROLE_AUTO_ACCOUNTING): that role, company
 * admins and super admins. Balances of trade accounts are not for every user of the company.
 */
export function requireAccounting(ctx: TRequestContext): void {
  requireArea({ ctx, area: 'accounting', message: 'You do not have access to accounts receivable.' });
}
