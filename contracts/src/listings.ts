import { z } from 'zod';
import { decimalIntOf, idRefOf } from './ids';
import { hasControlCharacter, searchTextOf, ZBooleanQueryParamSchema } from './query';
import { ZIsoDateTimeSchema } from './refs';

/**
 * Real estate (issue 18; spec part 2 §3 "Listing", "Keyword", §5, §7): listings and the keywords customers text in to
 * ask about one. docs/real-estate.md.
 */

/* ---- Keywords ---- */

/**
 * Characters a keyword may hold: upper-case letters and digits without the look-alike pairs 0/O, 1/I/L, 5/S, 2/Z, 8/B
 * (a customer reads the keyword off a yard sign and types it on a phone).
 */
export const KEYWORD_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679';
/**
 * Generated keywords: letters only (no keyboard switch on a phone) and no vowels (no accidental words), Q dropped
 * (read as O). 16 letters, so one random byte's low 4 bits pick one without bias.
 */
export const KEYWORD_GENERATED_ALPHABET = 'CDFGHJKMNPRTVWXY';
export const KEYWORD_GENERATED_LENGTH = 5;
export const KEYWORD_MIN_LENGTH = 3;
export const KEYWORD_MAX_LENGTH = 12;
export const KEYWORD_GENERATE_MAX = 500;
export const KEYWORD_STATUSES = ['AVAILABLE', 'USED'] as const;
export type TKeywordStatus = (typeof KEYWORD_STATUSES)[number];

const KEYWORD_PATTERN = new RegExp(`^[${KEYWORD_ALPHABET}]{${KEYWORD_MIN_LENGTH},${KEYWORD_MAX_LENGTH}}$`);
const KEYWORD_MESSAGE = `A keyword is ${KEYWORD_MIN_LENGTH} to ${KEYWORD_MAX_LENGTH} letters or digits, without 0, O, 1, I, L, 5, S, 2, Z, 8 or B.`;

/** A keyword as typed: trimmed and upper-cased before the alphabet check. */
export const ZKeywordNameSchema = z
  .string(KEYWORD_MESSAGE)
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(KEYWORD_PATTERN, KEYWORD_MESSAGE));

export function isKeywordName(value: string): boolean {
  return KEYWORD_PATTERN.test(value.trim().toUpperCase());
}

export const ZKeywordCreateSchema = z.strictObject({
  name: ZKeywordNameSchema,
  /** Super admin: the company the keyword belongs to (defaults to the scoped company). */
  company: idRefOf('companies').optional(),
});
export type TKeywordCreate = z.infer<typeof ZKeywordCreateSchema>;

export const ZKeywordSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('Keyword'),
  id: z.number().int(),
  name: z.string(),
  /** USED while an unarchived listing holds it. */
  status: z.enum(KEYWORD_STATUSES),
  /** The listing holding it (IRI), null when AVAILABLE. */
  listing: z.string().nullable(),
  listingName: z.string().nullable(),
  createdAt: ZIsoDateTimeSchema,
});
export type TKeyword = z.infer<typeof ZKeywordSchema>;

export const KEYWORD_LIST_MAX = 200;
export const KEYWORD_UNPAGED_MAX = 2000;

export const ZKeywordListQuerySchema = z.object({
  pagination: z.enum(['true', 'false']).optional(),
  page: decimalIntOf({ min: 1, max: 100_000 }).optional(),
  itemsPerPage: decimalIntOf({ min: 1, max: KEYWORD_LIST_MAX }).optional(),
  status: z.enum(KEYWORD_STATUSES).optional(),
  /** Part of the name. */
  name: searchTextOf({ max: 20 }).optional(),
  /** Super admin: the company to list. */
  company: idRefOf('companies').optional(),
});
export type TKeywordListQuery = z.infer<typeof ZKeywordListQuerySchema>;

export const ZGenerateKeywordsSchema = z.strictObject({
  count: z.number('Expected a number of keywords.').int('A whole number.').min(1).max(KEYWORD_GENERATE_MAX, `At most ${KEYWORD_GENERATE_MAX} at once.`),
});
export type TGenerateKeywords = z.infer<typeof ZGenerateKeywordsSchema>;

