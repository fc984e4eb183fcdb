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

/** Pages a sign-in never returns to: the sign-in pages themselves. */
const AUTH_PAGES = /^\/(login|forgot-password|reset-password|another_tab_open)(\/|\?|#|$)/;

/**
 * The page a signed-out visitor was opening (a shared link, a notification), to return to after sign-in instead of
 * the role's landing page. Only a path on this site: "//host" and "/\\host" would leave it, and a sign-in page
 * would loop. Null when there is none to return to.
 */
export function returnPathOf(from: unknown): string | null {
  if (typeof from !== 'string' || from.length > 2000 || !from.startsWith('/')) return null;
  if (from.startsWith('//') || from.startsWith('/\\') || AUTH_PAGES.test(from) || from === '/') return null;
  return from;
}
