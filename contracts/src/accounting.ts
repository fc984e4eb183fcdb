import { z } from 'zod';
import { ZDaySchema } from './appointment';
import { ZPhoneSchema } from './company';
import { decimalIntOf, idRefOf, ZIdStringSchema } from './ids';
import { MAX_MONEY_CENTS } from './payment-money';
import { ZIsoDateTimeSchema } from './refs';

/**
 * Accounts receivable (issue 17; spec part 2 §3 "Accounting", §7): charge customers (trade accounts), their
 * transactions (imported from the DMS export as Excel/CSV) and statements made of unreconciled transactions.
 * Amounts are integer cents; a transaction's amount is signed (an invoice is positive, a payment or credit negative).
 * docs/parts-and-accounting.md, "Accounts receivable".
 */

export const AR_STATEMENT_STATUSES = ['open', 'sent', 'paid'] as const;
export type TArStatementStatus = (typeof AR_STATEMENT_STATUSES)[number];

/** Aging buckets by days since the transaction's day (company time zone): 0–29, 30–59, 60–89, 90 and more. */
export const AR_AGING_BUCKETS = ['current', 'days30', 'days60', 'days90'] as const;
export type TArAgingBucket = (typeof AR_AGING_BUCKETS)[number];

/** The bucket of a transaction `ageDays` old (a future-dated one counts as current). */
export function agingBucketOf(ageDays: number): TArAgingBucket {
  if (ageDays >= 90) return 'days90';
  if (ageDays >= 60) return 'days60';
  if (ageDays >= 30) return 'days30';
  return 'current';
}

/** At most this many transactions in one statement (one PDF, one payment request). */
export const AR_STATEMENT_MAX_TRANSACTIONS = 500;
/** Rows of one import file; larger exports are split by period. */
export const AR_IMPORT_MAX_ROWS = 20_000;
/** Row errors listed in an import's answer (the count is exact). */
export const AR_IMPORT_MAX_ERRORS = 100;

/** 422 messages the screen translates. */
export const AR_MESSAGES = {
  accountNumberUsed: 'account_number_already_used',
  transactionNotFound: 'transaction_not_found',
  transactionNotOfCustomer: 'transaction_not_of_customer',
  transactionUnavailable: 'transaction_reconciled_or_in_statement',
  transactionOutsidePeriod: 'transaction_outside_period',
  amountMismatch: 'statement_amount_mismatch',
  nothingToPay: 'statement_nothing_to_pay',
  noMessagingCustomer: 'charge_customer_has_no_messaging_customer',
  statementPaid: 'statement_already_paid',
} as const;

const ZCentsSchema = z.number().int().min(-MAX_MONEY_CENTS).max(MAX_MONEY_CENTS);

export const ZArAgingSchema = z.object({
  current: z.number().int(),
  days30: z.number().int(),
  days60: z.number().int(),
  days90: z.number().int(),
  total: z.number().int(),
});
export type TArAging = z.infer<typeof ZArAgingSchema>;

export const ZChargeCustomerSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('ChargeCustomer'),
  id: z.number().int(),
  name: z.string(),
  accountNumber: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** The messaging customer statements are texted to (`/api/customers/{id}`), or null. */
  customer: z.string().nullable(),
  customerName: z.string().nullable(),
  /** Unreconciled transactions by age; `total` is the balance owed. */
  aging: ZArAgingSchema,
  openTransactions: z.number().int(),
  createdAt: ZIsoDateTimeSchema,
  updatedAt: ZIsoDateTimeSchema,
});
export type TChargeCustomer = z.infer<typeof ZChargeCustomerSchema>;

const text = (max: number) => z.string().trim().min(1, 'This value should not be blank.').max(max);
const ZEmailSchema = z.string().trim().max(200).pipe(z.email('Expected an e-mail address.'));

export const ZChargeCustomerCreateSchema = z.strictObject({
  name: text(200),
  accountNumber: text(50),
  phone: ZPhoneSchema.nullable().optional(),
  email: ZEmailSchema.nullable().optional(),
  customer: idRefOf('customers').nullable().optional(),
  company: idRefOf('companies').optional(),
});
export type TChargeCustomerCreate = z.infer<typeof ZChargeCustomerCreateSchema>;

export const ZChargeCustomerPatchSchema = ZChargeCustomerCreateSchema.omit({ company: true }).partial();
export type TChargeCustomerPatch = z.infer<typeof ZChargeCustomerPatchSchema>;

