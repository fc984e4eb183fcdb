export type TPrettyBody = { kind: 'json' | 'text'; text: string };

/** A stored body for reading: JSON is indented (its content type may be missing or wrong), anything else as stored. */
export function prettyBodyOf(body: string | null): TPrettyBody | null {
  if (body === null || body === '') return null;
  const trimmed = body.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return { kind: 'json', text: JSON.stringify(JSON.parse(body), null, 2) };
    } catch {
      // Not JSON after all (a truncated body): shown as text.
    }
  }
  return { kind: 'text', text: body };
}

/** Header lines as `Name: value`, sorted by name so two entries compare at a glance. */
export function headerLinesOf(headers: Record<string, string>): string {
  return Object.entries(headers)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
}
