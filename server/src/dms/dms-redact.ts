import { redactCallUrl, redactHeaders, redactText } from '../lib/outside-calls/redact';

/**
 * DMS call-log redaction: the shared outside-call redactor (lib/outside-calls/redact.ts) under the names the DMS
 * adapters import. It removes WS-Security passwords, client secrets and tokens by shape and every literal secret the
 * adapter holds, so a vendor echoing one back in an error message does not leak it either.
 */
export function redactDmsText(opts: { text: string; secrets: readonly string[] }): string {
  return redactText(opts);
}

export function redactDmsHeaders(headers: Record<string, string>): Record<string, string> {
  return redactHeaders({ headers });
}

export function redactDmsUrl(opts: { url: string; secrets: readonly string[] }): string {
  return redactCallUrl(opts);
}
