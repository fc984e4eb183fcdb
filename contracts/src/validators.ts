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

const CHANNEL_RE = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const ALPHA_RE = '(0|1|0?\\.\\d{1,3}|1\\.0{1,3})';
/** rgb(r, g, b) or rgba(r, g, b, a) / rgb(r, g, b, a): channels 0–255, alpha 0–1 (spec part 2 §9: "rgb, alpha 0 to 1"). */
const RGB_RE = new RegExp(`^rgba?\\(\\s*${CHANNEL_RE}\\s*,\\s*${CHANNEL_RE}\\s*,\\s*${CHANNEL_RE}\\s*(?:,\\s*${ALPHA_RE}\\s*)?\\)$`, 'i');
const HEX_RE = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/**
 * An accent colour the customer pages accept: #rgb, #rrggbb, or rgb()/rgba() with an alpha from 0 to 1.
 * Strict on purpose: the value ends up in CSS, so nothing but these shapes may pass.
 */
export function isAccentColor(value: string): boolean {
  const v = value.trim();
  return HEX_RE.test(v) || RGB_RE.test(v);
}

/** The parts of an accent colour (alpha 1 when not given), or null when it is not one. */
export function parseAccentColor(value: string): { r: number; g: number; b: number; alpha: number } | null {
  const v = value.trim();
  if (HEX_RE.test(v)) {
    const hex = v.length === 4 ? [...v.slice(1)].map((c) => c + c).join('') : v.slice(1);
    return { r: parseInt(hex.slice(0, 2), 16), g: parseInt(hex.slice(2, 4), 16), b: parseInt(hex.slice(4, 6), 16), alpha: 1 };
  }
  const m = RGB_RE.exec(v);
  if (!m) return null;
  return { r: Number(m[1]), g: Number(m[2]), b: Number(m[3]), alpha: m[4] === undefined ? 1 : Number(m[4]) };
}

export const ACCENT_COLOR_MESSAGE = 'Enter a colour such as #1a73e8 or rgba(26, 115, 232, 0.8) (alpha from 0 to 1).';
