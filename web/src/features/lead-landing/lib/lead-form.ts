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
