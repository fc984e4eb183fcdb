import { maskCardNumbers } from '../card-numbers';
import { redactUrl } from '../log-redact';
import { REDACTED, redactSecretHeaders, scrubLiteralSecrets } from '../secret-redact';

/**
 * The one redactor of everything the product logs about its calls to outside systems (the outgoing API log, the
 * DMS and card-processor call sinks, error messages built from vendor answers). Secrets go by name (JSON members,
 * form and query fields, XML elements, headers), card numbers by shape (Luhn-valid digit runs, masked to the last
 * four), and every literal secret the adapter knows it holds by value (a vendor echoing a key in an error).
 */

/** Member/field names (lowercase, `-`/`_` removed) whose value is a secret wherever it appears. */
const SECRET_NAMES = new Set([
  'password',
  'passwd',
  'pwd',
  'secret',
  'token',
  'auth',
  'authorization',
  'apikey',
  'appkey',
  'apisecret',
  'apipin',
  'pin',
  'pinhash',
  'cvc',
  'cvv',
  'cvv2',
  'cvc2',
  'paymentkey',
  'signaturekey',
  'privatekey',
  'clientsecret',
  'magstripe',
  'track1',
  'track2',
  'cardnumber',
  'ccnumber',
  'pan',
]);
/** Objects whose `key`/`number` is a card credential (a saved-card token, a vault payment method), unlike a transaction's key. */
const CARD_OBJECTS = new Set(['savedcard', 'creditcard', 'card', 'token', 'payment_methods', 'paymentmethod']);

/** True when a member, field or query parameter of this name carries a secret. */
export function isSecretName(name: string): boolean {
  const n = name.toLowerCase().replace(/[-_\s]/g, '');
  return SECRET_NAMES.has(n) || n.endsWith('token') || n.endsWith('secret') || n.endsWith('password');
}

/** A processor's own mask ("4444xxxxxxxx1111") is kept: it is what a support person compares against. */
function isAlreadyMasked(v: unknown): boolean {
  return typeof v === 'string' && /^[\dx*X•\s-]*$/.test(v) && /[xX*•]/.test(v);
}

function redactValue(value: unknown, parent: string | null): unknown {
  if (Array.isArray(value)) return value.map((v) => redactValue(v, parent));
  if (value === null || typeof value !== 'object') return typeof value === 'string' ? maskCardNumbers(value).text : value;
  const out: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(value as Record<string, unknown>)) {
    const lower = name.toLowerCase();
    const cardCredential = parent !== null && CARD_OBJECTS.has(parent) && (lower === 'key' || lower === 'number' || lower === 'cardref');
    const secret = (isSecretName(name) || cardCredential) && !(typeof v === 'string' && isAlreadyMasked(v) && !lower.includes('token'));
    out[name] = secret && v !== null && v !== '' ? REDACTED : redactValue(v, lower);
  }
  return out;
}

const NAMES = String.raw`(?:client_?secret|access_?token|refresh_?token|id_?token|auth_?token|api_?key|api_?secret|api_?pin|app_?key|payment_?key|pin_?hash|secret|password|passwd|token|cvc2?|cvv2?|pin)`;
/** Element names whose text is a secret in SOAP/XML bodies (WS-Security password first of all). */
const XML_SECRET =
  /<((?:[\w.-]+:)?(?:Password|ClientSecret|client_secret|access_token|ApiSecret|ApiKey|ApiPin|Pin|PinHash|Token|Cvv2?|Cvc))(\s[^>]*)?>[\s\S]*?<\/\1\s*>/gi;
/** JSON members in text that is not JSON as a whole (a log line, a truncated body). */
const JSON_SECRET = new RegExp(String.raw`"(${NAMES}|[\w-]*_token|clientSecret|apiSecret)"(\s*:\s*)"(?:[^"\\]|\\.)*"`, 'gi');
/** Form fields and "name: value" / "name=value" shapes. */
const TEXT_SECRET = new RegExp(String.raw`(^|[^\w])(${NAMES})(\s*[=:]\s*)("?)[^\s&",}<]+`, 'gi');

/** Form-encoded text (`a=b&c=d`), field by field, so every secret-named field goes whatever its name's case. */
function redactForm(text: string): string {
  return text
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // Keep the raw name.
      }
      // `card[number]` and friends: the innermost name decides.
      const inner = /\[([^\]]*)\]$/.exec(name)?.[1] ?? name;
      return isSecretName(inner) || isSecretName(name) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');
}

const FORM_SHAPE = /^[\w.%[\]+-]+=[^&\s]*(?:&[\w.%[\]+-]+=[^&\s]*)*$/;

/**
 * Text headed for a call log or an error message: JSON walked member by member; a form body field by field; anything
 * else (XML, plain text) by shape. Card numbers masked everywhere; literal secrets scrubbed last.
 */
export function redactText(opts: { text: string; secrets?: readonly string[] }): string {
  const { text } = opts;
  let out: string | null = null;
  const head = text.trimStart()[0];
  if (head === '{' || head === '[') {
    try {
      out = JSON.stringify(redactValue(JSON.parse(text), null));
    } catch {
      out = null;
    }
  }
  if (out === null) {
    const form = FORM_SHAPE.test(text) ? redactForm(text) : text;
    out = maskCardNumbers(
      form
        .replace(XML_SECRET, (_m, name: string, attrs: string | undefined) => `<${name}${attrs ?? ''}>${REDACTED}</${name}>`)
        .replace(JSON_SECRET, (_m, name: string, sep: string) => `"${name}"${sep}"${REDACTED}"`)
        .replace(TEXT_SECRET, (m, lead: string, name: string, sep: string, quote: string) =>
          m.slice(lead.length + name.length + sep.length + quote.length).startsWith(REDACTED) ? m : `${lead}${name}${sep}${quote}${REDACTED}`,
        ),
    ).text;
  }
  return scrubLiteralSecrets(out, opts.secrets ?? []);
}

/** A URL with credentials in the authority removed, secret query values replaced, card numbers masked. */
export function redactCallUrl(opts: { url: string; secrets?: readonly string[] }): string {
  let url = redactUrl(opts.url).replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#@]*@/i, `$1${REDACTED}@`);
  const q = url.indexOf('?');
  if (q >= 0) url = `${url.slice(0, q)}?${redactForm(url.slice(q + 1))}`;
  return scrubLiteralSecrets(maskCardNumbers(url).text, opts.secrets ?? []);
}

/** Header values that are credentials replaced (by the known list and by name shape); literal secrets scrubbed. */
export function redactHeaders(opts: { headers: Record<string, string>; secrets?: readonly string[] }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(redactSecretHeaders(opts.headers))) {
    const secret = value !== REDACTED && /auth|token|secret|signature|api-?key|password|cookie|session/i.test(name);
    out[name] = secret ? REDACTED : scrubLiteralSecrets(value, opts.secrets ?? []);
  }
  return out;
}

/** Any fetch-style headers as a plain lowercase-keyed record. */
export function headersRecordOf(headers: HeadersInit | Headers | undefined | null): Record<string, string> {
  if (!headers) return {};
  const out: Record<string, string> = {};
  new Headers(headers as HeadersInit).forEach((value, name) => {
    out[name] = value;
  });
  return out;
}
