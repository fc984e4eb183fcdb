import { redactUrl } from '../lib/log-redact';
import { REDACTED, redactSecretHeaders, scrubLiteralSecrets } from '../lib/secret-redact';

/** Element names whose text is a secret in SOAP/XML bodies (WS-Security password first of all). */
const XML_SECRET = /<((?:[\w.-]+:)?(?:Password|ClientSecret|client_secret|access_token|ApiSecret))(\s[^>]*)?>[\s\S]*?<\/\1\s*>/gi;
/** JSON members whose string value is a secret. */
const JSON_SECRET = /"(access_token|refresh_token|id_token|client_secret|clientSecret|apiSecret|api_secret|password|token)"(\s*:\s*)"(?:[^"\\]|\\.)*"/gi;
/** Form-encoded fields whose value is a secret. */
const FORM_SECRET = /(^|&)(client_secret|password|access_token|refresh_token)=[^&]*/gi;

/**
 * Removes secrets from text headed for the call log: by shape (XML password elements, JSON and form members) and,
 * belt and braces, every literal occurrence of the secrets the adapter knows it holds (password, API secret, token),
 * so a vendor echoing one back in an error message does not leak it either.
 */
export function redactDmsText(opts: { text: string; secrets: readonly string[] }): string {
  const out = opts.text
    .replace(XML_SECRET, (_m, name: string, attrs: string | undefined) => `<${name}${attrs ?? ''}>${REDACTED}</${name}>`)
    .replace(JSON_SECRET, (_m, name: string, sep: string) => `"${name}"${sep}"${REDACTED}"`)
    .replace(FORM_SECRET, (_m, lead: string, name: string) => `${lead}${name}=${REDACTED}`);
  return scrubLiteralSecrets(out, opts.secrets);
}

export function redactDmsHeaders(headers: Record<string, string>): Record<string, string> {
  return redactSecretHeaders(headers);
}

export function redactDmsUrl(opts: { url: string; secrets: readonly string[] }): string {
  return redactDmsText({ text: redactUrl(opts.url), secrets: opts.secrets });
}
