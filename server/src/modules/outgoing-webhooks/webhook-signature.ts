import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The signature scheme of outgoing webhooks (docs/outgoing-webhooks.md "Verifying a delivery"):
 * `X-Courier-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`, with a second `v1=` signed
 * with the previous secret while a rolled secret is in its grace period (Stripe-style).
 */

/** How long a rolled secret's predecessor keeps signing deliveries. */
export const SECRET_GRACE_SECONDS = 24 * 60 * 60;

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** `previousSecret` (a rolled secret in its grace period) adds a second `v1=` after the current one. */
export function signWebhook(opts: { secret: string; previousSecret?: string | null; body: string; timestamp: number }): string {
  const v1 = (secret: string) => `v1=${createHmac('sha256', secret).update(`${opts.timestamp}.${opts.body}`).digest('hex')}`;
  return [`t=${opts.timestamp}`, v1(opts.secret), ...(opts.previousSecret ? [v1(opts.previousSecret)] : [])].join(',');
}

/**
 * The receiver's check, exactly as docs/outgoing-webhooks.md shows it (the test runs this function): the header's
 * timestamp must be recent and one of its v1 values must match (several while a secret is being rolled).
 */
export function verifyWebhookSignature(opts: { secret: string; rawBody: string; header: string; toleranceSeconds?: number; now?: number }): boolean {
  const parts = opts.header.split(',').map((p) => p.trim().split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  const sigs = parts.filter(([k]) => k === 'v1').map(([, v]) => v ?? '');
  if (!Number.isInteger(t) || sigs.length === 0) return false;
  const now = opts.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - t) > (opts.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(createHmac('sha256', opts.secret).update(`${t}.${opts.rawBody}`).digest('hex'));
  return sigs.some((s) => {
    const got = Buffer.from(s);
    return got.length === expected.length && timingSafeEqual(got, expected);
  });
}
