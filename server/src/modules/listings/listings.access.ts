import type { TRequestContext } from '../../context';
import { resolveReadableCompanyId } from '../../tenant-scope';
import { requireRealEstateUser } from '../keywords/keywords.api';

/** The company whose listings the caller works with (role checked first; the module is checked in the transaction). */
export function realEstateCompanyOf(ctx: TRequestContext): number {
  requireRealEstateUser(ctx);
  return resolveReadableCompanyId({ ctx });
}
