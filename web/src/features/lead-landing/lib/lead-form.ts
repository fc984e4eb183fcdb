import { isAccentColor, parseAccentColor } from '@cd/contracts/validators';

// The landing page's small form rules. The QR opt-in page (public-page feature) has the same two helpers; features do
// not import each other, so they are repeated here rather than moved under shared code another engineer owns.

/** Only valid accent colours become the page's primary colour; anything else keeps the app's own. */
export function safeAccentColor(value: string | null | undefined): string | null {
  const v = (value ?? '').trim();
  if (!isAccentColor(v)) return null;
  if (v.startsWith('#')) return v;
  const c = parseAccentColor(v)!;
  return c.alpha === 1 ? `rgb(${c.r}, ${c.g}, ${c.b})` : `rgba(${c.r}, ${c.g}, ${c.b}, ${c.alpha})`;
}

/** A typed phone in the form the server checks (E.164): separators go; a bare 10-digit number is a US number. */
export function normalizePhoneInput(value: string): string {
  const v = value.trim().replace(/[\s().-]/g, '');
  if (/^\d{10}$/.test(v)) return `+1${v}`;
  if (/^1\d{10}$/.test(v)) return `+${v}`;
  if (/^00\d+$/.test(v)) return `+${v.slice(2)}`;
  return v;
}

/** An optional listing link: empty is fine; otherwise an http(s) address (a bare domain gets https://). */
export function normalizeListingUrlInput(value: string): { ok: true; url: string | undefined } | { ok: false } {
  const v = value.trim();
  if (!v) return { ok: true, url: undefined };
  const withScheme = /^https?:\/\//i.test(v) ? v : `https://${v}`;
  try {
    const u = new URL(withScheme);
    if (!u.hostname.includes('.')) return { ok: false };
    return { ok: true, url: withScheme };
  } catch {
    return { ok: false };
  }
}
