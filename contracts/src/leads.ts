import { z } from 'zod';
import { ZPhoneSchema } from './company';
import { decimalIntOf, idRefOf } from './ids';
import { hasControlCharacter } from './query';
import { ZIsoDateTimeSchema } from './refs';

/**
 * Marketing leads (issue 18; spec part 2 §3 "Real-estate settings", §5 marketing leads): who texted a listing's keyword,
 * left a phone number on the public landing page, or answered an offer. docs/leads.md.
 */

export const LEAD_SOURCES = ['keyword', 'landing_page', 'offer_reply'] as const;
export type TLeadSource = (typeof LEAD_SOURCES)[number];
export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'closed'] as const;
export type TLeadStatus = (typeof LEAD_STATUSES)[number];

export const LEADS_LIST_MAX = 200;
/** `pagination=false` answers at most this many. */
export const LEADS_UNPAGED_MAX = 1000;
export const LEAD_NOTE_MAX = 2000;
/** An auto-reply (keyword, unknown keyword, listing URL) goes at most once per (customer, listing, kind) in this window. */
export const LEAD_AUTO_REPLY_WINDOW_HOURS = 24;
/** An inbound text within this many days of an offer sent to the customer is an offer reply. */
export const LEAD_OFFER_REPLY_DAYS = 7;

export const ZLeadSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('MarketingLead'),
  id: z.number().int(),
  source: z.enum(LEAD_SOURCES),
  status: z.enum(LEAD_STATUSES),
  note: z.string(),
  /** IRI `/api/customers/{id}`. */
  customer: z.string(),
  customerName: z.string(),
  customerPhone: z.string().nullable(),
  /** IRI `/api/listings/{id}` or null. */
  listing: z.string().nullable(),
  listingName: z.string().nullable(),
  /** IRI `/api/offers/{id}` or null. */
  offer: z.string().nullable(),
  /** IRI `/api/users/{id}` (the listing's agent when the lead was recorded) or null. */
  agent: z.string().nullable(),
  agentName: z.string().nullable(),
  createdAt: ZIsoDateTimeSchema,
  updatedAt: ZIsoDateTimeSchema,
});
export type TLead = z.infer<typeof ZLeadSchema>;

/** GET /api/marketing/leads: keyset by creation time newest first (`createdAt[strictly_before]` + `id[lt]`, from `hydra:view.hydra:next`), or `pagination=false`. */
export const ZLeadListQuerySchema = z.object({
  pagination: z.enum(['true', 'false']).optional(),
  itemsPerPage: decimalIntOf({ min: 1, max: LEADS_LIST_MAX }).optional(),
  'createdAt[strictly_before]': z.iso.datetime({ offset: true }).optional(),
  'id[lt]': decimalIntOf({ min: 1, max: Number.MAX_SAFE_INTEGER }).optional(),
  source: z.enum(LEAD_SOURCES).optional(),
  status: z.enum(LEAD_STATUSES).optional(),
  agent: idRefOf('users').optional(),
  listing: idRefOf('listings').optional(),
  customer: idRefOf('customers').optional(),
});
export type TLeadListQuery = z.infer<typeof ZLeadListQuerySchema>;

/** PATCH /api/marketing/leads/{id} (merge-patch). */
export const ZLeadPatchSchema = z
  .strictObject({
    status: z.enum(LEAD_STATUSES).optional(),
    note: z
      .string()
      .max(LEAD_NOTE_MAX, `At most ${LEAD_NOTE_MAX} characters.`)
      .refine((v) => !hasControlCharacter(v.replace(/[\t\n\r]/g, '')), 'This value holds a control character.')
      .optional(),
  })
  .refine((v) => v.status !== undefined || v.note !== undefined, 'Nothing to change.');
export type TLeadPatch = z.infer<typeof ZLeadPatchSchema>;

/* ---- Public landing page `/l/{slug}` (no login) ---- */

/** What the public landing page may know about a company: its name, look and the real-estate customer-view texts. */
export const ZPublicLeadPageSchema = z.object({
  name: z.string(),
  slug: z.string(),
  accentColor: z.string().nullable(),
  logoMobileUrl: z.string().nullable(),
  heroMobileUrl: z.string().nullable(),
  termsOfService: z.string().nullable(),
  texts: z.object({
    beforePhoneInputText: z.string().nullable(),
    submitPhoneNumberButtonText: z.string().nullable(),
    phoneNumberSubmittedText: z.string().nullable(),
    beforeManualPropertyUrl: z.string().nullable(),
    afterManualPropertyUrl: z.string().nullable(),
    /** The wording next to the marketing-consent box (recorded with the consent when ticked). */
    optInviteMessage: z.string().nullable(),
  }),
});
export type TPublicLeadPage = z.infer<typeof ZPublicLeadPageSchema>;

export const LEAD_PAGE_URL_MAX = 2000;

/** POST /api/public/lead-pages/{slug}/leads. */
export const ZPublicLeadSubmitSchema = z.strictObject({
  phone: ZPhoneSchema,
  /** A listing's page address the visitor was looking at (optional; matched against the company's listings). */
  listingUrl: z
    .string()
    .trim()
    .max(LEAD_PAGE_URL_MAX, `At most ${LEAD_PAGE_URL_MAX} characters.`)
    .refine((v) => !hasControlCharacter(v), 'This value holds a control character.')
    .optional(),
  /** The visitor ticked the marketing-consent box (optional: a lead without consent is still recorded). */
  marketingConsent: z.boolean().optional(),
});
export type TPublicLeadSubmit = z.infer<typeof ZPublicLeadSubmitSchema>;

/** Always the same shape whether the phone was known or not (no enumeration). */
export const ZPublicLeadResultSchema = z.object({
  ok: z.literal(true),
  /** The submitted-text to show (the company's `phoneNumberSubmittedText`, or null for the page's default). */
  message: z.string().nullable(),
});
export type TPublicLeadResult = z.infer<typeof ZPublicLeadResultSchema>;
