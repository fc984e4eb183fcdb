import { z } from 'zod';
import { idRefOf, iriOf } from './ids';
import { ZPhoneSchema } from './company';
import { ZIsoDateTimeSchema } from './refs';
import { ZRepairOrderSummarySchema } from './repair-order';
import { ZSurveySummarySchema } from './survey';
import { ZPaymentRequestSummarySchema } from './payments';
import { CONVERSATION_SPANS } from './customer-constants';
export { CONVERSATION_SPANS, customerDisplayName } from './customer-constants';

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const CHANNELS = ['simulator', 'sms_provider', 'sms_gateway', 'whatsapp', 'viber', 'webchat'] as const;
export const ZChannelSchema = z.enum(CHANNELS);
export type TChannel = z.infer<typeof ZChannelSchema>;

export const ZConversationSpanSchema = z.enum(CONVERSATION_SPANS);

export const ZAddressSchema = z.strictObject({
  street: z.string().trim().max(200).nullable().optional(),
  city: z.string().trim().max(100).nullable().optional(),
  state: z.string().trim().max(100).nullable().optional(),
  zip: z.string().trim().max(20).nullable().optional(),
  country: z.string().trim().max(100).nullable().optional(),
});

const customerFields = {
  firstName: z.string().trim().max(100),
  lastName: z.string().trim().max(100),
  phone: ZPhoneSchema,
  email: z.union([z.email().trim().max(254), z.literal('')]).nullable(),
  address: ZAddressSchema,
  notes: z.string().max(5000).nullable(),
  preferredBrand: z.string().trim().max(100).nullable(),
  preferredChannel: ZChannelSchema.nullable(),
  primaryContact: z.string().trim().max(200).nullable(),
  alternateContact: z.string().trim().max(200).nullable(),
  tags: z.array(z.string().trim().min(1).max(50)).max(50),
  /** IANA time zone (quiet hours); the company's when unknown. */
  timezone: z.string().max(64).refine(isTimeZone, { message: 'Unknown time zone.' }).nullable(),
  /** Owner: IRI `/api/users/{id}`. */
  user: iriOf('users').nullable(),
};

export const ZCustomerCreateSchema = z.strictObject({
  ...customerFields,
  firstName: customerFields.firstName.optional(),
  lastName: customerFields.lastName.optional(),
  email: customerFields.email.optional(),
  address: customerFields.address.optional(),
  notes: customerFields.notes.optional(),
  preferredBrand: customerFields.preferredBrand.optional(),
  preferredChannel: customerFields.preferredChannel.optional(),
  primaryContact: customerFields.primaryContact.optional(),
  alternateContact: customerFields.alternateContact.optional(),
  tags: customerFields.tags.optional(),
  user: customerFields.user.optional(),
  timezone: customerFields.timezone.optional(),
});
export type TCustomerCreate = z.infer<typeof ZCustomerCreateSchema>;

export const ZCustomerPatchSchema = z.strictObject({ ...customerFields, optOut: z.boolean() }).partial();
export type TCustomerPatch = z.infer<typeof ZCustomerPatchSchema>;

export const ZCustomerMergeSchema = z.strictObject({
  /** The duplicate whose messages and data move into this customer; it is removed afterwards. */
  source: idRefOf('customers'),
});

/** Fields the merge dialog previews, in display order (the merge itself: server customers.merge.ts). */
export const CUSTOMER_MERGE_FIELDS = [
  'firstName',
  'lastName',
  'phone',
  'email',
  'preferredBrand',
  'preferredChannel',
  'primaryContact',
  'alternateContact',
  'address',
  'tags',
  'notes',
  'optOut',
] as const;
export type TCustomerMergeField = (typeof CUSTOMER_MERGE_FIELDS)[number];

const ZMergeSideSchema = z.object({ '@id': z.string(), id: z.number().int().positive(), name: z.string(), phone: z.string().nullable() });

