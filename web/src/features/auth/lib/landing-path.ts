/**
 * Where a user lands after sign-in (spec part 1 §2 "Landing after sign-in"):
 * super admin → companies; else the first match of communication, appointments, internal chat; else no-board.
 */
export function landingPath(roles: readonly string[]): string {
  if (roles.includes('ROLE_SUPER_ADMIN')) return '/companies';
  if (roles.includes('ROLE_COMMUNICATION')) return '/communication';
  if (roles.includes('ROLE_APPOINTMENTS')) return '/appointments';
  if (roles.includes('ROLE_INTERNAL_CHAT')) return '/internal-chat';
  return '/noboard';
}
