import { isCompanyAdmin } from '@cd/contracts/roles';
import { useCurrentUser } from '../../../lib/current-user';

/** Company settings are changed by company admins (and super admins); others see them read-only (the server refuses them too). */
export function useCanEditSettings(): boolean {
  return isCompanyAdmin(useCurrentUser().roles);
}
