import { z } from 'zod';
import { decimalIntOf, idRefOf } from './ids';
import { MAX_MONEY_CENTS } from './payment-money';
import { ZCardBrandSchema, ZPaymentMethodSchema, ZPaymentTransactionKindSchema, ZPaymentTransactionSchema, ZPaymentTransactionStatusSchema } from './payments';
import { hasControlCharacter, searchTextOf, ZBooleanQueryParamSchema } from './query';
import { ZIsoDateTimeSchema } from './refs';

/**
 * Payments, staff side (issue 17; spec part 2 §7 "payments: sync, transactions, recurring_rules"): the transactions
 * list with totals and CSV, refunds, card terminals, saved cards with monthly recurring charges, and "sync customers".
 * The resources of payment requests and transactions themselves are in payments.ts.
 */

/* ---- /api/payment/transactions ---- */

export const PAYMENT_TRANSACTIONS_PER_PAGE = 50;
export const PAYMENT_TRANSACTIONS_PER_PAGE_MAX = 100;
/** Rows of one CSV export (the filtered list, newest first). */
export const PAYMENT_TRANSACTIONS_EXPORT_MAX = 50_000;
/**
 * The totals of a filter add up at most this many transactions; above it the list says `totalItemsAtLeast` and the
 * sums are null (a partial sum would read as the truth). `exactTotal=true` adds them all.
 */
export const PAYMENT_TOTALS_CAP = 10_000;

const oneOrMany = <T extends z.ZodType>(item: T, max: number) => z.union([item.transform((v) => [v]), z.array(item).max(max)]);

/** Filters of the list, the totals and the CSV export alike. */
export const ZPaymentTransactionFilterSchema = z.object({
  status: oneOrMany(ZPaymentTransactionStatusSchema, 6).optional(),
  'status[]': oneOrMany(ZPaymentTransactionStatusSchema, 6).optional(),
  method: oneOrMany(ZPaymentMethodSchema, 3).optional(),
  'method[]': oneOrMany(ZPaymentMethodSchema, 3).optional(),
  kind: oneOrMany(ZPaymentTransactionKindSchema, 3).optional(),
  'kind[]': oneOrMany(ZPaymentTransactionKindSchema, 3).optional(),
  /** Created at or after / strictly before (ISO with an offset: the screen sends the company's local midnights). */
  'createdAt[after]': z.iso.datetime({ offset: true }).optional(),
  'createdAt[before]': z.iso.datetime({ offset: true }).optional(),
  /** Words of the invoice number or the customer's name or phone. */
  search: searchTextOf({ max: 100 }).optional(),
  customer: idRefOf('customers').optional(),
  paymentRequest: idRefOf('payment_requests').optional(),
  /** Super admins name the company they look at. */
  company: idRefOf('companies').optional(),
});

export const ZPaymentTransactionListQuerySchema = ZPaymentTransactionFilterSchema.extend({
  /** Keyset of the next page (view.next): older than this time, and at that very time a lower id. */
  'createdAt[strictly_before]': z.iso.datetime({ offset: true }).optional(),
  'id[lt]': decimalIntOf({ min: 1, max: Number.MAX_SAFE_INTEGER }).optional(),
  itemsPerPage: decimalIntOf({ min: 1, max: PAYMENT_TRANSACTIONS_PER_PAGE_MAX }).optional(),
  exactTotal: ZBooleanQueryParamSchema.optional(),
});
export type TPaymentTransactionListQuery = z.infer<typeof ZPaymentTransactionListQuerySchema>;

export const ZPaymentRefundSummarySchema = z.object({
  '@id': z.string(),
  id: z.number().int(),
  amountCents: z.number().int(),
  status: ZPaymentTransactionStatusSchema,
  createdAt: ZIsoDateTimeSchema,
});

/** A transaction as the list shows it: a sale carries its refunds and what may still be refunded. */
export const ZPaymentTransactionDetailSchema = ZPaymentTransactionSchema.extend({
  refunds: z.array(ZPaymentRefundSummarySchema),
  /** What a refund may still take back (0 for refunds, voids and failed sales). */
  refundableCents: z.number().int(),
}).meta({ id: 'PaymentTransactionDetail' });
export type TPaymentTransactionDetail = z.infer<typeof ZPaymentTransactionDetailSchema>;

/**
 * The filter's sums (first page only): approved sales, approved refunds, and net = sales − refunds. Null sums: more
 * than PAYMENT_TOTALS_CAP transactions match and exactTotal was not asked.
 */
export const ZPaymentTransactionTotalsSchema = z.object({
  salesCents: z.number().int().nullable(),
  refundsCents: z.number().int().nullable(),
  netCents: z.number().int().nullable(),
});
export type TPaymentTransactionTotals = z.infer<typeof ZPaymentTransactionTotalsSchema>;

