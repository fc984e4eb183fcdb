import { z } from 'zod';
import { ZPublicBrandSchema } from './customer-link';
import { decimalIntOf, idRefOf } from './ids';
import { hasControlCharacter, ZBooleanQueryParamSchema } from './query';
import { ZIsoDateTimeSchema } from './refs';
import { MAX_MONEY_CENTS, MAX_QUANTITY_MILLI, MAX_TAX_RATE_MILLI, QUANTITY_SCALE, TAX_RATE_SCALE, type TMoneyLine } from './payment-money';

/**
 * Payments (issue 17; spec part 2 §3–§7): payment requests (text-to-pay), their public page, the processor's
 * transactions. Money is integer cents everywhere (payment-money.ts has the one rounding rule). No card number is
 * part of any schema here except the simulator's tokenising step (ZPublicCardTokenBodySchema), whose body the
 * server drops after minting a one-time key.
 */

/* ---- Enums ---- */

/** Spec part 2 §4, in their forward order; see canMovePaymentRequestStatus. */
export const PAYMENT_REQUEST_STATUSES = ['not_created', 'created', 'sent', 'failed', 'expired', 'paid'] as const;
export const ZPaymentRequestStatusSchema = z.enum(PAYMENT_REQUEST_STATUSES);
export type TPaymentRequestStatus = z.infer<typeof ZPaymentRequestStatusSchema>;

export const PAYMENT_REQUEST_SOURCES = ['standalone', 'repair_order', 'ar_statement', 'parts_statement', 'parts_ticket'] as const;
export const ZPaymentRequestSourceSchema = z.enum(PAYMENT_REQUEST_SOURCES);
export type TPaymentRequestSource = z.infer<typeof ZPaymentRequestSourceSchema>;

export const PAYMENT_METHODS = ['card', 'terminal', 'saved_card'] as const;
export const ZPaymentMethodSchema = z.enum(PAYMENT_METHODS);
export type TPaymentMethod = z.infer<typeof ZPaymentMethodSchema>;

export const PAYMENT_ATTEMPT_STATES = ['pending', 'approved', 'partial', 'declined', 'error', 'unknown'] as const;
export type TPaymentAttemptState = (typeof PAYMENT_ATTEMPT_STATES)[number];

export const PAYMENT_TRANSACTION_KINDS = ['sale', 'refund', 'void'] as const;
export const ZPaymentTransactionKindSchema = z.enum(PAYMENT_TRANSACTION_KINDS);
export type TPaymentTransactionKind = z.infer<typeof ZPaymentTransactionKindSchema>;

export const PAYMENT_TRANSACTION_STATUSES = ['approved', 'declined', 'error', 'voided', 'refunded', 'partially_refunded'] as const;
export const ZPaymentTransactionStatusSchema = z.enum(PAYMENT_TRANSACTION_STATUSES);
export type TPaymentTransactionStatus = z.infer<typeof ZPaymentTransactionStatusSchema>;

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'other'] as const;
export const ZCardBrandSchema = z.enum(CARD_BRANDS);

/** Why a card was declined (the processor layer's TDeclineReason): the page shows a clear message per reason. */
export const DECLINE_REASONS = [
  'insufficient_funds',
  'do_not_honor',
  'card_declined',
  'cvc_failed',
  'restricted_card',
  'expired_card',
  'fraud_suspected',
  'referral',
  'other',
] as const;
export const ZDeclineReasonSchema = z.enum(DECLINE_REASONS);
export type TDeclineReason = z.infer<typeof ZDeclineReasonSchema>;

/** Spec part 2 §5 (the messages as keys, translated by the screens). */
export const PAYMENT_AMOUNT_ZERO = 'payment_amount_must_not_be_zero';
export const PAYMENT_NOT_ENABLED = 'payment_not_enabled';

/**
 * Statuses move forward only: not_created → created → sent | failed; created/sent/failed → expired | paid;
 * sent → failed (the text bounced); failed → sent (a resend got through). Expired and paid are final.
 * Cancelling is not a status (cancelledAt): it revokes the link and stops the request being paid.
 */
const NEXT_STATUSES: Readonly<Record<TPaymentRequestStatus, readonly TPaymentRequestStatus[]>> = {
  not_created: ['created', 'sent', 'failed', 'paid'],
  created: ['sent', 'failed', 'expired', 'paid'],
  sent: ['sent', 'failed', 'expired', 'paid'],
  failed: ['sent', 'expired', 'paid'],
  expired: [],
  paid: [],
};

export function canMovePaymentRequestStatus(options: { from: TPaymentRequestStatus; to: TPaymentRequestStatus }): boolean {
  return NEXT_STATUSES[options.from].includes(options.to);
}

