import { maskCardNumbers } from '../lib/card-numbers';
import { redactUrl } from '../lib/log-redact';
import { REDACTED, redactSecretHeaders, scrubLiteralSecrets } from '../lib/secret-redact';

/**
 * JSON members whose value never reaches a log: card security codes, PINs, one-time payment keys, saved-card
 * tokens, credentials. Matched on the member name in any object, case-insensitively.
 */
const SECRET_MEMBERS = new Set([
  'cvc',
  'cvv',
  'cvv2',
  'pin',
  'apipin',
  'payment_key',
  'paymentkey',
  'apikey',
  'api_key',
  'app_key',
  'appkey',
  'api_secret',
  'apisecret',
  'secret',
  'password',
  'signature_key',
  'token',
  'magstripe',
  'track1',
  'track2',
]);
/** Objects whose `key`/`number` is a card credential (a saved-card token, a vault payment method), unlike a transaction's key. */
const CARD_OBJECTS = new Set(['savedcard', 'creditcard', 'token', 'payment_methods']);
/** Text shapes outside JSON: "cvc=123", "pin: 1234", form fields. */
const TEXT_SECRET = /\b(cvc|cvv2?|pin|payment_key|api_?key|api_?secret|password|token)(\s*[=:]\s*)("?)[^\s&",}]+/gi;

function redactValue(value: unknown, parent: string | null): unknown {
  if (Array.isArray(value)) return value.map((v) => redactValue(v, parent));
  if (value === null || typeof value !== 'object') return typeof value === 'string' ? maskCardNumbers(value).text : value;
  const out: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(value as Record<string, unknown>)) {
    const lower = name.toLowerCase();
    const cardCredential = parent !== null && CARD_OBJECTS.has(parent) && (lower === 'key' || lower === 'number' || lower === 'cardref');
    // A card number field keeps a processor's own mask ("4444xxxxxxxx1111"); anything else in it is a token or a number.
    const alreadyMasked = typeof v === 'string' && /^[\dx*X•\s-]*$/.test(v) && /[xX*•]/.test(v);
    // Any "…token" member (payment_token, card_token, access_token) is a credential too.
    const secret = SECRET_MEMBERS.has(lower) || lower.endsWith('token') || (cardCredential && !alreadyMasked);
    out[name] = secret ? REDACTED : redactValue(v, lower);
  }
  return out;
}

/**
 * Text headed for a payment call log or an error message, with card numbers masked ("•••• 1234"), secret members
 * (CVC, PIN, payment keys, tokens, credentials) replaced, and every literal secret the adapter holds scrubbed.
 * JSON is walked member by member; anything else is redacted by shape.
 */
export function redactPaymentText(opts: { text: string; secrets: readonly string[] }): string {
  let out: string;
  try {
    out = JSON.stringify(redactValue(JSON.parse(opts.text), null));
  } catch {
    out = maskCardNumbers(opts.text).text.replace(TEXT_SECRET, (_m, name: string, sep: string, quote: string) => `${name}${sep}${quote}${REDACTED}`);
  }
  return scrubLiteralSecrets(out, opts.secrets);
}

export function redactPaymentHeaders(headers: Record<string, string>): Record<string, string> {
  return redactSecretHeaders(headers);
}

export function redactPaymentUrl(opts: { url: string; secrets: readonly string[] }): string {
  return scrubLiteralSecrets(maskCardNumbers(redactUrl(opts.url)).text, opts.secrets);
}