/* ---- Refunds: POST /api/payment/transactions/{id}/refund ---- */

export const ZPaymentRefundBodySchema = z
  .strictObject({
    /** Omitted: all that remains. */
    amountCents: z
      .number('Amount must be whole cents.')
      .int('Amount must be whole cents.')
      .min(1, 'Amount must be above zero.')
      .max(MAX_MONEY_CENTS, 'Amount is too large.')
      .optional(),
    /** One UUID per refund attempt (made when the dialog opens): a double click or a retry refunds once. */
    idempotencyKey: z.uuid('Expected a UUID.').optional(),
  })
  .nullish();
export type TPaymentRefundBody = z.infer<typeof ZPaymentRefundBodySchema>;

export const PAYMENT_REFUND_EXCEEDS = 'payment_refund_exceeds_remaining';
export const PAYMENT_REFUND_NOT_REFUNDABLE = 'payment_refund_not_refundable';
export const PAYMENT_PROVIDER_FAILED = 'payment_provider_failed';
export const PAYMENT_NOT_SUPPORTED = 'payment_not_supported_by_provider';

/* ---- Terminals ---- */

/** GET /api/payment/terminals: the company's grid, those the caller may use (assignedTo holds 0 = all, or their id). */
export const ZPaymentTerminalSchema = z.object({ serial: z.string(), description: z.string() }).meta({ id: 'PaymentTerminal' });
export type TPaymentTerminal = z.infer<typeof ZPaymentTerminalSchema>;

export const ZTerminalSendBodySchema = z.strictObject({
  serial: z
    .string('Choose a terminal.')
    .trim()
    .min(1, 'Choose a terminal.')
    .max(100)
    .refine((v) => !hasControlCharacter(v), 'Choose a terminal.'),
});
export type TTerminalSendBody = z.infer<typeof ZTerminalSendBodySchema>;

export const TERMINAL_REQUEST_STATES = ['creating', 'pending', 'processing', 'complete', 'canceled', 'failed', 'timeout', 'error'] as const;
export type TTerminalRequestState = (typeof TERMINAL_REQUEST_STATES)[number];
export const RUNNING_TERMINAL_STATES: readonly TTerminalRequestState[] = ['creating', 'pending', 'processing'];

export const ZTerminalRequestSchema = z
  .object({
    '@id': z.string(),
    '@type': z.literal('PaymentTerminalRequest'),
    id: z.number().int(),
    paymentRequest: z.string(),
    terminalSerial: z.string(),
    state: z.enum(TERMINAL_REQUEST_STATES),
    /** The processor's words ("waiting for card dip"). */
    providerStatus: z.string(),
    amountCents: z.number().int(),
    /** The sale once complete (`/api/payment/transactions/{id}`). */
    transaction: z.string().nullable(),
    message: z.string().nullable(),
    createdAt: ZIsoDateTimeSchema,
    updatedAt: ZIsoDateTimeSchema,
    finishedAt: ZIsoDateTimeSchema.nullable(),
  })
  .meta({ id: 'PaymentTerminalRequest' });
export type TTerminalRequestResource = z.infer<typeof ZTerminalRequestSchema>;

export const TERMINAL_NOT_ASSIGNED = 'payment_terminal_not_assigned';
export const TERMINAL_BUSY = 'payment_terminal_busy';
export const PAYMENT_REQUEST_NOT_PAYABLE = 'payment_request_not_payable';

/* ---- Saved cards and recurring rules: /api/payment/recurring_rules ---- */

const plain = (max: number, label: string) =>
  z
    .string(`${label} must be text.`)
    .trim()
    .max(max, `${label} is at most ${max} characters.`)
    .refine((v) => !hasControlCharacter(v.replace(/\n/g, '')), `${label} must not contain control characters.`);

/** The customer's consent: their name as they gave it and the exact words they agreed to (who records it and when: the server). */
export const ZPaymentConsentSchema = z.strictObject({
  name: plain(200, 'Name').pipe(z.string().min(1, 'Who gave the consent is required.')),
  text: plain(2000, 'Consent text').pipe(z.string().min(20, 'Write the words the customer agreed to.')),
});
export type TPaymentConsent = z.infer<typeof ZPaymentConsentSchema>;

const amount = z
  .number('Amount must be whole cents.')
  .int('Amount must be whole cents.')
  .min(1, 'Amount must be above zero.')
  .max(MAX_MONEY_CENTS, 'Amount is too large.');
/** 1–28: every month has the day. */
const dayOfMonth = z.number('Day must be 1–28.').int('Day must be 1–28.').min(1, 'Day must be 1–28.').max(28, 'Day must be 1–28.');

