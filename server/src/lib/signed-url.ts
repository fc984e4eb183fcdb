import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TConfig } from '../config';

/**
 * Short-lived signed URLs for stored files: `/storage/<key>?expires=<unix>&sig=<hmac>`.
 * The signature is HMAC-SHA256 over `key \n expires` with a key derived from ENCRYPTION_KEY (a dedicated
 * derivation, so a signature can never be replayed as anything else the app signs). Possession of the URL is
 * the permission: browsers load images without a bearer token and SMS providers fetch media from the outside.
 */

type TSigningConfig = Pick<TConfig, 'encryptionKey' | 'publicUrl' | 'signedUrlTtl'>;

export const STORAGE_URL_PREFIX = '/storage/';

/**
 * Expiry is rounded up to this many seconds so the same file gets the same URL for a while and browsers can
 * cache it; the real lifetime is therefore between ttl and ttl + this.
 */
const EXPIRY_BUCKET_SECONDS = 60;

const signingKeys = new WeakMap<Buffer, Buffer>();

function signingKeyOf(config: TSigningConfig): Buffer {
  let key = signingKeys.get(config.encryptionKey);
  if (!key) {
    key = createHmac('sha256', config.encryptionKey).update('courier-desk/storage-url/v1').digest();
    signingKeys.set(config.encryptionKey, key);
  }
  return key;
}

function signatureOf(config: TSigningConfig, key: string, expires: number): string {
  return createHmac('sha256', signingKeyOf(config)).update(`${key}\n${expires}`).digest('base64url');
}

function nowSeconds(now?: Date): number {
  return Math.floor((now ?? new Date()).getTime() / 1000);
}

function encodeKey(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}

/** A signed URL for a storage key; `absolute` prefixes PUBLIC_URL (for providers fetching media). */
export function createSignedStorageUrl(opts: {
  config: TSigningConfig;
  key: string;
  ttlSeconds?: number;
  absolute?: boolean;
  now?: Date;
}): string {
  const ttl = opts.ttlSeconds ?? opts.config.signedUrlTtl;
  const expires = Math.ceil((nowSeconds(opts.now) + ttl) / EXPIRY_BUCKET_SECONDS) * EXPIRY_BUCKET_SECONDS;
  const relative = `${STORAGE_URL_PREFIX}${encodeKey(opts.key)}?expires=${expires}&sig=${signatureOf(opts.config, opts.key, expires)}`;
  return opts.absolute ? `${opts.config.publicUrl}${relative}` : relative;
}

export type TSignedUrlCheck = { ok: true; expires: number } | { ok: false; reason: 'invalid' | 'expired' };

/** Checks the signature (constant time) and then the expiry of a storage key's URL parameters. */
export function verifySignedStorageUrl(opts: {
  config: TSigningConfig;
  key: string;
  expires: unknown;
  sig: unknown;
  now?: Date;
}): TSignedUrlCheck {
  if (typeof opts.expires !== 'string' || !/^\d{1,12}$/.test(opts.expires) || typeof opts.sig !== 'string')
    return { ok: false, reason: 'invalid' };
  const expires = Number(opts.expires);
  const expected = Buffer.from(signatureOf(opts.config, opts.key, expires));
  const given = Buffer.from(opts.sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  if (expires < nowSeconds(opts.now)) return { ok: false, reason: 'expired' };
  return { ok: true, expires };
}
