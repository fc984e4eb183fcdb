import { isAccentColor, parseAccentColor } from '@cd/contracts/validators';

/** Only valid accent colours (hex, or rgb with alpha 0–1) become the page's primary colour; anything else keeps the app's own. */
export function safeAccentColor(value: string | null | undefined): string | null {
  const v = (value ?? '').trim();
  if (!isAccentColor(v)) return null;
  if (v.startsWith('#')) return v;
  // rgb() with four values is valid CSS but not for MUI's colour helpers: hand them rgb()/rgba().
  const c = parseAccentColor(v)!;
  return c.alpha === 1 ? `rgb(${c.r}, ${c.g}, ${c.b})` : `rgba(${c.r}, ${c.g}, ${c.b}, ${c.alpha})`;
}

/**
 * What a visitor types into the phone field, in the form the server checks (E.164): spaces, dashes, dots and
 * brackets go; a bare 10-digit number (or 11 digits starting with 1) is a US number.
 */
export function normalizePhoneInput(value: string): string {
  const v = value.trim().replace(/[\s().-]/g, '');
  if (/^\d{10}$/.test(v)) return `+1${v}`;
  if (/^1\d{10}$/.test(v)) return `+${v}`;
  if (/^00\d+$/.test(v)) return `+${v.slice(2)}`;
  return v;
}
