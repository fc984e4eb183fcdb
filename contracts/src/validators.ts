import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js';

/** Spec part 1 §5: numbers beginning with +1555 are always accepted (test numbers); others must be valid. */
export function isValidPhone(value: string): boolean {
  const v = value.trim();
  if (v.startsWith('+1555')) return /^\+1555\d{7}$/.test(v);
  try {
    return isValidPhoneNumber(v);
  } catch {
    return false;
  }
}

/** Optional http(s) scheme, domain or IPv4, optional port, path, query and fragment. */
const URL_RE =
  /^(?:https?:\/\/)?(?:(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}|(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d))(?::\d{1,5})?(?:\/[^\s?#]*)?(?:\?[^\s#]*)?(?:#\S*)?$/i;

export function isValidUrl(value: string): boolean {
  return URL_RE.test(value.trim());
}

/** E.164 form of a valid number (spaces and dashes dropped) so uniqueness and lookups compare like with like. */
export function toE164(value: string): string {
  const v = value.trim();
  if (v.startsWith('+1555')) return v;
  return parsePhoneNumberFromString(v)?.number ?? v;
}

export const SLUG_RE = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

/**
 * Reset-password rule (spec part 1 §5): at least 8 characters, letters and digits only,
 * with at least one lowercase, one uppercase and one digit.
 */
export function isValidResetPassword(value: string): boolean {
  return /^[A-Za-z0-9]{8,}$/.test(value) && /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value);
}

/** Profile / user-form rule (spec part 1 §5): at least 8 characters, one number and one uppercase letter. */
export function isValidProfilePassword(value: string): boolean {
  return value.length >= 8 && /\d/.test(value) && /[A-Z]/.test(value);
}

export const MIN_PASSWORD_LENGTH = 8;
