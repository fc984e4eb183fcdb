import type { TRequestContext } from '../../context';
import { requireArea } from '../../lib/require-area';
import { resolveReadableCompanyId } from '../../tenant-scope';

/**
 * Who works the parts counter (spec part 2 §6, part 1 §2 menu rule): the auto parts sales role and company admins
 * (super admins count as company admins of the company they work in). Everyone else gets 403.
 */
export function requirePartsUser(ctx: TRequestContext): void {
  requireArea({ ctx, area: 'parts', message: 'You do not have access to parts sales.' });
}

/** The company whose parts records the caller works with (checked for the role first). */
export function partsCompanyOf(ctx: TRequestContext): number {
  requirePartsUser(ctx);
  return resolveReadableCompanyId({ ctx });
}
