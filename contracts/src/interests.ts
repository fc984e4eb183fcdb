import { z } from 'zod';
import { decimalIntOf, idRefOf } from './ids';
import { hasControlCharacter, searchTextOf } from './query';
import { ZIsoDateTimeSchema } from './refs';

/**
 * Interests (issue 18; spec part 2 §3 "Interest", §7 /api/interests, /api/listing_interests, interested_leads):
 * categories customers belong to ("3-bed under $400k", audiences of offers), and a customer's interest in one
 * listing (texted its keyword, left a number on its landing page, added by hand, replied to an offer).
 * Also the "generate listing data from a URL" call (POST /api/listings/generate_data_by_url). docs/real-estate.md.
 */

export const LISTING_INTEREST_STATES = ['active', 'archived', 'not_interested'] as const;
export type TListingInterestState = (typeof LISTING_INTEREST_STATES)[number];
export const LISTING_INTEREST_SOURCES = ['keyword', 'landing_page', 'manual', 'offer_reply'] as const;
export type TListingInterestSource = (typeof LISTING_INTEREST_SOURCES)[number];

export const INTERESTS_LIST_MAX = 200;
/** `pagination=false` answers at most this many (a picker's list). */
export const INTERESTS_UNPAGED_MAX = 1000;
export const INTEREST_NAME_MAX = 100;
export const INTEREST_DESCRIPTION_MAX = 1000;

export const INTERESTS_MESSAGES = {
  moduleOff: 'The offers module is not enabled for this company.',
  forbidden: 'You do not have access to interests.',
  duplicateName: 'An interest with this name already exists.',
  notFound: 'Interest not found.',
  customerNotFound: 'Customer not found.',
  listingNotFound: 'Listing not found.',
  listingInterestNotFound: 'Listing interest not found.',
  customerInterestNotFound: 'This customer is not in this interest.',
} as const;

function textOf(opts: { min?: number; max: number }) {
  return z
    .string()
    .trim()
    .min(opts.min ?? 0, 'This value should not be blank.')
    .max(opts.max, `At most ${opts.max} characters.`)
    .refine((v) => !hasControlCharacter(v), 'This value holds a control character.');
}

/** Lists: keyset by creation time (newest first), or `pagination=false` (capped). */
const ZListQueryBase = {
  pagination: z.enum(['true', 'false']).optional(),
  itemsPerPage: decimalIntOf({ min: 1, max: INTERESTS_LIST_MAX }).optional(),
  'createdAt[strictly_before]': z.iso.datetime({ offset: true }).optional(),
  'id[lt]': decimalIntOf({ min: 1, max: Number.MAX_SAFE_INTEGER }).optional(),
};

/* ---- Interest categories: /api/interests ---- */

export const ZInterestCreateSchema = z.strictObject({
  name: textOf({ min: 1, max: INTEREST_NAME_MAX }),
  // Descriptions may span lines; only the other control characters are refused.
  description: z
    .string()
    .trim()
    .max(INTEREST_DESCRIPTION_MAX, `At most ${INTEREST_DESCRIPTION_MAX} characters.`)
    .refine((v) => !hasControlCharacter(v.replace(/[\n\r\t]/g, ' ')), 'This value holds a control character.')
    .optional(),
});
export type TInterestCreate = z.infer<typeof ZInterestCreateSchema>;
/** PATCH (merge-patch) and PUT take the same fields, all optional. */
export const ZInterestPatchSchema = ZInterestCreateSchema.partial();
export type TInterestPatch = z.infer<typeof ZInterestPatchSchema>;

export const ZInterestSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('Interest'),
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Customers in this category (customer_interests rows). */
  memberCount: z.number().int(),
  createdAt: ZIsoDateTimeSchema,
});
export type TInterest = z.infer<typeof ZInterestSchema>;

/** GET /api/interests: `name` searches (case-insensitive substring); `pagination=false` lists by name. */
export const ZInterestListQuerySchema = z.object({ ...ZListQueryBase, name: searchTextOf({ max: 100 }).optional() });
export type TInterestListQuery = z.infer<typeof ZInterestListQuerySchema>;

/* ---- Customers in a category: /api/customer_interests ---- */

