import { z } from 'zod';
import { decimalIntOf, idRefOf } from './ids';
import { MAX_MONEY_CENTS, MAX_QUANTITY_MILLI, QUANTITY_SCALE, TAX_RATE_SCALE, type TMoneyLine } from './payment-money';
import { hasControlCharacter, ZBooleanQueryParamSchema } from './query';
import { ZIsoDateTimeSchema } from './refs';
import { isValidPhone, toE164 } from './validators';

/**
 * Parts sales (issue 17; spec part 2 §3 "Parts", §7 /api/parts_customers, parts_sales, parts_statements,
 * parts_counter_tickets): trade accounts, their sales and counter tickets (lines in integer cents, totals by
 * payment-money.ts), and statements of a period sent with a payment link. docs/parts-and-accounting.md.
 */

export const PARTS_TICKET_KINDS = ['sale', 'counter_ticket'] as const;
export type TPartsTicketKind = (typeof PARTS_TICKET_KINDS)[number];
export const PARTS_TICKET_STATUSES = ['unpaid', 'paid'] as const;
export type TPartsTicketStatus = (typeof PARTS_TICKET_STATUSES)[number];
export const PARTS_STATEMENT_STATUSES = ['open', 'sent', 'paid'] as const;
export type TPartsStatementStatus = (typeof PARTS_STATEMENT_STATUSES)[number];

/** The route (and IRI) segment of each kind. */
export const PARTS_TICKET_RESOURCE: Record<TPartsTicketKind, 'parts_sales' | 'parts_counter_tickets'> = {
  sale: 'parts_sales',
  counter_ticket: 'parts_counter_tickets',
};
export const PARTS_TICKET_TYPE: Record<TPartsTicketKind, 'PartsSale' | 'PartsCounterTicket'> = { sale: 'PartsSale', counter_ticket: 'PartsCounterTicket' };

export const PARTS_LINES_MAX = 200;
export const PARTS_TERMS_MAX_DAYS = 365;
export const PARTS_LIST_MAX = 200;
/** `pagination=false` answers at most this many (a picker's list, never a scan of everything). */
export const PARTS_UNPAGED_MAX = 1000;
export const PARTS_STATEMENT_MAX_DAYS = 366;

export const PARTS_MESSAGES = {
  noTickets: 'This customer has no unpaid tickets in this period that are not already on a statement or sent.',
  notLinked: 'Link this parts customer to a messaging customer before sending texts.',
  alreadyPaid: 'This is already paid.',
  onStatement: 'This ticket is on a statement: send the statement instead.',
  alreadySent: 'A payment link for this is already pending.',
  notPositive: 'Only a positive amount can be sent for payment.',
  statementSent: 'A statement already sent cannot be deleted.',
  customerInUse: 'This parts customer has tickets and cannot be deleted.',
  duplicateNumber: 'A ticket with this number already exists.',
  periodTooLong: `A statement covers at most ${PARTS_STATEMENT_MAX_DAYS} days.`,
  periodReversed: 'The period ends before it starts.',
} as const;

/** Names, numbers, references: trimmed, bounded, no control characters. */
function textOf(opts: { min?: number; max: number }) {
  return z
    .string()
    .trim()
    .min(opts.min ?? 0, 'This value should not be blank.')
    .max(opts.max, `At most ${opts.max} characters.`)
    .refine((v) => !hasControlCharacter(v), 'This value holds a control character.');
}

/** A calendar day YYYY-MM-DD that exists. */
export const ZPartsDaySchema = z
  .string('Expected a date YYYY-MM-DD.')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date YYYY-MM-DD.')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'This date does not exist.');

/* ---- Parts customers ---- */

const customerFields = {
  name: textOf({ min: 1, max: 200 }),
  contactName: textOf({ max: 200 }),
  phone: z
    .string()
    .trim()
    .max(40, 'This phone number is not valid.')
    .refine((v) => v === '' || isValidPhone(v), 'This phone number is not valid.')
    .transform((v) => (v === '' ? '' : toE164(v)))
    .nullable(),
  email: z.union([z.email('This email is not valid.').trim().max(254), z.literal('')]).nullable(),
  termsDays: z.number().int('Whole days.').min(0).max(PARTS_TERMS_MAX_DAYS),
  customerReference: textOf({ max: 60 }),
  /** The messaging customer texts go to (a payment link needs one). */
  customer: idRefOf('customers').nullable(),
};

