import { WEBCHAT_LIMITS, WEBCHAT_ORIGIN_RE } from '@cd/contracts/webchat';

export type TOriginInputResult = { origin: string; error: null } | { origin: null; error: 'invalid' | 'duplicate' | 'too_many' };

/**
 * What the admin typed as an allowed origin, checked like the server does (trimmed, lower case, exact
 * scheme://host[:port]). A pasted page address keeps only its origin: people copy the URL bar, not the origin.
 */
export function parseOriginInput(opts: { text: string; current: readonly string[] }): TOriginInputResult {
  let value = opts.text.trim().toLowerCase();
  if (/^https?:\/\/[^/]+\/.+|^https?:\/\/[^/]+\/$/.test(value)) {
    try {
      value = new URL(value).origin;
    } catch {
      return { origin: null, error: 'invalid' };
    }
  }
  if (!WEBCHAT_ORIGIN_RE.test(value)) return { origin: null, error: 'invalid' };
  if (opts.current.includes(value)) return { origin: null, error: 'duplicate' };
  if (opts.current.length >= WEBCHAT_LIMITS.allowedOrigins) return { origin: null, error: 'too_many' };
  return { origin: value, error: null };
}
