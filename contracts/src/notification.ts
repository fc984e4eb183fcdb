import { z } from 'zod';
import { ZIsoDateTimeSchema } from './refs';

/** What a staff notification is about. New kinds may appear; clients show title and body whatever the kind. */
export const NOTIFICATION_KINDS = ['inbound_message', 'conversation_transferred', 'unread_alert', 'negative_survey', 'survey_follow_up'] as const;
export type TNotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Notifications per page in the notification centre. */
export const NOTIFICATIONS_PER_PAGE = 20;

/** Largest push payload a push service accepts (4096 bytes encrypted = 3993 bytes of plaintext). */
export const MAX_PUSH_PAYLOAD_BYTES = 3993;

/** Extra facts of a notification; `link` is the app path it opens (e.g. the customer's messenger). New kinds may add facts. */
export const ZNotificationDataSchema = z.looseObject({
  customerId: z.number().int().optional(),
  messageId: z.number().int().optional(),
  minutes: z.number().optional(),
  link: z.string().optional(),
});
export type TNotificationData = z.infer<typeof ZNotificationDataSchema>;

/** GET /api/notifications member (spec part 1 §3: Notification with readAt, createdAt). */
export const ZNotificationSchema = z
  .object({
    '@id': z.string(),
    '@type': z.literal('Notification'),
    id: z.number().int(),
    /** One of NOTIFICATION_KINDS today; new kinds may appear. */
    kind: z.string(),
    title: z.string(),
    body: z.string(),
    data: ZNotificationDataSchema,
    /** App path to open when the notification is clicked, or null. */
    link: z.string().nullable(),
    readAt: ZIsoDateTimeSchema.nullable(),
    createdAt: ZIsoDateTimeSchema,
  })
  .meta({ id: 'Notification' });
export type TNotification = z.infer<typeof ZNotificationSchema>;

export const ZNotificationUnreadCountSchema = z.object({ unread: z.number().int().min(0) });
export type TNotificationUnreadCount = z.infer<typeof ZNotificationUnreadCountSchema>;

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

export const ZPushPublicKeySchema = z.object({
  /** The VAPID application server key (base64url, 65-byte uncompressed P-256 point). */
  publicKey: z.string(),
});
export type TPushPublicKey = z.infer<typeof ZPushPublicKeySchema>;

/** What the service worker receives in a push message. */
export interface TPushPayload {
  title: string;
  body: string;
  /** App path (same origin) to open on click. */
  url: string;
  /** Replaces an earlier push of the same notification instead of stacking. */
  tag: string;
}