export const ZPartsCustomerCreateSchema = z.strictObject({
  name: customerFields.name,
  contactName: customerFields.contactName.optional(),
  phone: customerFields.phone.optional(),
  email: customerFields.email.optional(),
  termsDays: customerFields.termsDays.optional(),
  customerReference: customerFields.customerReference.optional(),
  customer: customerFields.customer.optional(),
});
export type TPartsCustomerCreate = z.infer<typeof ZPartsCustomerCreateSchema>;
export const ZPartsCustomerPatchSchema = z.strictObject(customerFields).partial();
export type TPartsCustomerPatch = z.infer<typeof ZPartsCustomerPatchSchema>;

export const ZPartsCustomerSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('PartsCustomer'),
  id: z.number().int(),
  name: z.string(),
  contactName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  termsDays: z.number().int(),
  customerReference: z.string(),
  customer: z.string().nullable(),
  /** Unpaid tickets' total (credits subtract). */
  balanceCents: z.number().int(),
  /** Unpaid tickets dated more than termsDays ago. */
  overdueCents: z.number().int(),
  createdAt: ZIsoDateTimeSchema,
  updatedAt: ZIsoDateTimeSchema,
});
export type TPartsCustomer = z.infer<typeof ZPartsCustomerSchema>;

/** Lists: keyset by creation time (newest first), or `pagination=false` (by name, capped). */
const ZListQueryBase = {
  pagination: z.enum(['true', 'false']).optional(),
  itemsPerPage: decimalIntOf({ min: 1, max: PARTS_LIST_MAX }).optional(),
  'createdAt[strictly_before]': z.iso.datetime({ offset: true }).optional(),
  'id[lt]': decimalIntOf({ min: 1, max: Number.MAX_SAFE_INTEGER }).optional(),
};
export const ZPartsCustomerListQuerySchema = z.object({ ...ZListQueryBase, name: textOf({ max: 100 }).optional() });
export type TPartsCustomerListQuery = z.infer<typeof ZPartsCustomerListQuerySchema>;

/* ---- Lines, sales and counter tickets ---- */

const quantityMessage = 'A quantity above 0 with at most 3 decimals.';
export const ZPartsLineInputSchema = z.strictObject({
  partNumber: textOf({ max: 60 }),
  description: textOf({ max: 500 }),
  quantity: z
    .number(quantityMessage)
    .positive(quantityMessage)
    .max(MAX_QUANTITY_MILLI / QUANTITY_SCALE, quantityMessage)
    .refine((q) => Math.abs(q * QUANTITY_SCALE - Math.round(q * QUANTITY_SCALE)) < 1e-6, quantityMessage),
  /** Negative for a discount or a returned part. */
  unitPriceCents: z.number().int('Whole cents.').min(-MAX_MONEY_CENTS).max(MAX_MONEY_CENTS),
  /** Percent, up to 3 decimals (8.875). */
  taxRate: z
    .number()
    .min(0)
    .max(100)
    .refine((r) => Math.abs(r * TAX_RATE_SCALE - Math.round(r * TAX_RATE_SCALE)) < 1e-6, 'At most 3 decimals.')
    .nullable()
    .optional(),
  /** The line's tax as printed (wins over the rate). */
  taxCents: z.number().int('Whole cents.').min(-MAX_MONEY_CENTS).max(MAX_MONEY_CENTS).nullable().optional(),
});
export type TPartsLineInput = z.infer<typeof ZPartsLineInputSchema>;

/** A typed line as payment-money.ts reads it (quantity and rate as integer thousandths). */
export function moneyLineOf(line: TPartsLineInput): TMoneyLine {
  return {
    name: line.description || line.partNumber,
    unitPriceCents: line.unitPriceCents,
    quantityMilli: Math.round(line.quantity * QUANTITY_SCALE),
    taxRateMilli: line.taxRate === null || line.taxRate === undefined ? null : Math.round(line.taxRate * TAX_RATE_SCALE),
    taxCents: line.taxCents ?? null,
  };
}