/** The statuses a request may move to `to` from (what the conditional UPDATE's `status in (…)` lists). */
export function paymentStatusesBefore(to: TPaymentRequestStatus): TPaymentRequestStatus[] {
  return PAYMENT_REQUEST_STATUSES.filter((from) => canMovePaymentRequestStatus({ from, to }));
}

/* ---- Lines ---- */

const plainText = (max: number, label: string) =>
  z
    .string(`${label} must be text.`)
    .trim()
    .max(max, `${label} is at most ${max} characters.`)
    .refine((v) => !hasControlCharacter(v), `${label} must not contain control characters.`);

/** A number with at most `decimals` decimals (JSON numbers: 1.5, 2.125). */
function decimalNumber(options: { decimals: number; min: number; max: number; message: string }) {
  const scale = 10 ** options.decimals;
  return z
    .number(options.message)
    .min(options.min, options.message)
    .max(options.max, options.message)
    .refine((v) => Math.abs(Math.round(v * scale) - v * scale) < 1e-6, options.message);
}

/** One product line as typed: name, unit price in cents (negative for a discount), quantity, then a tax rate or tax cents. */
export const ZPaymentProductInputSchema = z.strictObject({
  name: plainText(200, 'Name').pipe(z.string().min(1, 'Name is required.')),
  unitPriceCents: z
    .number('Unit price must be whole cents.')
    .int('Unit price must be whole cents.')
    .min(-MAX_MONEY_CENTS, 'Unit price is too large.')
    .max(MAX_MONEY_CENTS, 'Unit price is too large.'),
  quantity: decimalNumber({
    decimals: 3,
    min: 0.001,
    max: MAX_QUANTITY_MILLI / QUANTITY_SCALE,
    message: 'Quantity must be above 0 with at most 3 decimals.',
  }).default(1),
  /** Percent, up to 3 decimals (8.875). */
  taxRate: decimalNumber({ decimals: 3, min: 0, max: MAX_TAX_RATE_MILLI / TAX_RATE_SCALE, message: 'Tax rate must be 0–100 % with at most 3 decimals.' })
    .nullable()
    .optional(),
  /** The line's tax in cents as printed (wins over the rate). */
  taxCents: z.number('Tax must be whole cents.').int('Tax must be whole cents.').min(-MAX_MONEY_CENTS).max(MAX_MONEY_CENTS).nullable().optional(),
});
export type TPaymentProductInput = z.infer<typeof ZPaymentProductInputSchema>;

/** A product line → the money rule's line (integer thousandths). */
export function toMoneyLine(product: TPaymentProductInput): TMoneyLine {
  return {
    name: product.name,
    unitPriceCents: product.unitPriceCents,
    quantityMilli: Math.round(product.quantity * QUANTITY_SCALE),
    taxRateMilli: product.taxRate === null || product.taxRate === undefined ? null : Math.round(product.taxRate * TAX_RATE_SCALE),
    taxCents: product.taxCents ?? null,
  };
}

/** A stored line, with what the rule computed (spec: name, unit price, quantity, tax, total). */
export const ZPaymentProductSchema = z.object({
  name: z.string(),
  unitPriceCents: z.number().int(),
  quantity: z.number(),
  taxRate: z.number().nullable(),
  netCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
});
export type TPaymentProduct = z.infer<typeof ZPaymentProductSchema>;

export const PAYMENT_PRODUCTS_MAX = 200;

/* ---- Payment requests: /api/payment_requests ---- */

/**
 * POST /api/payment_requests. With `repairOrder`: the customer, the invoice (the order number) and the lines (the
 * order's approved lines, else its price) default from the order. Without: a standalone request needs a customer to
 * be sent. `products` or `amountCents` (one line "Payment"); the total must not be zero.
 */
export const ZPaymentRequestCreateSchema = z.strictObject({
  customer: idRefOf('customers').nullable().optional(),
  repairOrder: idRefOf('repair_orders').nullable().optional(),
  invoice: plainText(64, 'Invoice').optional(),
  billTo: plainText(500, 'Bill to').optional(),
  products: z.array(ZPaymentProductInputSchema).max(PAYMENT_PRODUCTS_MAX, `At most ${PAYMENT_PRODUCTS_MAX} lines.`).optional(),
  amountCents: z.number('Amount must be whole cents.').int('Amount must be whole cents.').min(-MAX_MONEY_CENTS).max(MAX_MONEY_CENTS).optional(),
  /** false: saved (status created) without texting the customer. Default true. */
  send: z.boolean().optional(),
});
export type TPaymentRequestCreate = z.infer<typeof ZPaymentRequestCreateSchema>;