export const ZChargeCustomerListQuerySchema = z.object({
  page: decimalIntOf({ min: 1, max: 100000 }).default(1),
  itemsPerPage: decimalIntOf({ min: 1, max: 200 }).optional(),
  search: z.string().max(100).optional(),
  company: ZIdStringSchema.optional(),
});
export type TChargeCustomerListQuery = z.infer<typeof ZChargeCustomerListQuerySchema>;

export const ZArTransactionSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('Transaction'),
  id: z.number().int(),
  customer: z.string(),
  documentNumber: z.string(),
  transactionNumber: z.string(),
  sequenceNumber: z.number().int(),
  transactionAt: ZIsoDateTimeSchema,
  amount: ZCentsSchema,
  journal: z.string(),
  source: z.string(),
  reconciled: z.boolean(),
  inStatement: z.boolean(),
  statement: z.string().nullable(),
});
export type TArTransaction = z.infer<typeof ZArTransactionSchema>;

const ZBoolQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

/** Newest first; `before` is the `cursor` of the last row shown (`<transactionAt ISO>_<id>`), for the next page. */
export const ZArTransactionListQuerySchema = z.object({
  customer: idRefOf('charge_customers'),
  reconciled: ZBoolQuery.optional(),
  inStatement: ZBoolQuery.optional(),
  before: z
    .string()
    .max(60)
    .regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z_[1-9]\d{0,15}$/, 'Expected <ISO time>_<id>.')
    .optional(),
  itemsPerPage: decimalIntOf({ min: 1, max: 200 }).optional(),
});
export type TArTransactionListQuery = z.infer<typeof ZArTransactionListQuerySchema>;

export const ZArStatementSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('Statement'),
  id: z.number().int(),
  customer: z.string(),
  customerName: z.string(),
  accountNumber: z.string(),
  from: ZDaySchema,
  to: ZDaySchema,
  /** Integer cents: the sum of the statement's transactions. */
  amount: ZCentsSchema,
  transactionCount: z.number().int(),
  /** IRIs of the transactions (detail only; lists leave it empty). */
  transactions: z.array(z.string()),
  status: z.enum(AR_STATEMENT_STATUSES),
  paymentRequest: z.string().nullable(),
  sentAt: ZIsoDateTimeSchema.nullable(),
  paidAt: ZIsoDateTimeSchema.nullable(),
  createdAt: ZIsoDateTimeSchema,
  pdfUrl: z.string(),
});
export type TArStatement = z.infer<typeof ZArStatementSchema>;

/** POST /api/automotive/statements (spec §7: customer, from, to, amount, transactions). */
export const ZArStatementCreateSchema = z
  .strictObject({
    customer: idRefOf('charge_customers'),
    from: ZDaySchema,
    to: ZDaySchema,
    /** Integer cents; must equal the sum of the transactions (the screen's figure, checked against the stored one). */
    amount: ZCentsSchema,
    transactions: z
      .array(idRefOf('automotive/transactions'))
      .min(1, 'Choose at least one transaction.')
      .max(AR_STATEMENT_MAX_TRANSACTIONS)
      .refine((ids) => new Set(ids).size === ids.length, 'A transaction is listed twice.'),
    company: idRefOf('companies').optional(),
  })
  .refine((v) => v.from <= v.to, { path: ['to'], message: 'The end of the period cannot be before its start.' });
export type TArStatementCreate = z.infer<typeof ZArStatementCreateSchema>;

export const ZArStatementListQuerySchema = z.object({
  customer: idRefOf('charge_customers').optional(),
  'createdAt[strictly_before]': ZIsoDateTimeSchema.optional(),
  itemsPerPage: decimalIntOf({ min: 1, max: 100 }).optional(),
  company: ZIdStringSchema.optional(),
});
export type TArStatementListQuery = z.infer<typeof ZArStatementListQuerySchema>;

export const ZArAgingSummarySchema = z.object({
  asOf: ZDaySchema,
  total: ZArAgingSchema,
  customers: z.number().int(),
});
export type TArAgingSummary = z.infer<typeof ZArAgingSummarySchema>;

export const ZArImportResultSchema = z.object({
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Rows whose transaction is already in a statement or reconciled: left as they are. */
  locked: z.number().int(),
  customersCreated: z.number().int(),
  errorCount: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), message: z.string() })),
});
export type TArImportResult = z.infer<typeof ZArImportResultSchema>;
