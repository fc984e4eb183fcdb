import { z } from 'zod';
import { idRefOf, iriOf } from './ids';
import { ZChannelSchema } from './customer';
import { ZMediaObjectSchema } from './media';
import { ZIsoDateTimeSchema } from './refs';
export { MESSAGES_PER_PAGE, STATUS_RANK } from './message-constants';

export const MESSAGE_STATUSES = [
  'FAILED',
  'SENDING',
  'SENT',
  'DELIVERED',
  'UNDELIVERED',
  'RECEIVED',
  'SEEN',
  'READ',
  'scheduled',
  'blocked',
] as const;
export const ZMessageStatusSchema = z.enum(MESSAGE_STATUSES);
export type TMessageStatus = z.infer<typeof ZMessageStatusSchema>;

export const MESSAGE_TYPES = [
  'STANDARD',
  'QUESTIONNAIRE',
  'DISCLAIMER',
  'OPT_IN',
  'OPT_OUT',
  'REPAIR_ORDER_STATUS_URL',
  'WELCOME_MESSAGE',
  'WHATSAPP_TEMPLATE',
  'customer_notified_prior_to_arrival',
  'customer_interested_in_vehicle_appraisal',
] as const;
export const ZMessageTypeSchema = z.enum(MESSAGE_TYPES);
export type TMessageType = z.infer<typeof ZMessageTypeSchema>;

export type TMessageDirection = 'INBOUND' | 'OUTBOUND';
export type TMessageSender = 'agent' | 'customer' | 'system';

/** Spec part 1 §5/§9: the attachments of one message must stay below this total. */
export const MAX_TOTAL_ATTACHMENT_BYTES = 95_000_000;
export const ACCEPTED_ATTACHMENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'video/mp4',
  'video/quicktime',
  'audio/webm',
  'audio/ogg',
  'audio/mpeg',
  'audio/mp4',
  'audio/wav',
] as const;

/** Multipart text fields of POST /api/messages (files come as `file[]`). */
export const ZMessageSendFieldsSchema = z.strictObject({
  customerId: idRefOf('customers').optional(),
  customerIri: iriOf('customers').optional(),
  content: z.string().max(1600).optional().default(''),
  channel: ZChannelSchema.optional(),
  scheduledAt: z.iso.datetime({ offset: true }).optional(),
});
export type TMessageSendFields = z.infer<typeof ZMessageSendFieldsSchema>;

export type TMediaObject = z.infer<typeof ZMediaObjectSchema>;

/** A conversation message as the API serves it. */
export const ZMessageSchema = z
  .object({
    '@id': z.string(),
    '@type': z.literal('Message'),
    id: z.number().int(),
    /** IRI `/api/customers/{id}`. */
    customer: z.string(),
    direction: z.enum(['INBOUND', 'OUTBOUND']),
    status: ZMessageStatusSchema,
    type: ZMessageTypeSchema,
    channel: ZChannelSchema,
    sender: z.enum(['agent', 'customer', 'system']),
    user: z.string().nullable(),
    userName: z.string().nullable(),
    content: z.string().nullable(),
    attachments: z.array(ZMediaObjectSchema),
    scheduledAt: ZIsoDateTimeSchema.nullable(),
    sentAt: ZIsoDateTimeSchema.nullable(),
    createdAt: ZIsoDateTimeSchema,
    error: z.object({ code: z.string().nullable(), message: z.string().nullable() }).nullable(),
  })
  .meta({ id: 'Message' });
export type TMessage = z.infer<typeof ZMessageSchema>;

/** A message template (predefined message) as the API serves it. */
export const ZMessageTemplateResourceSchema = z
  .object({
    '@id': z.string(),
    '@type': z.literal('MessageTemplate'),
    id: z.number().int(),
    text: z.string(),
    /** IRI `/api/companies/{id}` of the owning company. */
    company: z.string(),
  })
  .meta({ id: 'MessageTemplate' });
export type TMessageTemplate = z.infer<typeof ZMessageTemplateResourceSchema>;

/** `company` (`/api/companies/{id}`) names the owning company: super admins choose it, others may only name their own. */
export const ZMessageTemplateSchema = z.strictObject({
  text: z.string().trim().min(1, 'Must not be empty').max(1600),
  company: z.string().regex(/^\/api\/companies\/[1-9]\d{0,14}$/, 'Expected /api/companies/{id}.').optional(),
});