export const ZGenerateKeywordsResultSchema = z.object({
  created: z.number().int(),
  keywords: z.array(ZKeywordSchema),
});
export type TGenerateKeywordsResult = z.infer<typeof ZGenerateKeywordsResultSchema>;

/* ---- Listings ---- */

export const LISTING_STATUSES = ['for_sale', 'for_lease', 'sale_pending', 'sold', 'off_market'] as const;
export type TListingStatus = (typeof LISTING_STATUSES)[number];
export const ZListingStatusSchema = z.enum(LISTING_STATUSES, { error: `Expected one of ${LISTING_STATUSES.join(', ')}.` });

/** Prices up to a billion dollars, in cents. */
export const LISTING_MAX_PRICE_CENTS = 100_000_000_000;
export const LISTING_URL_MAX = 2000;

export const LISTING_MESSAGES = {
  keywordRequired: 'A keyword must be picked.',
  keywordTaken: 'This keyword is already used by another listing. Pick an available keyword.',
  keywordNotFound: 'This keyword does not exist.',
  keywordInUse: 'This keyword is used by a listing and cannot be deleted.',
  keywordExists: 'This keyword already exists.',
  agentNotFound: 'This agent is not an enabled user of this company.',
  archived: 'This listing is archived: unarchive it first.',
  notArchived: 'This listing is not archived.',
  urlInvalid: 'This URL is not valid (http or https).',
  fileNotValid: 'Excel file not valid.',
  moduleOff: 'The real estate module is not enabled for this company.',
} as const;

function textOf(opts: { min?: number; max: number }) {
  return z
    .string()
    .trim()
    .min(opts.min ?? 0, 'This value should not be blank.')
    .max(opts.max, `At most ${opts.max} characters.`)
    .refine((v) => !hasControlCharacter(v), 'This value holds a control character.');
}

/** An absolute http(s) URL with a host. */
export function isHttpUrl(value: string): boolean {
  if (value.length > LISTING_URL_MAX || hasControlCharacter(value) || /\s/.test(value)) return false;
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}

export const ZListingUrlSchema = z
  .string(LISTING_MESSAGES.urlInvalid)
  .trim()
  .refine((v) => isHttpUrl(v), LISTING_MESSAGES.urlInvalid);

const listingFields = {
  name: textOf({ min: 1, max: 200 }),
  url: ZListingUrlSchema,
  location: textOf({ max: 300 }),
  priceCents: z.number('Expected a price in cents.').int('Whole cents.').min(0, 'The price cannot be negative.').max(LISTING_MAX_PRICE_CENTS).nullable(),
  negotiable: z.boolean(),
  status: ZListingStatusSchema,
  agent: idRefOf('users').nullable(),
  photoUrl: ZListingUrlSchema.nullable(),
  description: textOf({ max: 5000 }),
};

export const ZListingCreateSchema = z.strictObject({
  name: listingFields.name,
  url: listingFields.url,
  keyword: idRefOf('keywords', LISTING_MESSAGES.keywordRequired),
  location: listingFields.location.optional(),
  priceCents: listingFields.priceCents.optional(),
  negotiable: listingFields.negotiable.optional(),
  status: listingFields.status.optional(),
  agent: listingFields.agent.optional(),
  photoUrl: listingFields.photoUrl.optional(),
  description: listingFields.description.optional(),
});
export type TListingCreate = z.infer<typeof ZListingCreateSchema>;

/** PUT and PATCH (merge-patch) both change only what they carry; the keyword changes through assign_keyword. */
export const ZListingPatchSchema = z.strictObject(listingFields).partial();
export type TListingPatch = z.infer<typeof ZListingPatchSchema>;

export const ZAssignKeywordSchema = z.strictObject({ keyword_id: idRefOf('keywords', LISTING_MESSAGES.keywordRequired) });
export type TAssignKeyword = z.infer<typeof ZAssignKeywordSchema>;
export const ZChangeAgentSchema = z.strictObject({ agent_id: idRefOf('users').nullable() });
export type TChangeAgent = z.infer<typeof ZChangeAgentSchema>;
export const ZArchiveListingSchema = z.strictObject({ new_status: ZListingStatusSchema });
export type TArchiveListing = z.infer<typeof ZArchiveListingSchema>;
export const ZUnarchiveListingSchema = z.strictObject({
  keyword_id: idRefOf('keywords', LISTING_MESSAGES.keywordRequired),
  new_status: ZListingStatusSchema,
});
export type TUnarchiveListing = z.infer<typeof ZUnarchiveListingSchema>;

