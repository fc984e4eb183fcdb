export const MOBILE_HOME = '/communication/inbox';

/** Spec part 1 §2: the mobile layout only has the inbox, a customer's messenger and a customer's details. */
export function isMobileRoute(pathname: string): boolean {
  const p = pathname.replace(/\/+$/, '');
  return p === MOBILE_HOME || /^\/communication\/[^/]+\/(messenger|details)$/.test(p);
}
