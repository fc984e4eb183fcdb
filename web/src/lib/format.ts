import dayjs from 'dayjs';

export const DATE_TIME_FORMAT = 'MM/DD/YYYY h:mm A';

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = dayjs(value);
  return d.isValid() ? d.format(DATE_TIME_FORMAT) : '';
}

// Phone formatting lives in phone-format.ts (NANP without libphonenumber's metadata); the screens import it from here.
export { formatPhone } from './phone-format';

export function initialsOf(firstName: string | null | undefined, lastName: string | null | undefined): string {
  const a = (firstName ?? '').trim().charAt(0);
  const b = (lastName ?? '').trim().charAt(0);
  return (a + b).toUpperCase() || '?';
}

export function fullName(user: { firstName?: string | null; lastName?: string | null }): string {
  return [user.firstName, user.lastName].filter((p) => p && p.trim()).join(' ');
}

/** Browser tab title: the brand plus "(N)" when there are unread customers (spec part 1 §1), "(99+)" past 99 as the badge. */
export function documentTitle(brand: string, unread: number): string {
  if (unread <= 0) return brand;
  return `${brand} (${unread > 99 ? '99+' : unread})`;
}

/** A list's total for display: "1234", or "1000+" when the server counted only up to its cap; "" while unknown. */
export function formatListTotal(page: { totalItems?: number; totalItemsAtLeast?: number } | undefined): string {
  if (page?.totalItems !== undefined) return String(page.totalItems);
  if (page?.totalItemsAtLeast !== undefined) return `${page.totalItemsAtLeast}+`;
  return '';
}