export const ZListingSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('Listing'),
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  /** Keyword IRI; null once archived (archiving frees the keyword). */
  keyword: z.string().nullable(),
  keywordName: z.string().nullable(),
  location: z.string(),
  priceCents: z.number().int().nullable(),
  negotiable: z.boolean(),
  status: z.enum(LISTING_STATUSES),
  agent: z.string().nullable(),
  agentName: z.string().nullable(),
  photoUrl: z.string().nullable(),
  description: z.string(),
  archived: z.boolean(),
  archivedAt: ZIsoDateTimeSchema.nullable(),
  createdAt: ZIsoDateTimeSchema,
  updatedAt: ZIsoDateTimeSchema,
});
export type TListing = z.infer<typeof ZListingSchema>;

export const LISTING_LIST_MAX = 200;
export const LISTING_UNPAGED_MAX = 1000;

/**
 * GET /api/listings: newest first, keyset paged (`createdAt[strictly_before]` + `id[lt]` from hydra:view.next);
 * `archived=true` lists the archived ones (the /archived-listings screen), default unarchived only.
 */
export const ZListingListQuerySchema = z.object({
  pagination: z.enum(['true', 'false']).optional(),
  itemsPerPage: decimalIntOf({ min: 1, max: LISTING_LIST_MAX }).optional(),
  'createdAt[strictly_before]': z.iso.datetime({ offset: true }).optional(),
  'id[lt]': decimalIntOf({ min: 1, max: Number.MAX_SAFE_INTEGER }).optional(),
  status: ZListingStatusSchema.optional(),
  agent: idRefOf('users').optional(),
  /** Part of the name, location or keyword (matched literally: % and _ are not wildcards). */
  q: searchTextOf({ max: 100 }).optional(),
  archived: ZBooleanQueryParamSchema.optional(),
});
export type TListingListQuery = z.infer<typeof ZListingListQuerySchema>;

/* ---- Import (Excel / CSV) ---- */

export const LISTING_IMPORT_FIELDS = ['name', 'url', 'keyword', 'location', 'price', 'negotiable', 'status', 'agent', 'photoUrl', 'description'] as const;
export type TListingImportField = (typeof LISTING_IMPORT_FIELDS)[number];
export const LISTING_IMPORT_REQUIRED: readonly TListingImportField[] = ['name', 'url', 'keyword'];
export const LISTING_IMPORT_MAX_ROWS = 2000;

/**
 * The optional `mapping` form field (JSON): file header → field. Headers not named keep the automatic match (header
 * names like "Price", "Keyword", "Agent email"); a header mapped to null is ignored.
 */
export const ZListingImportMappingSchema = z.record(z.string().max(200), z.enum(LISTING_IMPORT_FIELDS).nullable());
export type TListingImportMapping = z.infer<typeof ZListingImportMappingSchema>;

export const ZListingImportPreviewSchema = z.object({
  headers: z.array(z.string()),
  /** Per header, the field it feeds (null: ignored). */
  mapping: z.array(z.enum(LISTING_IMPORT_FIELDS).nullable()),
  missing: z.array(z.enum(LISTING_IMPORT_FIELDS)),
  sample: z.array(z.array(z.string())),
  rows: z.number().int(),
});
export type TListingImportPreview = z.infer<typeof ZListingImportPreviewSchema>;

export const ZListingImportResultSchema = z.object({
  rows: z.number().int(),
  created: z.number().int(),
  skipped: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), reasons: z.array(z.string()) })),
});
export type TListingImportResult = z.infer<typeof ZListingImportResultSchema>;

/* ---- Live events (topic: companyRoleTopic(companyId, 'ROLE_REAL_ESTATE') and company admins) ---- */

export const LISTING_LIVE_EVENTS = ['listing.created', 'listing.updated', 'listing.archived', 'listing.deleted'] as const;
export type TListingLiveEvent = (typeof LISTING_LIVE_EVENTS)[number];