export const ZPartsTicketCreateSchema = z.strictObject({
  customer: idRefOf('parts_customers'),
  /** Given by the counter or the DMS; numbered by the server when absent. */
  number: textOf({ min: 1, max: 40 }).optional(),
  date: ZPartsDaySchema.optional(),
  notes: textOf({ max: 2000 }).optional(),
  lines: z.array(ZPartsLineInputSchema).min(1, 'Add at least one line.').max(PARTS_LINES_MAX, `At most ${PARTS_LINES_MAX} lines.`),
});
export type TPartsTicketCreate = z.infer<typeof ZPartsTicketCreateSchema>;

export const ZPartsLineSchema = z.object({
  partNumber: z.string(),
  description: z.string(),
  quantity: z.number(),
  unitPriceCents: z.number().int(),
  taxRate: z.number().nullable(),
  netCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
});
export type TPartsLine = z.infer<typeof ZPartsLineSchema>;

export const ZPartsTicketSchema = z.object({
  '@id': z.string(),
  '@type': z.enum(['PartsSale', 'PartsCounterTicket']),
  id: z.number().int(),
  kind: z.enum(PARTS_TICKET_KINDS),
  number: z.string(),
  date: z.string(),
  customer: z.string(),
  customerName: z.string(),
  notes: z.string(),
  lines: z.array(ZPartsLineSchema),
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  status: z.enum(PARTS_TICKET_STATUSES),
  statement: z.string().nullable(),
  paymentRequest: z.string().nullable(),
  sentAt: ZIsoDateTimeSchema.nullable(),
  paidAt: ZIsoDateTimeSchema.nullable(),
  createdAt: ZIsoDateTimeSchema,
});
export type TPartsTicket = z.infer<typeof ZPartsTicketSchema>;

export const ZPartsTicketListQuerySchema = z.object({
  ...ZListQueryBase,
  customer: idRefOf('parts_customers').optional(),
  status: z.enum(PARTS_TICKET_STATUSES).optional(),
  'exists[statement]': ZBooleanQueryParamSchema.optional(),
});
export type TPartsTicketListQuery = z.infer<typeof ZPartsTicketListQuerySchema>;

/* ---- Statements ---- */

export const ZPartsStatementCreateSchema = z
  .strictObject({ customer: idRefOf('parts_customers'), from: ZPartsDaySchema, to: ZPartsDaySchema })
  .refine((v) => v.from <= v.to, { message: PARTS_MESSAGES.periodReversed, path: ['to'] })
  .refine((v) => (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 < PARTS_STATEMENT_MAX_DAYS, { message: PARTS_MESSAGES.periodTooLong, path: ['to'] });
export type TPartsStatementCreate = z.infer<typeof ZPartsStatementCreateSchema>;

export const ZPartsStatementSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('PartsStatement'),
  id: z.number().int(),
  number: z.string(),
  customer: z.string(),
  customerName: z.string(),
  customerReference: z.string(),
  from: z.string(),
  to: z.string(),
  amountCents: z.number().int(),
  status: z.enum(PARTS_STATEMENT_STATUSES),
  tickets: z.array(
    z.object({ '@id': z.string(), id: z.number().int(), kind: z.enum(PARTS_TICKET_KINDS), number: z.string(), date: z.string(), totalCents: z.number().int() }),
  ),
  paymentRequest: z.string().nullable(),
  sentAt: ZIsoDateTimeSchema.nullable(),
  paidAt: ZIsoDateTimeSchema.nullable(),
  createdAt: ZIsoDateTimeSchema,
});
export type TPartsStatement = z.infer<typeof ZPartsStatementSchema>;

export const ZPartsStatementListQuerySchema = z.object({
  ...ZListQueryBase,
  customer: idRefOf('parts_customers').optional(),
  status: z.enum(PARTS_STATEMENT_STATUSES).optional(),
});
export type TPartsStatementListQuery = z.infer<typeof ZPartsStatementListQuerySchema>;

/* ---- Import (Excel / CSV) ---- */

export const PARTS_IMPORT_KINDS = ['customers', 'tickets'] as const;
export type TPartsImportKind = (typeof PARTS_IMPORT_KINDS)[number];
export const PARTS_IMPORT_MAX_ROWS = 5000;

export const ZPartsImportResultSchema = z.object({
  kind: z.enum(PARTS_IMPORT_KINDS),
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), reasons: z.array(z.string()) })),
});
export type TPartsImportResult = z.infer<typeof ZPartsImportResultSchema>;