/** GET /api/customers/{id}/merge_preview?duplicate=…: what merging `duplicate` into `kept` would do, changing nothing. */
export const ZCustomerMergePreviewSchema = z.object({
  kept: ZMergeSideSchema,
  duplicate: ZMergeSideSchema,
  /** What moves from the duplicate to the kept customer (groups: memberships the kept customer does not have yet). */
  moves: z.object({
    messages: z.number().int().min(0),
    scheduledMessages: z.number().int().min(0),
    groups: z.number().int().min(0),
    consentEvents: z.number().int().min(0),
  }),
  /** The kept customer's value after the merge and whose it is: `both` when the two are combined (tags, notes, address). */
  fields: z.array(
    z.object({
      field: z.enum(CUSTOMER_MERGE_FIELDS),
      value: z.string().nullable(),
      source: z.enum(['kept', 'duplicate', 'both', 'none']),
    }),
  ),
});
export type TCustomerMergePreview = z.infer<typeof ZCustomerMergePreviewSchema>;

/** Last message shown in the inbox row (denormalised on the customer). */
export const ZCustomerLastMessageSchema = z.object({
  content: z.string().nullable(),
  direction: z.enum(['INBOUND', 'OUTBOUND']),
  status: z.string(),
  createdAt: ZIsoDateTimeSchema,
  hasAttachments: z.boolean(),
});

/** A customer as the API serves it (wire format: ISO dates, IRIs as strings). */
export const ZCustomerSchema = z
  .object({
    '@id': z.string(),
    '@type': z.literal('Customer'),
    id: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    name: z.string(),
    /** Null for customers known only by a messaging app (a Viber subscriber). */
    phone: z.string().nullable(),
    viberUserId: z.string().nullable(),
    timezone: z.string().nullable(),
    email: z.string().nullable(),
    address: z.object({
      street: z.string().nullable().optional(),
      city: z.string().nullable().optional(),
      state: z.string().nullable().optional(),
      zip: z.string().nullable().optional(),
      country: z.string().nullable().optional(),
    }),
    notes: z.string().nullable(),
    preferredBrand: z.string().nullable(),
    preferredChannel: ZChannelSchema.nullable(),
    primaryContact: z.string().nullable(),
    alternateContact: z.string().nullable(),
    optOut: z.boolean(),
    tags: z.array(z.string()),
    groups: z.array(z.string()),
    /** Owner IRI `/api/users/{id}`. */
    user: z.string().nullable(),
    archived: z.boolean(),
    bumpedAt: ZIsoDateTimeSchema.nullable(),
    /** Read state of the calling user. */
    read: z.boolean(),
    readStates: z.array(z.object({ userId: z.number().int(), readAt: ZIsoDateTimeSchema })),
    lastMessage: ZCustomerLastMessageSchema.nullable(),
    /** The newest open order and the most recently closed one (issue 13). */
    lastOpenRepairOrder: ZRepairOrderSummarySchema.nullable(),
    lastClosedRepairOrder: ZRepairOrderSummarySchema.nullable(),
    /** The newest payment request (issue 17), kept by the payments module. */
    lastPaymentRequest: ZPaymentRequestSummarySchema.nullable(),
    lastSurvey: ZSurveySummarySchema.nullable(),
    reminders: z.array(z.object({ id: z.number().int(), customerId: z.number().int() })),
    /** First-reply due time of the open wait (issue 21 routing); the inbox row's timer. */
    responseDueAt: ZIsoDateTimeSchema.nullable().optional(),
    createdAt: ZIsoDateTimeSchema,
  })
  .meta({ id: 'Customer' });
export type TCustomer = z.infer<typeof ZCustomerSchema>;

/** Member of GET /api/customers/simple (pickers). */
export const ZCustomerSimpleSchema = z.object({ '@id': z.string(), id: z.number().int(), name: z.string(), phone: z.string().nullable() });
export type TCustomerSimple = z.infer<typeof ZCustomerSimpleSchema>;

/** Member of GET /api/customer_tags: a tag in use and how many customers carry it. */
export const ZCustomerTagSchema = z.object({ '@id': z.string(), name: z.string(), count: z.number().int().min(0) });
export type TCustomerTag = z.infer<typeof ZCustomerTagSchema>;
