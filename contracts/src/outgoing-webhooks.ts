import { z } from 'zod';
import { decimalIntOf } from './ids';
import { hasControlCharacter } from './query';
import { ZIsoDateTimeSchema } from './refs';

/**
 * Outgoing webhooks (issue 21; docs/outgoing-webhooks.md): a company admin subscribes URLs to events; each delivery is
 * signed (X-Courier-Signature), retried with back-off, ordered per entity and logged with replay.
 */

export const WEBHOOK_EVENT_TYPES = [
  'message.received',
  'message.sent',
  'message.status',
  'customer.created',
  'repair_order.changed',
  'appointment.changed',
  'payment.changed',
] as const;
export type TWebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The event sent by "send test event" (never subscribed to: every endpoint takes it). */
export const WEBHOOK_PING_EVENT = 'ping';

export const WEBHOOK_LIMITS = {
  url: 2000,
  description: 200,
  endpointsPerCompany: 20,
  /** Attempts per delivery before it is given up. */
  maxAttempts: 8,
  /** Events given up in a row after which the endpoint is switched off. */
  disableAfterFailedEvents: 5,
  /** Days of failing (no success since the first failure) after which a given-up event switches the endpoint off. */
  disableAfterFailingDays: 3,
  timeoutMs: 10_000,
  /** Bytes of the receiver's answer read (and kept) at most. */
  responseBytes: 4096,
  listMax: 100,
} as const;

export const WEBHOOK_SIGNATURE_HEADER = 'X-Courier-Signature';
export const WEBHOOK_EVENT_ID_HEADER = 'X-Courier-Event-Id';

export const WEBHOOK_MESSAGES = {
  notFound: 'Webhook endpoint not found.',
  deliveryNotFound: 'Delivery not found.',
  forbidden: 'Only company admins manage webhooks.',
  tooMany: `A company has at most ${WEBHOOK_LIMITS.endpointsPerCompany} webhook endpoints.`,
  disabled: 'The endpoint is disabled: enable it first.',
  badUrl: 'Enter a valid https address.',
  httpNotAllowed: 'The address must use https.',
  credentials: 'Addresses with a user name or password are refused.',
  port: 'This port is not allowed (use 443, 8443, 80 or 8080).',
  privateAddress: 'This address is not on the public internet.',
  unresolved: 'The host name could not be resolved.',
} as const;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed', 'cancelled'] as const;
export type TWebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

const ZUrlSchema = z
  .string()
  .trim()
  .min(1, 'This value should not be blank.')
  .max(WEBHOOK_LIMITS.url, `At most ${WEBHOOK_LIMITS.url} characters.`)
  .refine((v) => !hasControlCharacter(v) && !/\s/.test(v), WEBHOOK_MESSAGES.badUrl);

const ZDescriptionSchema = z
  .string()
  .trim()
  .max(WEBHOOK_LIMITS.description, `At most ${WEBHOOK_LIMITS.description} characters.`)
  .refine((v) => !hasControlCharacter(v), 'This value holds a control character.');

const ZEventsSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: 'Unknown event type.' }))
  .min(1, 'Choose at least one event.')
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((v) => [...new Set(v)]);

export const ZWebhookEndpointCreateSchema = z.strictObject({
  url: ZUrlSchema,
  description: ZDescriptionSchema.optional(),
  events: ZEventsSchema,
  enabled: z.boolean().optional(),
});
export type TWebhookEndpointCreate = z.infer<typeof ZWebhookEndpointCreateSchema>;

export const ZWebhookEndpointPatchSchema = z.strictObject({
  url: ZUrlSchema.optional(),
  description: ZDescriptionSchema.optional(),
  events: ZEventsSchema.optional(),
  enabled: z.boolean().optional(),
});
export type TWebhookEndpointPatch = z.infer<typeof ZWebhookEndpointPatchSchema>;

export const ZWebhookEndpointSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('WebhookEndpoint'),
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  /** Why it is off: 'manual' or 'failing' (auto-disabled); null while enabled. */
  disabledReason: z.enum(['manual', 'failing']).nullable(),
  disabledAt: ZIsoDateTimeSchema.nullable(),
  failingSince: ZIsoDateTimeSchema.nullable(),
  /** Until when the secret a roll replaced still signs alongside the current one (24 h grace); null when none does. */
  previousSecretExpiresAt: ZIsoDateTimeSchema.nullable(),
  createdAt: ZIsoDateTimeSchema,
  updatedAt: ZIsoDateTimeSchema,
});
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpointSchema>;

/** Create and roll_secret answer with the signing secret (GET …/secret shows it again). */
export const ZWebhookEndpointWithSecretSchema = ZWebhookEndpointSchema.extend({ secret: z.string() });
export type TWebhookEndpointWithSecret = z.infer<typeof ZWebhookEndpointWithSecretSchema>;

export const ZWebhookSecretSchema = z.object({ secret: z.string() });
export type TWebhookSecret = z.infer<typeof ZWebhookSecretSchema>;

/** The JSON body every delivery POSTs (also shown in the delivery log). */
export const ZWebhookPayloadSchema = z.object({
  id: z.string(),
  type: z.string(),
  created_at: z.string(),
  company_id: z.number().int(),
  data: z.unknown(),
});
export type TWebhookPayload = z.infer<typeof ZWebhookPayloadSchema>;

export const ZWebhookDeliverySchema = z.object({
  '@id': z.string(),
  '@type': z.literal('WebhookDelivery'),
  id: z.number().int(),
  endpointId: z.number().int(),
  eventId: z.string(),
  type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  responseStatus: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  error: z.string().nullable(),
  responseBody: z.string().nullable(),
  nextAttemptAt: ZIsoDateTimeSchema.nullable(),
  lastAttemptAt: ZIsoDateTimeSchema.nullable(),
  replayOf: z.number().int().nullable(),
  createdAt: ZIsoDateTimeSchema,
  payload: ZWebhookPayloadSchema,
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDeliverySchema>;

/** GET /api/webhook_endpoints/{id}/deliveries: newest first, keyset by `id[lt]` (given by `view.next`). */
export const ZWebhookDeliveryListQuerySchema = z.object({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
  itemsPerPage: decimalIntOf({ min: 1, max: WEBHOOK_LIMITS.listMax }).optional(),
  'id[lt]': decimalIntOf({ min: 1, max: Number.MAX_SAFE_INTEGER }).optional(),
});
export type TWebhookDeliveryListQuery = z.infer<typeof ZWebhookDeliveryListQuerySchema>;
