import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { buildCurlCommand, quoteShellArg } from './curl';

const HOSTILE = [
  `it's`,
  `"double" and 'single'`,
  '$(rm -rf /)',
  '`id`',
  '$HOME ${PATH}',
  'line one\nline two\n',
  'back\\slash \\n',
  "''''",
  '; echo pwned && false | cat > /tmp/x',
  '',
  'ünïcödé ☃',
];

/** Asks a real POSIX shell to echo the quoted word back: it must come out byte for byte. */
function roundTrip(word: string): string {
  return execFileSync('/bin/sh', ['-c', `printf '%s' ${quoteShellArg(word)}`], { encoding: 'utf8' });
}

describe('quoteShellArg', () => {
  it.each(HOSTILE)('keeps %j literal through a shell', (s) => {
    expect(roundTrip(s)).toBe(s);
  });

  it('single-quotes the whole word', () => {
    expect(quoteShellArg(`a'b`)).toBe(`'a'\\''b'`);
  });
});

describe('buildCurlCommand', () => {
  it('builds a POST with headers and body, skipping headers curl sets itself', () => {
    const cmd = buildCurlCommand({
      method: 'POST',
      url: 'https://api.twilio.com/2010-04-01/Accounts/AC1/Messages.json',
      headers: { Authorization: '[redacted]', 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': '42', Host: 'api.twilio.com' },
      body: 'To=%2B15551234567&Body=Hi',
    });
    expect(cmd).toBe(
      [
        `curl 'https://api.twilio.com/2010-04-01/Accounts/AC1/Messages.json'`,
        `-H 'Authorization: [redacted]'`,
        `-H 'Content-Type: application/x-www-form-urlencoded'`,
        `--data-raw 'To=%2B15551234567&Body=Hi'`,
      ].join(' \\\n  '),
    );
  });

  it('names the method only when curl would not guess it', () => {
    expect(buildCurlCommand({ method: 'get', url: 'https://x.test/a', headers: {}, body: null })).toBe(`curl 'https://x.test/a'`);
    expect(buildCurlCommand({ method: 'DELETE', url: 'https://x.test/a', headers: {}, body: null })).toBe(`curl -X 'DELETE' 'https://x.test/a'`);
    expect(buildCurlCommand({ method: 'GET', url: 'https://x.test/a', headers: {}, body: 'q' })).toContain(`-X 'GET'`);
  });

  it('survives hostile URLs, header values and bodies in a real shell', () => {
    const body = `{"text":"it's $(whoami) \`id\`\\n","n":1}\nsecond line`;
    const cmd = buildCurlCommand({ method: 'PUT', url: `https://x.test/?q=$(id)&r='`, headers: { 'X-Evil': '`id` "$HOME"' }, body });
    // Replace curl by a printer of its arguments: every argument must arrive exactly as given.
    const printed = execFileSync('/bin/sh', ['-c', `curl() { for a in "$@"; do printf '<%s>' "$a"; done; }; ${cmd}`], { encoding: 'utf8' });
    expect(printed).toBe(`<-X><PUT><https://x.test/?q=$(id)&r='><-H><X-Evil: \`id\` "$HOME"><--data-raw><${body}>`);
  });
});
