import { z } from 'zod';
import { decimalIntOf, idRefOf } from './ids';
import { hasControlCharacter } from './query';
import { ZIsoDateTimeSchema } from './refs';

/**
 * Offers and marketing consent (issue 18; spec part 2 §3 "Offer", §7 "Marketing offers", §8 "The offer was not sent").
 * An offer is a marketing text sent once to an audience (interests, customer tags, customer groups), only to customers
 * with active marketing consent, inside each recipient's marketing window. docs/marketing-consent.md.
 */

export const OFFER_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'failed'] as const;
export type TOfferStatus = (typeof OFFER_STATUSES)[number];

/** queued: waiting (maybe deferred to the recipient's window); sent/delivered/failed follow the message's status. */
export const OFFER_RECIPIENT_STATUSES = ['queued', 'sent', 'delivered', 'failed', 'skipped'] as const;
export type TOfferRecipientStatus = (typeof OFFER_RECIPIENT_STATUSES)[number];

/** Why a recipient was left out (audience_size counts them; a skipped recipient row carries one). */
export const OFFER_SKIP_REASONS = ['no_marketing_consent', 'opted_out', 'daily_cap', 'no_channel', 'blocked'] as const;
export type TOfferSkipReason = (typeof OFFER_SKIP_REASONS)[number];

export const MARKETING_CONSENT_SOURCES = ['staff', 'web_form', 'keyword', 'paper', 'import'] as const;
export type TMarketingConsentSource = (typeof MARKETING_CONSENT_SOURCES)[number];

export const OFFER_NAME_MAX = 200;
export const OFFER_MESSAGE_MAX = 1600;
export const OFFER_AUDIENCE_MAX_ITEMS = 100;
export const OFFER_LIST_MAX = 200;
/** `pagination=false` answers at most this many per page and links the next one (`view.next`). */
export const OFFER_UNPAGED_PAGE = 500;
/** Stricter states: at most this many marketing texts per recipient in 24 hours. */
export const MARKETING_DAILY_CAP = 3;

export const OFFER_MESSAGES = {
  notSent: 'The offer was not sent',
  notEditable: 'Only a draft or scheduled offer can be changed.',
  notDeletable: 'Only a draft or scheduled offer can be deleted.',
  alreadySending: 'This offer is already being sent or was sent.',
  emptyAudience: 'Choose at least one interest, tag or group.',
  noRecipients: 'No customer in this audience may receive marketing texts.',
  pastSchedule: 'A scheduled offer needs a future date and time.',
  moduleOff: 'The offers module is not enabled for this company.',
  noRole: 'You do not have access to offers.',
  noMarketingRole: 'You do not have access to marketing.',
  consentNeeded: 'Give the source and the exact wording the customer agreed to.',
} as const;

function textOf(opts: { min?: number; max: number }) {
  return z
    .string()
    .trim()
    .min(opts.min ?? 0, 'This value should not be blank.')
    .max(opts.max, `At most ${opts.max} characters.`)
    .refine((v) => !hasControlCharacter(v), 'This value holds a control character.');
}

/** Messages may hold line breaks; other control characters are refused. */
const ZOfferMessageTextSchema = z
  .string()
  .trim()
  .min(1, 'This value should not be blank.')
  .max(OFFER_MESSAGE_MAX, `At most ${OFFER_MESSAGE_MAX} characters.`)
  .refine((v) => !hasControlCharacter(v.replace(/[\r\n\t]/g, '')), 'This value holds a control character.');

/** A customer tag by name, or its IRI `/api/customer_tags/{name}` (tags have no numeric id). */
export const ZOfferTagRefSchema = z
  .string()
  .trim()
  .min(1)
  .max(300)
  .transform((v) => {
    const m = /^\/api\/customer_tags\/(.+)$/.exec(v);
    if (!m) return v;
    try {
      return decodeURIComponent(m[1]!);
    } catch {
      return m[1]!;
    }
  })
  .refine((v) => v.length > 0 && v.length <= 100 && !hasControlCharacter(v), 'Expected a tag name.');

const itemsOf = <T extends z.ZodType>(item: T) => z.array(item).max(OFFER_AUDIENCE_MAX_ITEMS, `At most ${OFFER_AUDIENCE_MAX_ITEMS} items.`).default([]);

export const ZOfferAudienceInputSchema = z.strictObject({
  interestIds: itemsOf(idRefOf('interests')),
  tagIds: itemsOf(ZOfferTagRefSchema),
  groupIds: itemsOf(idRefOf('customer_groups')),
});
export type TOfferAudienceInput = z.input<typeof ZOfferAudienceInputSchema>;
export type TOfferAudience = z.output<typeof ZOfferAudienceInputSchema>;

export const ZOfferCreateSchema = z.strictObject({
  name: textOf({ min: 1, max: OFFER_NAME_MAX }),
  message: ZOfferMessageTextSchema,
  audience: ZOfferAudienceInputSchema,
  /** A media object uploaded with entityName Offer (its id or /api/media_objects/{id}). */
  image: idRefOf('media_objects').nullable().optional(),
  /** Set: the offer is scheduled for then; absent: it stays a draft until sent or scheduled. */
  scheduledAt: ZIsoDateTimeSchema.nullable().optional(),
});
export type TOfferCreate = z.infer<typeof ZOfferCreateSchema>;

