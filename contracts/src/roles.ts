import { z } from 'zod';

export const ROLES = [
  'ROLE_USER',
  'ROLE_COMMUNICATION',
  'ROLE_REAL_ESTATE',
  'ROLE_INTERNAL_CHAT',
  'ROLE_AUTO_PARTS_SALES',
  'ROLE_AUTO_ACCOUNTING',
  'ROLE_PAYMENT',
  'ROLE_APPOINTMENTS',
  'ROLE_OFFERS',
  'ROLE_MARKETING',
  'ROLE_COMPANY_ADMIN',
  'ROLE_SUPER_ADMIN',
] as const;

export const ZRoleSchema = z.enum(ROLES);
export type TRole = z.infer<typeof ZRoleSchema>;

/** Roles a company may hand to its users; super admin is never assignable through a company. */
export const ASSIGNABLE_ROLES = ROLES.filter((r) => r !== 'ROLE_SUPER_ADMIN') as TRole[];

export const MODULES = [
  'communication',
  'appointments',
  'internalChat',
  'offers',
  'realEstate',
  'automotive',
  'questionnaire',
] as const;
export const ZModuleSchema = z.enum(MODULES);
export type TModule = z.infer<typeof ZModuleSchema>;

export const AWAY_STATUSES = ['ONLINE', 'AWAY', 'AWAY_WITH_TRANSFER'] as const;
export const ZAwayStatusSchema = z.enum(AWAY_STATUSES);
export type TAwayStatus = z.infer<typeof ZAwayStatusSchema>;

export function isSuperAdmin(roles: readonly string[]): boolean {
  return roles.includes('ROLE_SUPER_ADMIN');
}

export function isCompanyAdmin(roles: readonly string[]): boolean {
  return roles.includes('ROLE_COMPANY_ADMIN') || roles.includes('ROLE_SUPER_ADMIN');
}

/** Rank used by impersonation: a user may only impersonate someone of strictly lower rank (or a plain colleague). */
export function rankOf(roles: readonly string[]): 0 | 1 | 2 {
  if (roles.includes('ROLE_SUPER_ADMIN')) return 2;
  if (roles.includes('ROLE_COMPANY_ADMIN')) return 1;
  return 0;
}

export interface TImpersonationParty {
  id: number;
  companyId: number | null;
  roles: readonly string[];
  enabled?: boolean;
}

/**
 * Impersonation rank rules (spec part 1 §5–§6): super admins anyone; company admins anyone of their company
 * except super admins; other users only non-admin colleagues of their company. Disabled users never (they cannot
 * sign in either). Oneself is always allowed (switching back).
 */
export function canImpersonate(real: TImpersonationParty, target: TImpersonationParty): boolean {
  if (real.id === target.id) return true;
  if (target.enabled === false) return false;
  if (isSuperAdmin(real.roles)) return true;
  if (real.companyId === null || target.companyId !== real.companyId) return false;
  if (isSuperAdmin(target.roles)) return false;
  if (isCompanyAdmin(real.roles)) return true;
  return rankOf(target.roles) === 0;
}
