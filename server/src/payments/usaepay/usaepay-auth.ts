/**
 * USAePay REST v2 request authentication and webhook signatures (protocols/dms-and-payments.md §3.2, §3.7).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh seed per request (the docs allow any string; 32 hex characters as in the live examples). */
export function createUsaepaySeed(): string {
  return randomBytes(16).toString('hex');
}

/**
 * `Authorization: Basic base64(apikey + ":" + "s2/" + seed + "/" + hex(sha256(apikey + seed + pin)))`.
 * Without a PIN the docs show no form; we send the key with an empty hash (UNCERTAIN, §3.2), which the gateway
 * accepts only for calls that need no PIN.
 */
export function buildUsaepayAuthorization(opts: { apiKey: string; pin: string | null; seed: string }): string {
  const apiHash = opts.pin
    ? `s2/${opts.seed}/${createHash('sha256')
        .update(opts.apiKey + opts.seed + opts.pin, 'utf8')
        .digest('hex')}`
    : '';
  return `Basic ${Buffer.from(`${opts.apiKey}:${apiHash}`, 'utf8').toString('base64')}`;
}

/** Lowercase hex HMAC-SHA256 of the raw body with the webhook signature key (official PHP SDK, §3.7). */
export function signUsaepayWebhook(opts: { signatureKey: string; rawBody: Buffer | string }): string {
  return createHmac('sha256', opts.signatureKey).update(opts.rawBody).digest('hex');
}

/** Constant-time check of an `X-Signature` value (compared lowercased: the PHP SDK compares the bare hex). */
export function isValidUsaepaySignature(opts: { signatureKey: string; rawBody: Buffer | string; signature: string }): boolean {
  const expected = Buffer.from(signUsaepayWebhook(opts), 'utf8');
  const given = Buffer.from(opts.signature.trim().toLowerCase(), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