/** PUT/PATCH (merge-patch): any of the create fields, while draft or scheduled. */
export const ZOfferPatchSchema = z.strictObject({
  name: textOf({ min: 1, max: OFFER_NAME_MAX }).optional(),
  message: ZOfferMessageTextSchema.optional(),
  audience: ZOfferAudienceInputSchema.optional(),
  image: idRefOf('media_objects').nullable().optional(),
  scheduledAt: ZIsoDateTimeSchema.nullable().optional(),
});
export type TOfferPatch = z.infer<typeof ZOfferPatchSchema>;

/** PUT /api/offers/{id}/schedule: null takes it back to draft. */
export const ZOfferScheduleSchema = z.strictObject({ scheduledAt: ZIsoDateTimeSchema.nullable() });
export type TOfferSchedule = z.infer<typeof ZOfferScheduleSchema>;

export const ZOfferResultsSchema = z.object({
  recipients: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  /** Recipients who texted back after the offer went out. */
  replied: z.number().int(),
  /** Recipients who opted out (STOP) after the offer went out. */
  optedOut: z.number().int(),
});
export type TOfferResults = z.infer<typeof ZOfferResultsSchema>;

export const ZOfferAudienceOutSchema = z.object({
  interestIds: z.array(z.string()),
  tagIds: z.array(z.string()),
  groupIds: z.array(z.string()),
});

export const ZOfferSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('Offer'),
  id: z.number().int(),
  name: z.string(),
  message: z.string(),
  /** IRIs: /api/interests/{id}, /api/customer_tags/{name}, /api/customer_groups/{id}. */
  audience: ZOfferAudienceOutSchema,
  image: z.string().nullable(),
  imageUrl: z.string().nullable(),
  status: z.enum(OFFER_STATUSES),
  scheduledAt: ZIsoDateTimeSchema.nullable(),
  sentAt: ZIsoDateTimeSchema.nullable(),
  failureReason: z.string().nullable(),
  createdBy: z.string().nullable(),
  results: ZOfferResultsSchema,
  createdAt: ZIsoDateTimeSchema,
  updatedAt: ZIsoDateTimeSchema,
});
export type TOffer = z.infer<typeof ZOfferSchema>;

/** GET /api/offers/{id}/audience_size: who would get it now, and who is left out and why. */
export const ZOfferAudienceSizeSchema = z.object({
  /** Distinct customers in the audience (a customer in several parts counts once). */
  total: z.number().int(),
  /** Would be sent (some maybe later, see deferred). */
  eligible: z.number().int(),
  /** Eligible but outside their state's marketing window now: sent at the window's next opening. */
  deferred: z.number().int(),
  excluded: z.object({
    noMarketingConsent: z.number().int(),
    optedOut: z.number().int(),
    dailyCap: z.number().int(),
  }),
});
export type TOfferAudienceSize = z.infer<typeof ZOfferAudienceSizeSchema>;

export const ZOfferRecipientSchema = z.object({
  customer: z.string(),
  customerName: z.string(),
  status: z.enum(OFFER_RECIPIENT_STATUSES),
  skipReason: z.string().nullable(),
  deferredUntil: ZIsoDateTimeSchema.nullable(),
  message: z.string().nullable(),
  sentAt: ZIsoDateTimeSchema.nullable(),
  repliedAt: ZIsoDateTimeSchema.nullable(),
  optedOutAt: ZIsoDateTimeSchema.nullable(),
});
export type TOfferRecipient = z.infer<typeof ZOfferRecipientSchema>;

const ZListQueryBase = {
  pagination: z.enum(['true', 'false']).optional(),
  itemsPerPage: decimalIntOf({ min: 1, max: OFFER_LIST_MAX }).optional(),
  'createdAt[strictly_before]': z.iso.datetime({ offset: true }).optional(),
  'id[lt]': decimalIntOf({ min: 1, max: Number.MAX_SAFE_INTEGER }).optional(),
};
/** /api/offers and /api/marketing/offers: newest first, keyset paged; `pagination=false` pages of 500 with `next`. */
export const ZOfferListQuerySchema = z.object({ ...ZListQueryBase, status: z.enum(OFFER_STATUSES).optional() });
export type TOfferListQuery = z.infer<typeof ZOfferListQuerySchema>;

/* ---- Marketing consent ---- */

export const ZMarketingConsentCreateSchema = z.strictObject({
  source: z.enum(MARKETING_CONSENT_SOURCES, { error: OFFER_MESSAGES.consentNeeded }),
  /** The exact words the customer agreed to (kept as evidence). */
  wording: textOf({ min: 10, max: 2000 }),
  /** Free evidence (form id, paper reference); at most 20 keys of short text. */
  evidence: z
    .record(z.string().max(60), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
    .refine((v) => Object.keys(v).length <= 20, 'At most 20 evidence fields.')
    .optional(),
});
export type TMarketingConsentCreate = z.infer<typeof ZMarketingConsentCreateSchema>;

export const ZMarketingConsentSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('MarketingConsent'),
  customer: z.string(),
  /** Active: granted and neither revoked nor opted out (STOP) since. */
  active: z.boolean(),
  source: z.enum(MARKETING_CONSENT_SOURCES).nullable(),
  wording: z.string().nullable(),
  grantedAt: ZIsoDateTimeSchema.nullable(),
  revokedAt: ZIsoDateTimeSchema.nullable(),
  recordedBy: z.string().nullable(),
  evidence: z.record(z.string(), z.unknown()),
  /** The customer's whole-channel opt-out (STOP): while set, no marketing text goes out either. */
  optedOut: z.boolean(),
});
export type TMarketingConsent = z.infer<typeof ZMarketingConsentSchema>;
