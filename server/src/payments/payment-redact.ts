import { redactCallUrl, redactHeaders, redactText } from '../lib/outside-calls/redact';

/**
 * Card-processor call-log redaction: the shared outside-call redactor (lib/outside-calls/redact.ts) under the names
 * the payment adapters import. Card numbers are masked ("•••• 1234"), CVC, PIN, payment keys, tokens and credentials
 * replaced, and every literal secret the adapter holds scrubbed.
 */
export function redactPaymentText(opts: { text: string; secrets: readonly string[] }): string {
  return redactText(opts);
}

export function redactPaymentHeaders(headers: Record<string, string>): Record<string, string> {
  return redactHeaders({ headers });
}

export function redactPaymentUrl(opts: { url: string; secrets: readonly string[] }): string {
  return redactCallUrl(opts);
}