export const ZCustomerInterestCreateSchema = z.strictObject({ customer: idRefOf('customers'), interest: idRefOf('interests') });
export type TCustomerInterestCreate = z.infer<typeof ZCustomerInterestCreateSchema>;

/** `@id` is `/api/customer_interests/{customerId}/{interestId}` (the pair is the key); DELETE that path. */
export const ZCustomerInterestSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('CustomerInterest'),
  customer: z.string(),
  customerName: z.string(),
  interest: z.string(),
  interestName: z.string(),
  createdAt: ZIsoDateTimeSchema,
});
export type TCustomerInterest = z.infer<typeof ZCustomerInterestSchema>;

/** GET /api/customer_interests?customer= (a customer's categories) or ?interest= (a category's members). */
export const ZCustomerInterestListQuerySchema = z.object({
  ...ZListQueryBase,
  customer: idRefOf('customers').optional(),
  interest: idRefOf('interests').optional(),
});
export type TCustomerInterestListQuery = z.infer<typeof ZCustomerInterestListQuerySchema>;

/* ---- A customer's interest in one listing: /api/listing_interests, /api/listings/{id}/interested_leads ---- */

export const ZListingInterestSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('ListingInterest'),
  id: z.number().int(),
  listing: z.string(),
  listingName: z.string(),
  customer: z.string(),
  customerName: z.string(),
  customerPhone: z.string().nullable(),
  state: z.enum(LISTING_INTEREST_STATES),
  agent: z.string().nullable(),
  source: z.enum(LISTING_INTEREST_SOURCES),
  createdAt: ZIsoDateTimeSchema,
  updatedAt: ZIsoDateTimeSchema,
});
export type TListingInterest = z.infer<typeof ZListingInterestSchema>;

export const ZListingInterestListQuerySchema = z.object({
  ...ZListQueryBase,
  listing: idRefOf('listings').optional(),
  customer: idRefOf('customers').optional(),
  state: z.enum(LISTING_INTEREST_STATES).optional(),
});
export type TListingInterestListQuery = z.infer<typeof ZListingInterestListQuerySchema>;

/** GET /api/listings/{id}/interested_leads: the listing's interested customers (all states unless `state`). */
export const ZInterestedLeadsQuerySchema = z.object({ ...ZListQueryBase, state: z.enum(LISTING_INTEREST_STATES).optional() });
export type TInterestedLeadsQuery = z.infer<typeof ZInterestedLeadsQuerySchema>;

/** PATCH /api/listing_interests/{id} (merge-patch): the state only. */
export const ZListingInterestPatchSchema = z.strictObject({ state: z.enum(LISTING_INTEREST_STATES) });
export type TListingInterestPatch = z.infer<typeof ZListingInterestPatchSchema>;

/* ---- POST /api/listings/generate_data_by_url ---- */

export const LISTING_URL_MAX = 2048;
export const LISTING_PAGE_DATA_MESSAGES = {
  /** Spec part 2 §8 "Error generating listing data": advise to continue manually. */
  failed: 'We could not read the listing details from this page. Please continue manually and fill in the fields yourself.',
  badUrl: 'Enter a web address starting with http:// or https://.',
} as const;

export const ZGenerateListingDataRequestSchema = z.strictObject({
  url: z
    .string(LISTING_PAGE_DATA_MESSAGES.badUrl)
    .trim()
    .max(LISTING_URL_MAX, `At most ${LISTING_URL_MAX} characters.`)
    .refine((v) => {
      try {
        const u = new URL(v);
        return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
      } catch {
        return false;
      }
    }, LISTING_PAGE_DATA_MESSAGES.badUrl),
});
export type TGenerateListingDataRequest = z.infer<typeof ZGenerateListingDataRequestSchema>;

/** What the page told (each field null when the page did not say); the form is prefilled, the user checks it. */
export const ZGeneratedListingDataSchema = z.object({
  name: z.string().nullable(),
  priceCents: z.number().int().nullable(),
  location: z.string().nullable(),
  photoUrl: z.string().nullable(),
  description: z.string().nullable(),
  /** The page's address after redirects. */
  url: z.string(),
});
export type TGeneratedListingData = z.infer<typeof ZGeneratedListingDataSchema>;
