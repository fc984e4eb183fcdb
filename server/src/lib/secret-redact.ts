/**
 * Redaction shared by every outside-system adapter's call log (DMS vendors, card processors): header values that
 * are credentials, and the literal secrets an adapter knows it holds.
 */

export const REDACTED = '[redacted]';

const SECRET_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'x-signature',
  'x-viber-auth-token',
  'x-viber-content-signature',
  'x-twilio-signature',
  'x-hub-signature',
  'x-hub-signature-256',
]);

/** A copy of `headers` with every credential-bearing header's value replaced. */
export function redactSecretHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) out[name] = SECRET_HEADERS.has(name.toLowerCase()) ? REDACTED : value;
  return out;
}

/**
 * Every literal occurrence of a known secret replaced, so a vendor echoing one back in an error message does not
 * leak it. Short values (empty, "test", a 4-digit PIN) would shred ordinary text: callers catch those by shape.
 */
export function scrubLiteralSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 6) out = out.split(secret).join(REDACTED);
  return out;
}
