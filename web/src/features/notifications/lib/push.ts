import type { TPushSubscriptionInput } from '@cd/contracts/notification';

/** What the app does about this browser's push subscription for the signed-in user. */
export type TPushMode = 'subscribe' | 'unsubscribe' | 'idle';

/**
 * Push is set up only for the real user (never while impersonating: spec part 1 §6) with a company, when the
 * browser can do it; it follows the user's `notificationSettings.push`.
 */
export function pushRegistrationMode(opts: { push: boolean; impersonating: boolean; hasCompany: boolean; supported: boolean }): TPushMode {
  if (opts.impersonating || !opts.supported || !opts.hasCompany) return 'idle';
  return opts.push ? 'subscribe' : 'unsubscribe';
}

/** The VAPID public key (base64url) as the bytes `pushManager.subscribe` wants. */
export function applicationServerKeyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  const raw = atob(base64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** Whether a subscription was made with this server key (after a key change it must be made again). */
export function sameServerKey(key: ArrayBuffer | null | undefined, base64url: string): boolean {
  if (!key) return false;
  const a = new Uint8Array(key);
  const b = applicationServerKeyBytes(base64url);
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** `PushSubscription.toJSON()` → the API's {endpoint, key (p256dh), token (auth)}. */
export function toSubscriptionInput(json: { endpoint?: string; keys?: Record<string, string> }): TPushSubscriptionInput | null {
  const key = json.keys?.p256dh;
  const token = json.keys?.auth;
  if (!json.endpoint || !key || !token) return null;
  return { endpoint: json.endpoint, key: key.replace(/=+$/, ''), token: token.replace(/=+$/, '') };
}
