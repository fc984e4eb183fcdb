export const MOBILE_HOME = '/communication/inbox';

/**
 * Spec part 1 §2: the mobile layout only has the inbox, a customer's messenger and a customer's details — plus a
 * repair order's page, which the messenger's repair-order panel opens (an advisor on the shop floor works from a phone),
 * the surveys dashboard, which the messenger's survey chip opens for admins following up an unhappy customer, and the
 * appointments calendar, where the appointments role lands and a service advisor checks the day from the shop floor.
 */
export function isMobileRoute(pathname: string): boolean {
  const p = pathname.replace(/\/+$/, '');
  return (
    p === MOBILE_HOME ||
    /^\/communication\/[^/]+\/(messenger|details)$/.test(p) ||
    /^\/repair-orders\/[1-9][0-9]*$/.test(p) ||
    p === '/surveys' ||
    p === '/appointments'
  );
}
