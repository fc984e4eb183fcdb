import { describe, expect, it } from 'vitest';
import { classifyWebhook, webhookTargetOf } from './webhook-log.capture';
import { redactWebhookBody, redactWebhookHeaders, redactWebhookUrl } from './webhook-log.redact';

const PAN = '4111111111111111';

describe('webhook log redaction on the real delivery shapes', () => {
  it('replaces every signature and credential header and drops the replay marker', () => {
    const headers = redactWebhookHeaders({
      headers: {
        'x-twilio-signature': 'tWsig0123456789abcdef=',
        'x-hub-signature-256': 'sha256=abcdef0123456789',
        'x-viber-content-signature': 'f0e1d2c3b4a5',
        'x-signature': 't=1700000000,v1=abc123abc123',
        authorization: 'Basic dXNlcjpwYXNzd29yZA==',
        cookie: 'session=secret-cookie-value',
        'x-courier-webhook-replay': 'process-token-never-stored',
        'content-type': 'application/json',
        'x-timestamp': '1700000000',
      },
      drop: ['x-courier-webhook-replay'],
    });
    expect(headers).toEqual({
      'x-twilio-signature': '[redacted]',
      'x-hub-signature-256': '[redacted]',
      'x-viber-content-signature': '[redacted]',
      'x-signature': '[redacted]',
      authorization: '[redacted]',
      cookie: '[redacted]',
      'content-type': 'application/json',
      'x-timestamp': '1700000000',
    });
  });

  it('redacts secret query values (Viber ?sig=, Meta hub.verify_token) and keeps the rest', () => {
    expect(redactWebhookUrl('/api/webhooks/viber/acme?sig=abcdef123456')).toBe('/api/webhooks/viber/acme?sig=[redacted]');
    expect(redactWebhookUrl('/api/webhooks/whatsapp/acme?hub.mode=subscribe&hub.verify_token=my-verify-token&hub.challenge=42')).toBe(
      '/api/webhooks/whatsapp/acme?hub.mode=subscribe&hub.verify_token=[redacted]&hub.challenge=42',
    );
    expect(redactWebhookUrl('/api/webhooks/sms-provider/acme/status?messageId=12')).toBe('/api/webhooks/sms-provider/acme/status?messageId=12');
  });

  it('masks card numbers and secret fields in JSON, keeps an untouched body byte for byte, and keeps Viber message_token', () => {
    const viber = '{"event":"message","message_token":5741311803571721087,"sender":{"id":"01234567890A="},"message":{"type":"text","text":"hi"}}';
    expect(redactWebhookBody({ contentType: 'application/json', text: viber })).toBe(viber);
    const usaepay = JSON.stringify({ type: 'event', event_body: { object: { key: 'k1', creditcard: { number: PAN, cvc: '123' } } }, pin: '9876' });
    const out = redactWebhookBody({ contentType: 'application/json; charset=utf-8', text: usaepay });
    expect(out).not.toContain(PAN);
    expect(out).toContain('1111');
    expect(JSON.parse(out)).toMatchObject({ pin: '[redacted]', event_body: { object: { key: 'k1', creditcard: { cvc: '[redacted]' } } } });
  });

  it('masks card numbers and secret fields in Twilio forms and in plain text', () => {
    const form = `MessageSid=SM1&From=%2B15551234567&Body=${encodeURIComponent(`card ${PAN} exp 12/29`)}&token=abc123`;
    const out = redactWebhookBody({ contentType: 'application/x-www-form-urlencoded', text: form });
    expect(out).not.toContain(PAN);
    const params = new URLSearchParams(out);
    expect(params.get('MessageSid')).toBe('SM1');
    expect(params.get('token')).toBe('[redacted]');
    const plain = 'MessageSid=SM1&From=%2B15551234567&Body=Hello';
    expect(redactWebhookBody({ contentType: 'application/x-www-form-urlencoded', text: plain })).toBe(plain);
    expect(redactWebhookBody({ contentType: 'text/plain', text: `pan ${PAN}` })).not.toContain(PAN);
  });
});

describe('webhook log classification', () => {
  it('names the source and company slug of every webhook route', () => {
    expect(webhookTargetOf('/api/webhooks/sms-provider/acme-motors/inbound')).toEqual({ source: 'sms_provider', slug: 'acme-motors' });
    expect(webhookTargetOf('/api/webhooks/whatsapp/acme?hub.mode=subscribe')).toEqual({ source: 'whatsapp', slug: 'acme' });
    expect(webhookTargetOf('/api/webhooks/sms-gateway/acme')).toEqual({ source: 'sms_gateway', slug: 'acme' });
    expect(webhookTargetOf('/api/webhooks/payment/usaepay/acme/transaction')).toEqual({ source: 'payment', slug: 'acme' });
    expect(webhookTargetOf('/api/webhooks/unknown/acme')).toBeNull();
    expect(webhookTargetOf('/api/customers')).toBeNull();
  });

  it('maps status and handler marks to verification and outcome', () => {
    const c = (status: number, extra: Partial<Parameters<typeof classifyWebhook>[0]> = {}) =>
      classifyWebhook({ status, replay: false, mark: undefined, ...extra });
    expect(c(200)).toEqual({ verification: 'valid', outcome: 'processed' });
    expect(c(204)).toEqual({ verification: 'valid', outcome: 'processed' });
    expect(c(200, { mark: { verification: 'duplicate', outcome: 'ignored' } })).toEqual({ verification: 'duplicate', outcome: 'ignored' });
    expect(c(403)).toEqual({ verification: 'bad_signature', outcome: 'ignored' });
    expect(c(404)).toEqual({ verification: 'unknown_company', outcome: 'ignored' });
    expect(c(400)).toEqual({ verification: 'malformed', outcome: 'ignored' });
    expect(c(415)).toEqual({ verification: 'malformed', outcome: 'ignored' });
    expect(c(409)).toEqual({ verification: 'valid', outcome: 'failed' });
    expect(c(500)).toEqual({ verification: 'valid', outcome: 'failed' });
    expect(c(200, { replay: true, mark: { verification: 'duplicate', outcome: 'ignored' } })).toEqual({ verification: 'replayed', outcome: 'ignored' });
  });
});
