import { z } from 'zod';
import { decimalIntOf, idRefOf } from './ids';
import { hasControlCharacter, searchTextOf, ZBooleanQueryParamSchema } from './query';
import { ZIsoDateTimeSchema } from './refs';
import { ZRepairOrderLineSchema } from './repair-order-line';
import { ZVehicleSummarySchema } from './vehicle';
export { REPAIR_ORDER_LIVE_ENTITIES } from './repair-order-constants';

/**
 * Repair orders (spec part 2 §3, §4, §5, §7; issue 13). Two things are called "status" in the spec: the work status a
 * person sets (new, in progress, on hold, completed: `status`) and whether the order is open or closed (`state`,
 * derived from closedAt).
 */
export const REPAIR_ORDER_STATUSES = ['new', 'in_progress', 'on_hold', 'completed'] as const;
export const ZRepairOrderStatusSchema = z.enum(REPAIR_ORDER_STATUSES);
export type TRepairOrderStatus = z.infer<typeof ZRepairOrderStatusSchema>;

/** i18n keys of the work statuses ("new", "in progress", "on hold", "completed"). */
export const REPAIR_ORDER_STATUS_LABEL_KEYS: Readonly<Record<TRepairOrderStatus, string>> = {
  new: 'repair_order_status_new',
  in_progress: 'repair_order_status_in_progress',
  on_hold: 'repair_order_status_on_hold',
  completed: 'repair_order_status_completed',
};

/** Spec part 2 §4: open until closedAt is set; `unknown` labels an order whose state a client cannot tell (no data yet). */
export const REPAIR_ORDER_STATES = ['open', 'closed', 'unknown'] as const;
export type TRepairOrderState = (typeof REPAIR_ORDER_STATES)[number];
export const REPAIR_ORDER_STATE_LABEL_KEYS: Readonly<Record<TRepairOrderState, string>> = {
  open: 'repair_order_state_open',
  closed: 'repair_order_state_closed',
  unknown: 'repair_order_state_unknown',
};

/** Open until closedAt is set. */
export function repairOrderStateOf(order: { closedAt: string | Date | null }): Exclude<TRepairOrderState, 'unknown'> {
  return order.closedAt === null ? 'open' : 'closed';
}

/** Spec part 2 §8: the exact message of the refusal to close an order while a line is still open. */
export const REPAIR_ORDER_LINES_NOT_CLOSED = 'Not all service items are closed';
/** The order number is unique per company (spec part 2 §5): the message of the 422 on a second order with it. */
export const REPAIR_ORDER_NUMBER_TAKEN = 'number_already_used';
/** PUT /send_survey when the company has no survey text (`{survey_url}`) configured: a 409 with this message. */
export const SURVEY_NOT_CONFIGURED = 'Surveys are not configured for this company.';

export const REPAIR_ORDER_NUMBER_MAX = 50;
export const REPAIR_ORDER_TITLE_MAX = 200;
export const REPAIR_ORDER_DESCRIPTION_MAX = 5000;
export const REPAIR_ORDER_TYPE_MAX = 50;
export const REPAIR_ORDER_PRICE_MAX_CENTS = 100_000_000; // $1,000,000.00: beyond it, a typo
/** Spec part 2 §9: repair orders per customer, 10 open per page; `per_page` may ask for up to 50. */
export const REPAIR_ORDERS_PER_PAGE = 10;
export const REPAIR_ORDERS_PER_PAGE_MAX = 50;

