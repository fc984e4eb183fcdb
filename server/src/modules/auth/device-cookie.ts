import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { TConfig } from '../../config';

/**
 * The known-device cookie: set on a successful sign-in, it lets the same browser sign in to the same account
 * while strangers' failures hold the account in back-off (so failed guesses cannot lock the owner out).
 * Signed (HMAC-SHA256, key derived from the API secret), bound to one user id, HttpOnly, sent to /api/login only.
 */
export const DEVICE_COOKIE = 'cd_device';
const VERSION = 'v1';

function keyOf(config: TConfig): Buffer {
  return createHmac('sha256', config.jwtSecret).update('cd_device key').digest();
}

function sign(config: TConfig, payload: string): string {
  return createHmac('sha256', keyOf(config)).update(payload).digest('base64url');
}

function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The device id of a valid, unexpired cookie issued to `userId`; undefined for anything else. */
export function readDeviceId(opts: { config: TConfig; cookieHeader: string | undefined; userId: number; nowMs?: number }): string | undefined {
  const value = readCookie(opts.cookieHeader, DEVICE_COOKIE);
  if (!value || value.length > 200) return undefined;
  const parts = value.split('.');
  if (parts.length !== 5 || parts[0] !== VERSION) return undefined;
  const [, deviceId, userId, expires, mac] = parts as [string, string, string, string, string];
  const expected = Buffer.from(sign(opts.config, parts.slice(0, 4).join('.')));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  if (userId !== String(opts.userId) || Number(expires) * 1000 <= (opts.nowMs ?? Date.now())) return undefined;
  return deviceId;
}

/** A Set-Cookie value for `userId`, keeping the browser's device id when it already has one. */
export function issueDeviceCookie(opts: { config: TConfig; userId: number; deviceId?: string }): string {
  const { config } = opts;
  const deviceId = opts.deviceId ?? randomBytes(16).toString('base64url');
  const maxAge = config.loginDeviceTtlDays * 24 * 3600;
  const payload = [VERSION, deviceId, String(opts.userId), String(Math.floor(Date.now() / 1000) + maxAge)].join('.');
  const secure = config.publicUrl.startsWith('https://') ? '; Secure' : '';
  return `${DEVICE_COOKIE}=${payload}.${sign(config, payload)}; Max-Age=${maxAge}; Path=/api/login; HttpOnly; SameSite=Strict${secure}`;
}