export const ZPaymentRequestStatusEntrySchema = z.object({ status: ZPaymentRequestStatusSchema, at: ZIsoDateTimeSchema });
export type TPaymentRequestStatusEntry = z.infer<typeof ZPaymentRequestStatusEntrySchema>;

const ZRefSchema = z.object({ '@id': z.string(), id: z.number().int() });

export const ZPaymentRequestSchema = z
  .object({
    '@id': z.string(),
    '@type': z.literal('PaymentRequest'),
    id: z.number().int(),
    source: ZPaymentRequestSourceSchema,
    sourceId: z.number().int().nullable(),
    customer: ZRefSchema.extend({ name: z.string(), phone: z.string().nullable() }).nullable(),
    repairOrder: ZRefSchema.extend({ number: z.string() }).nullable(),
    /** Spec field name: the order's id. */
    repairOrderId: z.number().int().nullable(),
    invoice: z.string(),
    billTo: z.string(),
    products: z.array(ZPaymentProductSchema),
    subtotalCents: z.number().int(),
    taxCents: z.number().int(),
    amountCents: z.number().int(),
    status: ZPaymentRequestStatusSchema,
    /** i18n key of why it failed (the engine's: `automated_message_skipped_opted_out`, `…_skipped_no_channel`, `…_not_configured`). */
    statusReason: z.string().nullable(),
    statuses: z.array(ZPaymentRequestStatusEntrySchema),
    cancelledAt: ZIsoDateTimeSchema.nullable(),
    expiresAt: ZIsoDateTimeSchema.nullable(),
    sentAt: ZIsoDateTimeSchema.nullable(),
    paidAt: ZIsoDateTimeSchema.nullable(),
    paidCents: z.number().int().nullable(),
    /** The newest usable link `{PUBLIC_URL}/r/{code}`; null before the text is sent, or once expired or cancelled. */
    paymentUrl: z.string().nullable(),
    /** `/api/messages/{id}` of the text that carried the link. */
    message: z.string().nullable(),
    createdBy: ZRefSchema.extend({ name: z.string() }).nullable(),
    createdAt: ZIsoDateTimeSchema,
    updatedAt: ZIsoDateTimeSchema,
  })
  .meta({ id: 'PaymentRequest' });
export type TPaymentRequest = z.infer<typeof ZPaymentRequestSchema>;

/** Customer.lastPaymentRequest (spec part 1 §3: with a statuses list). */
export const ZPaymentRequestSummarySchema = z.object({
  '@id': z.string(),
  id: z.number().int(),
  invoice: z.string(),
  amountCents: z.number().int(),
  status: ZPaymentRequestStatusSchema,
  statuses: z.array(ZPaymentRequestStatusEntrySchema),
  cancelledAt: ZIsoDateTimeSchema.nullable(),
  sentAt: ZIsoDateTimeSchema.nullable(),
  paidAt: ZIsoDateTimeSchema.nullable(),
  createdAt: ZIsoDateTimeSchema,
});
export type TPaymentRequestSummary = z.infer<typeof ZPaymentRequestSummarySchema>;

export const PAYMENT_REQUESTS_PER_PAGE_MAX = 100;

/** GET /api/payment_requests: newest first; keyset `createdAt[strictly_before]` + `id[lt]` (view.next gives both). */
export const ZPaymentRequestListQuerySchema = z.object({
  customer: idRefOf('customers').optional(),
  repairOrder: idRefOf('repair_orders').optional(),
  status: ZPaymentRequestStatusSchema.optional(),
  'status[]': z.union([ZPaymentRequestStatusSchema.transform((s) => [s]), z.array(ZPaymentRequestStatusSchema).max(6)]).optional(),
  source: ZPaymentRequestSourceSchema.optional(),
  'createdAt[strictly_before]': z.iso.datetime({ offset: true }).optional(),
  'id[lt]': decimalIntOf({ min: 1, max: Number.MAX_SAFE_INTEGER }).optional(),
  itemsPerPage: decimalIntOf({ min: 1, max: PAYMENT_REQUESTS_PER_PAGE_MAX }).optional(),
  exactTotal: ZBooleanQueryParamSchema.optional(),
});
export type TPaymentRequestListQuery = z.infer<typeof ZPaymentRequestListQuerySchema>;

/* ---- Transactions (resource shared with /api/payment/transactions) ---- */

