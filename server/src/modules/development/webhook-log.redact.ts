import { maskCardNumbers } from '../../lib/card-numbers';
import { isSecretName, redactCallUrl, redactHeaders } from '../../lib/outside-calls/redact';
import { REDACTED } from '../../lib/secret-redact';

/**
 * Redaction of what a webhook log row keeps: headers, URL and body. Built on the shared redactor of the outgoing-call
 * log (lib/outside-calls/redact) so the rules match: no signature, token, secret, auth header or card number is ever
 * written. Bodies are walked here rather than by its redactText, for two replay needs: a body with nothing to redact
 * stays byte for byte, and the provider ids a handler de-duplicates on survive (Viber's `message_token`).
 */

/** Header names holding a credential or a signature (x-twilio-signature, x-hub-signature-256, x-viber-content-signature…). */
const SECRET_HEADER = /(authorization|cookie|signature|secret|token|api-key|apikey|password)/i;

/** Provider message ids whose names look like secrets: replays de-duplicate on them, and they grant nothing. */
const PROVIDER_IDS = new Set(['message_token']);
/** Webhook-specific names on top of the shared ones (Viber's `?sig=`, signatures). */
const SECRET_KEYS = new Set([
  'password',
  'passwd',
  'secret',
  'client_secret',
  'app_secret',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'auth_token',
  'authtoken',
  'verify_token',
  'hub.verify_token',
  'authorization',
  'api_key',
  'apikey',
  'pin',
  'pinhash',
  'cvv',
  'cvv2',
  'cvc',
  'card_number',
  'cardnumber',
  'pan',
  'signature',
  'sig',
]);

const isSecretKey = (key: string) => !PROVIDER_IDS.has(key.toLowerCase()) && (SECRET_KEYS.has(key.toLowerCase()) || isSecretName(key));

/** Headers as one string each, secrets replaced; `drop` names are left out entirely (the replay marker). */
export function redactWebhookHeaders(opts: { headers: Record<string, string | string[] | undefined>; drop: readonly string[] }): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(opts.headers)) {
    if (value === undefined || opts.drop.includes(name.toLowerCase())) continue;
    const text = Array.isArray(value) ? value.join(', ') : value;
    flat[name] = SECRET_HEADER.test(name) ? REDACTED : maskCardNumbers(text).text;
  }
  return redactHeaders({ headers: flat });
}

/** Path and query with secret query values (`sig`, `hub.verify_token`, `token`…) replaced. */
export function redactWebhookUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const shared = redactCallUrl({ url });
  const pairs = shared
    .slice(shared.indexOf('?') + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // Undecodable: judged as sent.
      }
      return isSecretKey(name) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    });
  return `${shared.slice(0, shared.indexOf('?'))}?${pairs.join('&')}`;
}

function redactJsonValue(value: unknown): { value: unknown; changed: boolean } {
  if (typeof value === 'string') {
    const m = maskCardNumbers(value);
    return { value: m.text, changed: m.masked > 0 };
  }
  if (!value || typeof value !== 'object') return { value, changed: false };
  let changed = false;
  if (Array.isArray(value)) {
    const out = value.map((v) => {
      const r = redactJsonValue(v);
      changed ||= r.changed;
      return r.value;
    });
    return { value: out, changed };
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (isSecretKey(k) && v !== null && v !== '') {
      out[k] = REDACTED;
      changed = true;
      continue;
    }
    const r = redactJsonValue(v);
    changed ||= r.changed;
    out[k] = r.value;
  }
  return { value: out, changed };
}

/**
 * The body with secret fields and card numbers replaced. A body with nothing to redact is kept byte for byte (a replay
 * re-sends it as received); JSON and forms are re-encoded only when something was replaced.
 */
export function redactWebhookBody(opts: { contentType: string | null; text: string }): string {
  const { text } = opts;
  const type = (opts.contentType ?? '').toLowerCase();
  if (type.includes('json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return maskCardNumbers(text).text;
    }
    const r = redactJsonValue(parsed);
    return r.changed ? JSON.stringify(r.value) : text;
  }
  if (type.includes('application/x-www-form-urlencoded')) {
    const form = new URLSearchParams(text);
    const out = new URLSearchParams();
    let changed = false;
    for (const [k, v] of form) {
      const masked = isSecretKey(k) && v !== '' ? REDACTED : maskCardNumbers(v).text;
      changed ||= masked !== v;
      out.append(k, masked);
    }
    return changed ? out.toString() : text;
  }
  return maskCardNumbers(text).text;
}