const orderFields = {
  /** The dealership's order number (from the DMS or typed): required, unique per company. */
  number: z
    .string('number_is_required')
    .trim()
    .min(1, 'number_is_required')
    .max(REPAIR_ORDER_NUMBER_MAX, 'number_is_too_long')
    .refine((v) => !hasControlCharacter(v), 'number_is_not_valid'),
  title: z.string('title_is_required').trim().min(1, 'title_is_required').max(REPAIR_ORDER_TITLE_MAX),
  description: z.string().trim().max(REPAIR_ORDER_DESCRIPTION_MAX).nullable(),
  /** Cents, required and not negative (spec part 2 §5). */
  price: z.number('price_is_required').int('The price is in whole cents.').min(0, 'The price cannot be negative.').max(REPAIR_ORDER_PRICE_MAX_CENTS),
  /** Pay type as the DMS names it (customer pay, warranty, internal…); free text, not interpreted. */
  type: z.string().trim().max(REPAIR_ORDER_TYPE_MAX).nullable(),
  status: ZRepairOrderStatusSchema,
  vehicle: idRefOf('vehicles').nullable(),
  /** Users flagged advisor / mechanic (the service checks the flags: a user is never both). */
  serviceAdvisor: idRefOf('users').nullable(),
  mechanic: idRefOf('users').nullable(),
  openedAt: z.iso.datetime({ offset: true }),
  promisedAt: z.iso.datetime({ offset: true }).nullable(),
};

/** Refusals that need two fields at once. */
function checkOrderPair(
  order: { serviceAdvisor?: number | null; mechanic?: number | null; openedAt?: string; promisedAt?: string | null },
  ctx: z.RefinementCtx,
) {
  if (order.serviceAdvisor != null && order.serviceAdvisor === order.mechanic)
    ctx.addIssue({ code: 'custom', path: ['mechanic'], message: 'A user cannot be both mechanic and advisor.' });
  if (order.openedAt && order.promisedAt && Date.parse(order.promisedAt) < Date.parse(order.openedAt))
    ctx.addIssue({ code: 'custom', path: ['promisedAt'], message: 'promised_time_before_opening' });
}

export const ZRepairOrderCreateSchema = z
  .strictObject({
    ...orderFields,
    customer: idRefOf('customers'),
    description: orderFields.description.optional(),
    type: orderFields.type.optional(),
    status: orderFields.status.default('new'),
    vehicle: orderFields.vehicle.optional(),
    serviceAdvisor: orderFields.serviceAdvisor.optional(),
    mechanic: orderFields.mechanic.optional(),
    /** Now when not given. */
    openedAt: orderFields.openedAt.optional(),
    promisedAt: orderFields.promisedAt.optional(),
  })
  .superRefine(checkOrderPair);
export type TRepairOrderCreate = z.infer<typeof ZRepairOrderCreateSchema>;

/**
 * Merge-patch body of PATCH /api/repair_orders/{id}: changed fields only, null clears an optional one. The customer
 * never changes (the order's texts went to that customer's thread), and closing has its own call (PUT …/close).
 */
export const ZRepairOrderPatchSchema = z.strictObject(orderFields).partial().superRefine(checkOrderPair);
export type TRepairOrderPatch = z.infer<typeof ZRepairOrderPatchSchema>;

/** GET /api/repair_orders filters (spec part 2 §7); page and itemsPerPage come with the common page query. */
export const ZRepairOrderListQuerySchema = z.object({
  customer: idRefOf('customers').optional(),
  vehicle: idRefOf('vehicles').optional(),
  status: ZRepairOrderStatusSchema.optional(),
  /** false: open orders only; true: closed ones only. */
  'exists[closedAt]': ZBooleanQueryParamSchema.optional(),
  /** true: a survey was requested for the order; false: none yet. */
  'exists[survey]': ZBooleanQueryParamSchema.optional(),
  /** Page size; REPAIR_ORDERS_PER_PAGE when not given. */
  per_page: decimalIntOf({ min: 1, max: REPAIR_ORDERS_PER_PAGE_MAX }).optional(),
  /** Search by order number or customer name or phone. */
  q: searchTextOf({ max: 100 }).optional(),
  /** The total is counted up to a cap (`totalItemsAtLeast` above it); true counts every match. */
  exactTotal: ZBooleanQueryParamSchema.optional(),
});
export type TRepairOrderListQuery = z.infer<typeof ZRepairOrderListQuerySchema>;

