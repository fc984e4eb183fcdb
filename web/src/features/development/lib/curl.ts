/** Headers curl sets itself or that describe the stored exchange rather than a request to send again. */
const SKIPPED_HEADERS = new Set(['host', 'content-length', 'connection', 'accept-encoding', 'transfer-encoding']);

/**
 * POSIX single-quoting: inside '…' nothing is special (no $(), backticks, backslashes or variables) and a newline
 * is literal; only the quote itself needs the close-escape-reopen dance.
 */
export function quoteShellArg(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/**
 * A "Copy as curl" command for a logged outside call. Values stay as stored: redacted ones remain `[redacted]`,
 * so the command never carries a secret; whoever runs it fills those in.
 */
export function buildCurlCommand(opts: { method: string; url: string; headers: Record<string, string>; body: string | null }): string {
  const method = opts.method.toUpperCase();
  const head = ['curl'];
  const parts: string[] = [];
  const hasBody = opts.body !== null && opts.body !== '';
  // curl sends GET by default and POST with a body; say the method only when it is neither.
  if (!(method === 'GET' && !hasBody) && !(method === 'POST' && hasBody)) head.push(`-X ${quoteShellArg(method)}`);
  head.push(quoteShellArg(opts.url));
  for (const [name, value] of Object.entries(opts.headers)) {
    if (SKIPPED_HEADERS.has(name.toLowerCase())) continue;
    parts.push(`-H ${quoteShellArg(`${name}: ${value}`)}`);
  }
  // --data-raw: a body starting with @ is text, not a file to read.
  if (hasBody) parts.push(`--data-raw ${quoteShellArg(opts.body!)}`);
  // One flag per line, as browsers' "Copy as cURL" does: readable, and still one shell command.
  return [head.join(' '), ...parts].join(' \\\n  ');
}
