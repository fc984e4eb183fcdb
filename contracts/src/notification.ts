import { z } from 'zod';

/** What a staff notification is about. New kinds may appear; clients show title and body whatever the kind. */
export const NOTIFICATION_KINDS = ['inbound_message', 'conversation_transferred', 'unread_alert'] as const;
export type TNotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Notifications per page in the notification centre. */
export const NOTIFICATIONS_PER_PAGE = 20;

/** Largest push payload a push service accepts (4096 bytes encrypted = 3993 bytes of plaintext). */
export const MAX_PUSH_PAYLOAD_BYTES = 3993;

/** Extra facts of a notification; `link` is the app path it opens (e.g. the customer's messenger). */
export interface TNotificationData {
  customerId?: number;
  messageId?: number;
  minutes?: number;
  link?: string;
}

/** GET /api/notifications member (spec part 1 §3: Notification with readAt, createdAt). */
export interface TNotification {
  '@id': string;
  '@type': 'Notification';
  id: number;
  kind: string;
  title: string;
  body: string;
  data: TNotificationData;
  /** App path to open when the notification is clicked, or null. */
  link: string | null;
  readAt: string | null;
  createdAt: string;
}

export interface TNotificationUnreadCount {
  unread: number;
}

/** The body of POST /api/notifications/push_subscriptions: one browser's subscription (spec §3: endpoint, key, token). */
export const ZPushSubscriptionInputSchema = z.strictObject({
  endpoint: z.url({ protocol: /^https$/, error: 'A push endpoint must be an https URL.' }).max(2000),
  /** The browser's P-256 public key (`keys.p256dh`), base64url. */
  key: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, 'Expected the base64url p256dh key.'),
  /** The browser's authentication secret (`keys.auth`), base64url. */
  token: z.string().regex(/^[A-Za-z0-9_-]{16,30}={0,2}$/, 'Expected the base64url auth secret.'),
});
export type TPushSubscriptionInput = z.infer<typeof ZPushSubscriptionInputSchema>;

/** DELETE /api/notifications/push_subscriptions?endpoint=… */
export const ZPushSubscriptionRemoveSchema = z.object({ endpoint: z.string().min(1).max(2000) });

export interface TPushPublicKey {
  /** The VAPID application server key (base64url, 65-byte uncompressed P-256 point). */
  publicKey: string;
}

/** What the service worker receives in a push message. */
export interface TPushPayload {
  title: string;
  body: string;
  /** App path (same origin) to open on click. */
  url: string;
  /** Replaces an earlier push of the same notification instead of stacking. */
  tag: string;
}