/** The conversation panel's three lists (spec part 1 §4, part 2 §4) and the filters that fetch each. */
export const REPAIR_ORDER_PANEL_LISTS = {
  open: { 'exists[closedAt]': 'false' },
  closedWithSurvey: { 'exists[closedAt]': 'true', 'exists[survey]': 'true' },
  closedWithoutSurvey: { 'exists[closedAt]': 'true', 'exists[survey]': 'false' },
} as const;
export type TRepairOrderPanelList = keyof typeof REPAIR_ORDER_PANEL_LISTS;

/** Which panel list an order belongs in (a live update moves it: closing, then sending the survey). */
export function repairOrderPanelListOf(order: { closedAt: string | Date | null; survey: string | null }): TRepairOrderPanelList {
  if (order.closedAt === null) return 'open';
  return order.survey === null ? 'closedWithoutSurvey' : 'closedWithSurvey';
}

/** A staff member named on an order. */
export const ZStaffRefSchema = z.object({ '@id': z.string(), id: z.number().int(), name: z.string() });

/** Where the order stands with the dealer system (vendor as in the company's dms settings). */
const dmsFields = {
  /** Last successful import or push; null for an order that never met the DMS. */
  dmsSyncedAt: ZIsoDateTimeSchema.nullable(),
  dmsVendor: z.enum(['vendor_a', 'vendor_b']).nullable(),
  /** The vendor's key for the order, when it came from or went to the DMS. */
  dmsKey: z.string().nullable(),
  /** Pushes waiting for the DMS (down, or retrying): the order screen shows them. */
  dmsPendingPushes: z.number().int().min(0),
  /** The last push error in words, while pushes wait. */
  dmsLastError: z.string().nullable(),
};

/** A repair order as the API answers it. */
export const ZRepairOrderSchema = z
  .object({
    '@id': z.string(),
    '@type': z.literal('RepairOrder'),
    id: z.number().int(),
    number: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    price: z.number().int(),
    type: z.string().nullable(),
    status: ZRepairOrderStatusSchema,
    state: z.enum(['open', 'closed']),
    /** `/api/customers/{id}`. */
    customer: z.string(),
    vehicle: ZVehicleSummarySchema.nullable(),
    serviceAdvisor: ZStaffRefSchema.nullable(),
    mechanic: ZStaffRefSchema.nullable(),
    openedAt: ZIsoDateTimeSchema,
    promisedAt: ZIsoDateTimeSchema.nullable(),
    closedAt: ZIsoDateTimeSchema.nullable(),
    vehicleReadySentAt: ZIsoDateTimeSchema.nullable(),
    /** When a survey was asked for (PUT …/send_survey or the automation). */
    surveyRequestedAt: ZIsoDateTimeSchema.nullable(),
    /** `/api/surveys/{id}` once a survey exists (the surveys module). */
    survey: z.string().nullable(),
    repairOrderLines: z.array(ZRepairOrderLineSchema),
    /** `/api/payment_requests/{id}` (the payments module). */
    paymentRequests: z.array(z.string()),
    ...dmsFields,
    createdAt: ZIsoDateTimeSchema,
    updatedAt: ZIsoDateTimeSchema,
  })
  .meta({ id: 'RepairOrder' });
export type TRepairOrder = z.infer<typeof ZRepairOrderSchema>;

/** The short form on the customer resource (`lastOpenRepairOrder`, `lastClosedRepairOrder`, spec part 1 §3). */
export const ZRepairOrderSummarySchema = z.object({
  '@id': z.string(),
  id: z.number().int(),
  number: z.string(),
  title: z.string(),
  status: ZRepairOrderStatusSchema,
  openedAt: ZIsoDateTimeSchema,
  promisedAt: ZIsoDateTimeSchema.nullable(),
  closedAt: ZIsoDateTimeSchema.nullable(),
  vehicleReadySentAt: ZIsoDateTimeSchema.nullable(),
  survey: z.string().nullable(),
});
export type TRepairOrderSummary = z.infer<typeof ZRepairOrderSummarySchema>;
