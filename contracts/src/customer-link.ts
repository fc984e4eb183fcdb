import { z } from 'zod';
import { WEEKDAYS, ZDayHoursSchema, type TWeekday } from './company';
import { ZIdStringSchema } from './ids';
import { MODIFIERS, type TModifier } from './message-modifiers';
import { ZIsoDateTimeSchema } from './refs';
import { ZRepairOrderStatusSchema } from './repair-order';
import { ZReviewSiteSchema } from './survey';

/**
 * Customer links (ARCHITECTURE §7, issue 13): every URL modifier of an automated text becomes a short link
 * `{PUBLIC_URL}/r/{code}`, opaque and unguessable, scoped to one entity and one purpose, expiring and revocable.
 * Public pages resolve the code on the server and see only what the purpose allows (the answer schemas below).
 */
export const CUSTOMER_LINK_PURPOSES = ['status', 'approval', 'vehicle_ready', 'survey', 'payment', 'booking', 'questionnaire'] as const;
export const ZCustomerLinkPurposeSchema = z.enum(CUSTOMER_LINK_PURPOSES);
export type TCustomerLinkPurpose = z.infer<typeof ZCustomerLinkPurposeSchema>;

/** Per purpose: what the link points at, the modifier it fills in, and how long it lives. Later modules add theirs. */
export const CUSTOMER_LINK_PURPOSE_INFO: Readonly<Record<TCustomerLinkPurpose, { entity: string; modifier: TModifier; ttlDays: number }>> = {
  status: { entity: 'repair_order', modifier: MODIFIERS.statusUrl, ttlDays: 30 },
  /** Short: an approval answers a question about work waiting on the lift. */
  approval: { entity: 'repair_order', modifier: MODIFIERS.approvalUrl, ttlDays: 7 },
  vehicle_ready: { entity: 'repair_order', modifier: MODIFIERS.vehicleReadyUrl, ttlDays: 14 },
  survey: { entity: 'survey', modifier: MODIFIERS.surveyUrl, ttlDays: 30 },
  payment: { entity: 'payment_request', modifier: MODIFIERS.paymentUrl, ttlDays: 30 },
  /** The booking page for one customer (sent from the messenger or in an appointment text): no name or phone asked. */
  booking: { entity: 'customer', modifier: MODIFIERS.bookingUrl, ttlDays: 30 },
  /** A questionnaire sent to a customer or lead (issue 18): points at the response row it fills. */
  questionnaire: { entity: 'questionnaire_response', modifier: MODIFIERS.questionnaireUrl, ttlDays: 30 },
};

/**
 * Base58 (Bitcoin's alphabet): letters and digits without 0, O, I and l, which read alike when typed from a screen.
 * 12 characters carry 70 bits: unguessable at any rate a public endpoint allows.
 */
export const LINK_CODE_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
export const LINK_CODE_LENGTH = 12;
/** Codes of 10 to 24 characters are read (room to lengthen new codes without breaking sent ones). */
export const ZLinkCodeSchema = z.string('link_not_found').regex(/^[1-9A-HJ-NP-Za-km-z]{10,24}$/, 'link_not_found');

/** `/r/{code}` and `/api/public/links/{code}` path parameters. */
export const ZLinkCodeParamsSchema = z.object({ code: ZLinkCodeSchema });

/** The largest byte that maps evenly onto the alphabet (4 × 58 = 232): larger ones are drawn again, so no bias. */
const UNBIASED_LIMIT = 256 - (256 % LINK_CODE_ALPHABET.length);

/** A fresh random code. `randomBytes` is for tests; the default is the platform's cryptographic generator. */
export function createLinkCode(options: { length?: number; randomBytes?: (n: number) => Uint8Array } = {}): string {
  const length = options.length ?? LINK_CODE_LENGTH;
  const randomBytes = options.randomBytes ?? ((n: number) => globalThis.crypto.getRandomValues(new Uint8Array(n)));
  let code = '';
  while (code.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte >= UNBIASED_LIMIT) continue;
      code += LINK_CODE_ALPHABET[byte % LINK_CODE_ALPHABET.length];
      if (code.length === length) break;
    }
  }
  return code;
}

/** The short URL a text carries: `{PUBLIC_URL}/r/{code}` (a trailing slash of the public URL is dropped). */
export function customerLinkUrl(options: { publicUrl: string; code: string }): string {
  return `${options.publicUrl.replace(/\/+$/, '')}/r/${options.code}`;
}

const DAY_MS = 86_400_000;

/** When a link made now for a purpose stops working. */
export function customerLinkExpiry(options: { purpose: TCustomerLinkPurpose; now: Date }): Date {
  return new Date(options.now.getTime() + CUSTOMER_LINK_PURPOSE_INFO[options.purpose].ttlDays * DAY_MS);
}

