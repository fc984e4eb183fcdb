import { z } from 'zod';
import { ZIsoDateTimeSchema } from './refs';

/** Response shapes of /api/customer_groups and /api/group_messages (spec part 1 §3, §7), wire format. */

export const ZCustomerGroupSchema = z
  .object({
    '@id': z.string(),
    '@type': z.literal('CustomerGroup'),
    id: z.number().int(),
    name: z.string(),
    /** Members the caller sees (non-admins: only customers they own). */
    memberCount: z.number().int().min(0),
    createdAt: ZIsoDateTimeSchema,
  })
  .meta({ id: 'CustomerGroup' });
export type TCustomerGroup = z.infer<typeof ZCustomerGroupSchema>;

/** Member of GET /api/customer_groups/{id}/members. */
export const ZCustomerGroupMemberSchema = z.object({
  '@id': z.string(),
  id: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  optOut: z.boolean(),
});

export const GROUP_MESSAGE_STATUSES = ['queued', 'scheduled', 'sending', 'sent'] as const;
export type TGroupMessageStatus = (typeof GROUP_MESSAGE_STATUSES)[number];

export const ZGroupRecipientStatsSchema = z.object({
  total: z.number().int().min(0),
  skipped: z.number().int().min(0),
  pending: z.number().int().min(0),
  sent: z.number().int().min(0),
  delivered: z.number().int().min(0),
  failed: z.number().int().min(0),
  blocked: z.number().int().min(0),
  /** Recipient messages per message status. */
  byStatus: z.record(z.string(), z.number().int().min(0)),
});

export const ZGroupMessageSchema = z
  .object({
    '@id': z.string(),
    '@type': z.literal('GroupMessage'),
    id: z.number().int(),
    /** IRI of the group; null once the group was deleted. */
    customerGroup: z.string().nullable(),
    customerGroupId: z.number().int().nullable(),
    user: z.string().nullable(),
    source: z.string(),
    content: z.string().nullable(),
    status: z.enum(GROUP_MESSAGE_STATUSES),
    scheduledAt: ZIsoDateTimeSchema.nullable(),
    createdAt: ZIsoDateTimeSchema,
    recipients: ZGroupRecipientStatsSchema,
  })
  .meta({ id: 'GroupMessage' });
export type TGroupMessage = z.infer<typeof ZGroupMessageSchema>;

/** Member of GET /api/group_messages/{id}/recipients: one recipient's message. */
export const ZGroupRecipientSchema = z.object({
  messageId: z.number().int(),
  status: z.string(),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
  channel: z.string().nullable(),
  customerId: z.number().int(),
  customer: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
});
