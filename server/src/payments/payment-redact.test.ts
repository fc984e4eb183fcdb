import { describe, expect, it } from 'vitest';
import { redactSecretHeaders, scrubLiteralSecrets } from '../lib/secret-redact';
import { redactPaymentText, redactPaymentUrl } from './payment-redact';

describe('payment redaction', () => {
  it('masks card numbers and removes CVC, PIN, payment keys and tokens from JSON, keeping masked numbers and amounts', () => {
    const body = JSON.stringify({
      command: 'cc:sale',
      amount: '12.34',
      payment_key: '02zxfg87ty824',
      creditcard: { number: '4000100011112224', cvc: '123', expiration: '0930', cardholder: 'A B' },
      pin: '1234',
      note: 'customer wrote 5555 4444 3333 2226 in the chat',
      lines: [{ name: 'Oil', token: 'abc' }],
    });
    const out = JSON.parse(redactPaymentText({ text: body, secrets: [] })) as Record<string, unknown>;
    expect(out).toEqual({
      command: 'cc:sale',
      amount: '12.34',
      payment_key: '[redacted]',
      creditcard: { number: '[redacted]', cvc: '[redacted]', expiration: '0930', cardholder: 'A B' },
      pin: '[redacted]',
      note: 'customer wrote •••• 2226 in the chat',
      lines: [{ name: 'Oil', token: '[redacted]' }],
    });
  });

  it("keeps a processor's own mask and a transaction's key, but hides a saved-card token", () => {
    const answer = JSON.stringify({
      type: 'transaction',
      key: 'dnfwxwhz5kvnbgb',
      creditcard: { number: '4444xxxxxxxx1111' },
      savedcard: { type: 'Visa', key: 'mq96-iisr-f0e8-6w78', cardnumber: '4000xxxxxxxx2224' },
    });
    const out = redactPaymentText({ text: answer, secrets: [] });
    expect(out).toContain('"key":"dnfwxwhz5kvnbgb"');
    expect(out).toContain('4444xxxxxxxx1111');
    expect(out).not.toContain('mq96-iisr-f0e8-6w78');
  });

  it('redacts by shape outside JSON and scrubs literal secrets (API key echoed in an error)', () => {
    const text = 'declined card=4000300611112224 cvc=123 pin: 9876 key _V87Qtb513Cd3vabM7RC0TbtJWeSo8p7 unknown';
    const out = redactPaymentText({ text, secrets: ['_V87Qtb513Cd3vabM7RC0TbtJWeSo8p7'] });
    expect(out).toBe('declined card=•••• 2224 cvc=[redacted] pin: [redacted] key [redacted] unknown');
    expect(scrubLiteralSecrets('pin 1234 here', ['1234'])).toBe('pin 1234 here'); // too short to scrub blindly
  });

  it('redacts auth, signature and idempotency headers and secrets in URLs', () => {
    expect(redactSecretHeaders({ Authorization: 'Basic abc', 'X-Signature': 'f00', 'content-type': 'application/json' })).toEqual({
      Authorization: '[redacted]',
      'X-Signature': '[redacted]',
      'content-type': 'application/json',
    });
    expect(redactPaymentUrl({ url: 'https://x/api/v2/tokens/4000100011112224?api_key=zzz', secrets: [] })).toBe(
      'https://x/api/v2/tokens/•••• 2224?api_key=[redacted]',
    );
  });
});
