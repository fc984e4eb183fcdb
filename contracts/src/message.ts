import { z } from 'zod';
import { idRefOf, iriOf } from './ids';
import { ZChannelSchema } from './customer';

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
export type TMessageType = (typeof MESSAGE_TYPES)[number];

export type TMessageDirection = 'INBOUND' | 'OUTBOUND';
export type TMessageSender = 'agent' | 'customer' | 'system';

/**
 * Outbound status moves only forward (provider callbacks may arrive out of order). Higher rank wins;
 * FAILED/UNDELIVERED are terminal unless a retry starts a new attempt.
 */
export const STATUS_RANK: Record<TMessageStatus, number> = {
  scheduled: 0,
  SENDING: 1,
  SENT: 2,
  FAILED: 3,
  UNDELIVERED: 3,
  DELIVERED: 4,
  SEEN: 5,
  READ: 6,
  RECEIVED: 0,
  blocked: 9,
};

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

export const MESSAGES_PER_PAGE = 15;

/** Multipart text fields of POST /api/messages (files come as `file[]`). */
export const ZMessageSendFieldsSchema = z.strictObject({
  customerId: idRefOf('customers').optional(),
  customerIri: iriOf('customers').optional(),
  content: z.string().max(1600).optional().default(''),
  channel: ZChannelSchema.optional(),
  scheduledAt: z.iso.datetime({ offset: true }).optional(),
});
export type TMessageSendFields = z.infer<typeof ZMessageSendFieldsSchema>;

export interface TMediaObject {
  '@id': string;
  '@type': 'MediaObject';
  id: number;
  mimeType: string;
  size: number;
  contentUrl: string;
  originalMimeType: string;
  originalFileName: string;
  thumbnail: { thumbnailUrl: string } | null;
}

export interface TMessage {
  '@id': string;
  '@type': 'Message';
  id: number;
  customer: string;
  direction: TMessageDirection;
  status: TMessageStatus;
  type: TMessageType;
  channel: z.infer<typeof ZChannelSchema>;
  sender: TMessageSender;
  user: string | null;
  userName: string | null;
  content: string | null;
  attachments: TMediaObject[];
  scheduledAt: string | null;
  sentAt: string | null;
  createdAt: string;
  error: { code: string | null; message: string | null } | null;
}

export interface TMessageTemplate {
  '@id': string;
  '@type': 'MessageTemplate';
  id: number;
  text: string;
  company: string;
}
/** `company` (`/api/companies/{id}`) names the owning company: super admins choose it, others may only name their own. */
export const ZMessageTemplateSchema = z.strictObject({
  text: z.string().trim().min(1, 'Must not be empty').max(1600),
  company: z.string().regex(/^\/api\/companies\/[1-9]\d{0,14}$/, 'Expected /api/companies/{id}.').optional(),
});