/** A month of the company's calendar, 'YYYY-MM' (2000–2099): a rule's first or last month charged, inclusive. */
export const ZRuleMonthSchema = z.string('Month must be YYYY-MM.').regex(/^20[0-9]{2}-(0[1-9]|1[0-2])$/, 'Month must be YYYY-MM.');
export type TRuleMonth = z.infer<typeof ZRuleMonthSchema>;

/** 'YYYY-MM' strings compare as their months do. */
const monthsInOrder = (b: { startMonth?: string | null; endMonth?: string | null }) => !b.startMonth || !b.endMonth || b.endMonth >= b.startMonth;
const MONTHS_OUT_OF_ORDER = 'The end month must not be before the start month.';

/** A card's expiry as printed on it (month 1–12, four-digit year): a card past its month is not charged. */
export const ZCardExpirySchema = z.strictObject({
  month: z.number('Expiry month must be 1–12.').int('Expiry month must be 1–12.').min(1, 'Expiry month must be 1–12.').max(12, 'Expiry month must be 1–12.'),
  year: z
    .number('Expiry year must be 2000–2099.')
    .int('Expiry year must be 2000–2099.')
    .min(2000, 'Expiry year must be 2000–2099.')
    .max(2099, 'Expiry year must be 2000–2099.'),
});
export type TCardExpiry = z.infer<typeof ZCardExpirySchema>;

/**
 * POST: a new card (`paymentKey` from the hosted fields or the simulator's tokenising step; the first month is charged
 * at once and the card saved with it) or a card the customer saved before (`savedCard`).
 */
export const ZRecurringRuleCreateSchema = z
  .strictObject({
    customer: idRefOf('customers'),
    amountCents: amount,
    description: plain(200, 'Description').optional(),
    dayOfMonth,
    paymentKey: z.string().min(1).max(200).optional(),
    savedCard: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
    consent: ZPaymentConsentSchema,
    /** One UUID per attempt (a double click creates one rule and charges once). */
    idempotencyKey: z.uuid('Expected a UUID.'),
    /** First month charged (default: from now on); a later start charges nothing before it, not even a first month. */
    startMonth: ZRuleMonthSchema.optional(),
    /** Last month charged, inclusive (default: until cancelled). */
    endMonth: ZRuleMonthSchema.optional(),
    /** The new card's expiry (the card form knows it; the processor's sale does not say): kept with the saved card. */
    cardExpiry: ZCardExpirySchema.optional(),
  })
  .refine((b) => (b.paymentKey === undefined) !== (b.savedCard === undefined), { message: 'Give a new card or a saved card.', path: ['paymentKey'] })
  .refine(monthsInOrder, { message: MONTHS_OUT_OF_ORDER, path: ['endMonth'] });
export type TRecurringRuleCreate = z.infer<typeof ZRecurringRuleCreateSchema>;

/** New terms (amount, day) need the customer's consent to them again. */
export const ZRecurringRulePatchSchema = z
  .strictObject({
    amountCents: amount.optional(),
    dayOfMonth: dayOfMonth.optional(),
    description: plain(200, 'Description').optional(),
    enabled: z.boolean().optional(),
    consent: ZPaymentConsentSchema.optional(),
    /** null: no bound. New months are new terms: they need consent too. */
    startMonth: ZRuleMonthSchema.nullable().optional(),
    endMonth: ZRuleMonthSchema.nullable().optional(),
  })
  .refine(
    (b) => (b.amountCents === undefined && b.dayOfMonth === undefined && b.startMonth === undefined && b.endMonth === undefined) || b.consent !== undefined,
    { message: 'New terms need the customer’s consent.', path: ['consent'] },
  )
  .refine(monthsInOrder, { message: MONTHS_OUT_OF_ORDER, path: ['endMonth'] });
export type TRecurringRulePatch = z.infer<typeof ZRecurringRulePatchSchema>;

export const ZSavedCardSchema = z.object({
  '@id': z.string(),
  id: z.number().int(),
  cardBrand: ZCardBrandSchema.nullable(),
  cardLast4: z.string().nullable(),
  consentName: z.string(),
  consentAt: ZIsoDateTimeSchema,
  revokedAt: ZIsoDateTimeSchema.nullable(),
  /** Null when the processor never said (older cards, processors without expiry). */
  expiryMonth: z.number().int().nullable(),
  expiryYear: z.number().int().nullable(),
  /** Past its expiry month in the company's calendar now: its rules are skipped, staff are told. */
  expired: z.boolean(),
});
export type TSavedCard = z.infer<typeof ZSavedCardSchema>;