export const CUSTOMER_LINK_STATES = ['active', 'expired', 'revoked'] as const;
export type TCustomerLinkState = (typeof CUSTOMER_LINK_STATES)[number];

/** Revoked wins over expired; a link without expiry never expires. */
export function customerLinkStateOf(options: { expiresAt: Date | null; revokedAt: Date | null; now: Date }): TCustomerLinkState {
  if (options.revokedAt !== null) return 'revoked';
  if (options.expiresAt !== null && options.expiresAt.getTime() <= options.now.getTime()) return 'expired';
  return 'active';
}

/** Messages (i18n keys) of the public pages when a code leads nowhere: 404 unknown, 410 expired or revoked. */
export const LINK_NOT_FOUND = 'link_not_found';
export const LINK_EXPIRED = 'link_expired';

/** A customer link as the order screen lists it (whether the customer opened it). */
export const ZCustomerLinkSchema = z
  .object({
    '@id': z.string(),
    '@type': z.literal('CustomerLink'),
    id: z.number().int(),
    purpose: ZCustomerLinkPurposeSchema,
    entity: z.string(),
    entityId: z.number().int(),
    /** The short URL as sent. */
    url: z.string(),
    state: z.enum(CUSTOMER_LINK_STATES),
    expiresAt: ZIsoDateTimeSchema.nullable(),
    revokedAt: ZIsoDateTimeSchema.nullable(),
    firstOpenedAt: ZIsoDateTimeSchema.nullable(),
    lastOpenedAt: ZIsoDateTimeSchema.nullable(),
    openCount: z.number().int().min(0),
    createdAt: ZIsoDateTimeSchema,
  })
  .meta({ id: 'CustomerLink' });
export type TCustomerLink = z.infer<typeof ZCustomerLinkSchema>;

/** What links can point at (the entities of CUSTOMER_LINK_PURPOSE_INFO; a test keeps the two in step). */
export const CUSTOMER_LINK_ENTITIES = ['repair_order', 'survey', 'payment_request', 'customer', 'questionnaire_response'] as const;

/** GET /api/customer_links?entity=repair_order&entityId=42: the links made for one entity, newest first. */
export const ZCustomerLinkListQuerySchema = z.object({ entity: z.enum(CUSTOMER_LINK_ENTITIES), entityId: ZIdStringSchema });
export type TCustomerLinkListQuery = z.infer<typeof ZCustomerLinkListQuerySchema>;

/* Public pages: only what each page shows. These are z.object, which drops unknown keys when the server serialises an
 * answer, so a field added to a row by mistake never reaches a page without a sign-in. */

/** The company as a public page brands itself: name, logo, accent colour, language. */
export const ZPublicBrandSchema = z.object({
  name: z.string(),
  logoUrl: z.string().nullable(),
  accentColor: z.string().nullable(),
  language: z.enum(['en', 'bs', 'hr', 'sr']),
  termsOfService: z.string().nullable(),
});
export type TPublicBrand = z.infer<typeof ZPublicBrandSchema>;

/** The vehicle as a customer recognises it; no VIN or plate (a forwarded link must not reveal them). */
export const ZPublicVehicleSchema = z.object({ make: z.string(), model: z.string(), year: z.number().int() });

const ZPublicOrderHeadSchema = z.object({ number: z.string(), vehicle: ZPublicVehicleSchema.nullable() });

/** Repair order status page: number, vehicle, status, promised time, the lines and their state (no prices). */
export const ZPublicStatusPageSchema = z.object({
  purpose: z.literal('status'),
  company: ZPublicBrandSchema,
  repairOrder: ZPublicOrderHeadSchema.extend({
    title: z.string(),
    status: ZRepairOrderStatusSchema,
    state: z.enum(['open', 'closed']),
    promisedAt: ZIsoDateTimeSchema.nullable(),
    closedAt: ZIsoDateTimeSchema.nullable(),
    lines: z.array(z.object({ description: z.string(), status: z.enum(['pending', 'approved', 'denied', 'rejected']) })),
  }),
});
export type TPublicStatusPage = z.infer<typeof ZPublicStatusPageSchema>;

/** A photo or document of a line, through a short-lived signed URL. */
export const ZPublicLineFileSchema = z.object({ url: z.string(), thumbnailUrl: z.string().nullable(), mimeType: z.string() });

/**
 * Line approval page: the lines the request asked about with price and photos, to approve or deny each, and the
 * totals in cents. `answeredAt` set: the answers are in and the page is read-only.
 */