export const ZPaymentTransactionSchema = z
  .object({
    '@id': z.string(),
    '@type': z.literal('PaymentTransaction'),
    id: z.number().int(),
    kind: ZPaymentTransactionKindSchema,
    method: ZPaymentMethodSchema,
    status: ZPaymentTransactionStatusSchema,
    provider: z.string(),
    amountCents: z.number().int(),
    refundedCents: z.number().int(),
    feeCents: z.number().int().nullable(),
    cardBrand: ZCardBrandSchema.nullable(),
    cardLast4: z.string().nullable(),
    paymentRequest: ZRefSchema.extend({ invoice: z.string() }).nullable(),
    /** The sale a refund or void belongs to (`/api/payment/transactions/{id}`). */
    parent: z.string().nullable(),
    customer: ZRefSchema.extend({ name: z.string() }).nullable(),
    createdBy: ZRefSchema.extend({ name: z.string() }).nullable(),
    createdAt: ZIsoDateTimeSchema,
  })
  .meta({ id: 'PaymentTransaction' });
export type TPaymentTransactionResource = z.infer<typeof ZPaymentTransactionSchema>;

/* ---- The public payment page: /api/public/payments/{code}/… (no sign-in) ---- */

/** payable: the form is offered; paid / expired / cancelled: the page says so. */
export const PUBLIC_PAYMENT_STATES = ['payable', 'paid', 'expired', 'cancelled'] as const;
export type TPublicPaymentState = (typeof PUBLIC_PAYMENT_STATES)[number];

/**
 * How the page collects the card: the simulator's own fields (POST …/card-token first), USAePay's Pay.js hosted
 * fields created with the public key, or none (the processor has no hosted fields this page supports).
 */
export const ZPublicCardFormSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('simulator') }),
  z.object({ kind: z.literal('usaepay'), publicKey: z.string() }),
  z.object({ kind: z.literal('unavailable') }),
]);
export type TPublicCardForm = z.infer<typeof ZPublicCardFormSchema>;

export const ZPublicPaymentReceiptSchema = z.object({
  invoice: z.string(),
  amountCents: z.number().int(),
  paidAt: ZIsoDateTimeSchema,
  cardBrand: ZCardBrandSchema.nullable(),
  cardLast4: z.string().nullable(),
  /** Our transaction number, for the customer's records. */
  reference: z.string(),
  emailedTo: z.string().nullable(),
});
export type TPublicPaymentReceipt = z.infer<typeof ZPublicPaymentReceiptSchema>;

/** GET /api/public/payments/{code}. */
export const ZPublicPaymentPageSchema = z.object({
  company: ZPublicBrandSchema,
  state: z.enum(PUBLIC_PAYMENT_STATES),
  invoice: z.string(),
  billTo: z.string(),
  lines: z.array(
    z.object({ name: z.string(), unitPriceCents: z.number().int(), quantity: z.number(), taxCents: z.number().int(), totalCents: z.number().int() }),
  ),
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  amountCents: z.number().int(),
  /** Only while payable. */
  cardForm: ZPublicCardFormSchema.nullable(),
  /** Only once paid. */
  receipt: ZPublicPaymentReceiptSchema.nullable(),
});
export type TPublicPaymentPage = z.infer<typeof ZPublicPaymentPageSchema>;

/** POST …/card-token (simulator only): the card as typed. Never stored or logged; a one-time key comes back. */
export const ZPublicCardTokenBodySchema = z.strictObject({
  number: z.string().max(40),
  /** MM/YY or MMYY. */
  expiration: z.string().max(7),
  cvc: z.string().max(4),
});
export type TPublicCardTokenBody = z.infer<typeof ZPublicCardTokenBodySchema>;

export const ZPublicCardTokenResultSchema = z.object({ paymentKey: z.string(), cardBrand: ZCardBrandSchema.nullable(), cardLast4: z.string().nullable() });
export type TPublicCardTokenResult = z.infer<typeof ZPublicCardTokenResultSchema>;

/** POST …/charge. `idempotencyKey`: a UUID the page makes once per tap of "Pay"; a resend with it answers the first result. */
export const ZPublicChargeBodySchema = z.strictObject({
  paymentKey: z.string().min(1).max(200),
  idempotencyKey: z.uuid('Expected a UUID.'),
  email: z.email('Enter a valid e-mail address.').max(254).optional(),
});
export type TPublicChargeBody = z.infer<typeof ZPublicChargeBodySchema>;

/**
 * approved: paid (receipt set). declined: try another card (declineReason for the message). error: nothing charged,
 * try again (errorCode `payment_key_invalid`: the card must be entered again). pending: the processor did not answer;
 * the page asks again later (GET the page) — never charge again with a new key meanwhile.
 */
export const ZPublicChargeResultSchema = z.object({
  outcome: z.enum(['approved', 'declined', 'error', 'pending']),
  declineReason: ZDeclineReasonSchema.nullable(),
  errorCode: z.string().nullable(),
  receipt: ZPublicPaymentReceiptSchema.nullable(),
});
export type TPublicChargeResult = z.infer<typeof ZPublicChargeResultSchema>;