/**
 * What a rule does now, most telling first: cancelled (ended by staff or a failed first charge), card_revoked (its card
 * was revoked: never charged again, consent records kept), finished (past its end month), card_expired (skipped until a
 * new card), paused, scheduled (its start month is ahead), active.
 */
export const RECURRING_RULE_STATUSES = ['active', 'scheduled', 'paused', 'card_expired', 'card_revoked', 'finished', 'cancelled'] as const;
export type TRecurringRuleStatus = (typeof RECURRING_RULE_STATUSES)[number];

export const RECURRING_CHARGE_STATES = ['pending', 'approved', 'declined', 'error', 'unknown'] as const;

export const ZRecurringRuleSchema = z
  .object({
    '@id': z.string(),
    '@type': z.literal('RecurringRule'),
    id: z.number().int(),
    customer: z.object({ '@id': z.string(), id: z.number().int(), name: z.string() }),
    savedCard: ZSavedCardSchema,
    amountCents: z.number().int(),
    description: z.string(),
    dayOfMonth: z.number().int(),
    enabled: z.boolean(),
    nextChargeAt: ZIsoDateTimeSchema.nullable(),
    lastChargedAt: ZIsoDateTimeSchema.nullable(),
    failures: z.number().int(),
    consent: z.object({ name: z.string(), text: z.string(), at: ZIsoDateTimeSchema, recordedBy: z.string().nullable() }),
    /** The latest periods charged, newest first. */
    charges: z.array(
      z.object({
        period: z.string(),
        state: z.enum(RECURRING_CHARGE_STATES),
        amountCents: z.number().int(),
        transaction: z.string().nullable(),
        message: z.string().nullable(),
      }),
    ),
    createdAt: ZIsoDateTimeSchema,
    endedAt: ZIsoDateTimeSchema.nullable(),
    startMonth: ZRuleMonthSchema.nullable(),
    endMonth: ZRuleMonthSchema.nullable(),
    status: z.enum(RECURRING_RULE_STATUSES),
  })
  .meta({ id: 'RecurringRule' });
export type TRecurringRule = z.infer<typeof ZRecurringRuleSchema>;

export const ZRecurringRuleListQuerySchema = z.object({
  customer: idRefOf('customers').optional(),
  company: idRefOf('companies').optional(),
});

export const RECURRING_FIRST_CHARGE_FAILED = 'payment_recurring_first_charge_failed';
export const SAVED_CARD_NOT_FOUND = 'payment_saved_card_not_found';
/** A month skipped because the saved card is past its expiry (the charge row's message, the staff notice). */
export const RECURRING_CARD_EXPIRED = 'payment_recurring_card_expired';
/** A rule whose card was revoked cannot be resumed or changed (a new rule with a new card and consent is needed). */
export const RECURRING_CARD_REVOKED = 'payment_recurring_card_revoked';
/** A terminal approved less than asked: the partial authorization was voided (or, when the void failed, flagged). */
export const TERMINAL_PARTIAL_VOIDED = 'payment_terminal_partial_approval_voided';
export const TERMINAL_PARTIAL_NOT_VOIDED = 'payment_terminal_partial_approval_not_voided';

/* ---- POST /api/payment/saved_cards/{id}/revoke ---- */

/** The customer withdrew the card: never charged again; the consent given (who, words, when) is kept with it. */
export const ZSavedCardRevokeBodySchema = z.strictObject({}).nullish();
/** GET /api/payment/saved_cards: the cards a new rule may charge (not revoked), with their customer; newest first. */
export const ZSavedCardListQuerySchema = z.object({
  customer: idRefOf('customers').optional(),
  company: idRefOf('companies').optional(),
});
export const ZSavedCardListItemSchema = ZSavedCardSchema.extend({
  customer: z.object({ '@id': z.string(), id: z.number().int(), name: z.string() }),
});
export type TSavedCardListItem = z.infer<typeof ZSavedCardListItemSchema>;
/** At most this many in one answer (a company's active cards; the picker narrows by customer). */
export const SAVED_CARDS_LISTED = 200;

export const ZSavedCardRevokeResultSchema = z.object({ savedCard: ZSavedCardSchema, rulesStopped: z.number().int() });
export type TSavedCardRevokeResult = z.infer<typeof ZSavedCardRevokeResultSchema>;

/* ---- POST /api/payment/sync_customers ---- */

export const ZSyncCustomersBodySchema = z.strictObject({ company: idRefOf('companies') });
/** synced = saved cards imported this run; matched / unmatched = vault customers linked to one of ours or not. */
export const ZSyncCustomersResultSchema = z.object({
  provider: z.string(),
  synced: z.number().int(),
  matched: z.number().int(),
  unmatched: z.number().int(),
  message: z.string(),
});
export type TSyncCustomersResult = z.infer<typeof ZSyncCustomersResultSchema>;