export const ZPublicApprovalPageSchema = z.object({
  purpose: z.literal('approval'),
  company: ZPublicBrandSchema,
  repairOrder: ZPublicOrderHeadSchema,
  lines: z.array(
    z.object({
      id: z.number().int(),
      description: z.string(),
      price: z.number().int(),
      status: z.enum(['pending', 'approved', 'denied']),
      files: z.array(ZPublicLineFileSchema),
    }),
  ),
  totals: z.object({ pending: z.number().int(), approved: z.number().int(), denied: z.number().int() }),
  answeredAt: ZIsoDateTimeSchema.nullable(),
});
export type TPublicApprovalPage = z.infer<typeof ZPublicApprovalPageSchema>;

const ZPublicWeekHoursSchema = z.object(Object.fromEntries(WEEKDAYS.map((d) => [d, ZDayHoursSchema])) as Record<TWeekday, typeof ZDayHoursSchema>);

/** Vehicle ready page: where and when to pick the vehicle up, and the amount due in cents (null: not known). */
export const ZPublicVehicleReadyPageSchema = z.object({
  purpose: z.literal('vehicle_ready'),
  company: ZPublicBrandSchema,
  repairOrder: ZPublicOrderHeadSchema,
  readyAt: ZIsoDateTimeSchema.nullable(),
  pickup: z.object({
    address: z.string().nullable(),
    phone: z.string().nullable(),
    /** The company's opening hours (UTC HH:mm, as stored) and its time zone to show them in. */
    hours: ZPublicWeekHoursSchema.nullable(),
    timezone: z.string(),
  }),
  amountDue: z.number().int().nullable(),
});
export type TPublicVehicleReadyPage = z.infer<typeof ZPublicVehicleReadyPageSchema>;

const ZPublicQuestionSchema = z.object({ id: z.string(), question: z.string(), answerType: z.enum(['choice', 'text']), answers: z.array(z.string()) });

/** Texts the page shows; null: the page's own wording in the company's language. */
export const ZPublicSurveyPageSchema = z.object({
  purpose: z.literal('survey'),
  company: ZPublicBrandSchema,
  repairOrder: ZPublicOrderHeadSchema.nullable(),
  texts: z.object({
    question: z.string().nullable(),
    sendButton: z.string().nullable(),
    afterPositive: z.string().nullable(),
    afterNegative: z.string().nullable(),
  }),
  positiveQuestions: z.array(ZPublicQuestionSchema),
  negativeQuestions: z.array(ZPublicQuestionSchema),
  /** Offered to every respondent who finished (no review gating); only the sites the company set. */
  reviewLinks: z.array(z.object({ site: ZReviewSiteSchema, url: z.string() })),
  /** Set once answered: the page shows the thanks (and the review links). */
  answeredAt: ZIsoDateTimeSchema.nullable(),
  answer: z.boolean().nullable(),
});
export type TPublicSurveyPage = z.infer<typeof ZPublicSurveyPageSchema>;

/** A booking link: the page opens the company's booking page (`/book/{slug}`) for this customer. */
export const ZPublicBookingLinkPageSchema = z.object({ purpose: z.literal('booking'), company: ZPublicBrandSchema, slug: z.string() });
export type TPublicBookingLinkPage = z.infer<typeof ZPublicBookingLinkPageSchema>;

/**
 * A payment link (issue 17): the page reads what is owed and pays through /api/public/payments/{code}/… (payments.ts
 * ZPublicPaymentPageSchema); opening the link here records the click and names the company.
 */
export const ZPublicPaymentLinkPageSchema = z.object({ purpose: z.literal('payment'), company: ZPublicBrandSchema });
export type TPublicPaymentLinkPage = z.infer<typeof ZPublicPaymentLinkPageSchema>;

/** A questionnaire link (issue 18): the page reads the questions from /api/public/questionnaires/{code} (questionnaires.ts). */
export const ZPublicQuestionnaireLinkPageSchema = z.object({ purpose: z.literal('questionnaire'), company: ZPublicBrandSchema });
export type TPublicQuestionnaireLinkPage = z.infer<typeof ZPublicQuestionnaireLinkPageSchema>;

/** GET /api/public/links/{code}: the page of the link's purpose. */
export const ZPublicLinkPageSchema = z.discriminatedUnion('purpose', [
  ZPublicStatusPageSchema,
  ZPublicApprovalPageSchema,
  ZPublicVehicleReadyPageSchema,
  ZPublicSurveyPageSchema,
  ZPublicBookingLinkPageSchema,
  ZPublicPaymentLinkPageSchema,
  ZPublicQuestionnaireLinkPageSchema,
]);
export type TPublicLinkPage = z.infer<typeof ZPublicLinkPageSchema>;
