import { z } from 'zod';
import { idRefOf, iriOf, ZIdNumberSchema } from './ids';
import { ZMediaObjectSchema } from './media';
import { searchTextOf } from './query';
import { ZIsoDateTimeSchema } from './refs';

/**
 * Repair order lines (service items) and the customer's approval of them (spec part 2 §3, §4, §7; issue 13).
 * A line starts `pending`; the customer approves or denies it on the approval page, or the shop rejects it
 * (withdrawn: part not available, no longer needed). Only pending lines are open: an order closes once none is left.
 */
export const REPAIR_ORDER_LINE_STATUSES = ['pending', 'approved', 'denied', 'rejected'] as const;
export const ZRepairOrderLineStatusSchema = z.enum(REPAIR_ORDER_LINE_STATUSES);
export type TRepairOrderLineStatus = z.infer<typeof ZRepairOrderLineStatusSchema>;

/** i18n keys of the line states, as the order screen and the public pages label them. */
export const REPAIR_ORDER_LINE_STATUS_LABEL_KEYS: Readonly<Record<TRepairOrderLineStatus, string>> = {
  pending: 'repair_order_line_status_pending',
  approved: 'repair_order_line_status_approved',
  denied: 'repair_order_line_status_denied',
  rejected: 'repair_order_line_status_rejected',
};

/** What the customer may answer on the approval page. */
export const LINE_DECISIONS = ['approved', 'denied'] as const;
export type TLineDecision = (typeof LINE_DECISIONS)[number];

export const LINE_DESCRIPTION_MAX = 2000;
export const LINE_PRICE_MAX_CENTS = 100_000_000; // $1,000,000.00: beyond it, a typo
export const LINE_FILES_MAX = 10;
/** More lines than this in one approval answer is not a person answering. */
export const APPROVAL_ANSWERS_MAX = 100;

const lineFields = {
  description: z.string('description_is_required').trim().min(1, 'description_is_required').max(LINE_DESCRIPTION_MAX),
  /** Cents (the form takes dollars and converts with `dollarsToCents`). */
  price: z.number('price_is_required').int('The price is in whole cents.').min(0, 'The price cannot be negative.').max(LINE_PRICE_MAX_CENTS),
  status: ZRepairOrderLineStatusSchema,
  /** Photos and documents: media objects uploaded with entityName RepairOrderLine. */
  files: z.array(iriOf('media_objects', 'Must be a media object reference.')).max(LINE_FILES_MAX),
};

export const ZRepairOrderLineCreateSchema = z.strictObject({
  repairOrder: idRefOf('repair_orders'),
  ...lineFields,
  status: lineFields.status.optional(),
  files: lineFields.files.optional(),
  /** An open deferred recommendation of the order's vehicle this line takes up (it is then marked added). */
  fromRecommendation: idRefOf('vehicle_recommendations').optional(),
});
export type TRepairOrderLineCreate = z.infer<typeof ZRepairOrderLineCreateSchema>;

/** Merge-patch body of PATCH /api/repair_order_lines/{id}; a line never moves to another order. */
export const ZRepairOrderLinePatchSchema = z.strictObject(lineFields).partial();
export type TRepairOrderLinePatch = z.infer<typeof ZRepairOrderLinePatchSchema>;

/** Who settled a line: the customer on the approval page, a staff member, or the DMS import. */
export const LINE_DECIDERS = ['customer', 'staff', 'dms'] as const;

/** A line as the API answers it. */
export const ZRepairOrderLineSchema = z
  .object({
    '@id': z.string(),
    '@type': z.literal('RepairOrderLine'),
    id: z.number().int(),
    /** `/api/repair_orders/{id}`. */
    repairOrder: z.string(),
    description: z.string(),
    price: z.number().int(),
    status: ZRepairOrderLineStatusSchema,
    files: z.array(ZMediaObjectSchema),
    decidedAt: ZIsoDateTimeSchema.nullable(),
    decidedBy: z.enum(LINE_DECIDERS).nullable(),
    /** When the approved line reached the DMS (`sendApprovedRepairOrderLinesToDms`); null while waiting or not sent. */
    dmsPushedAt: ZIsoDateTimeSchema.nullable(),
    createdAt: ZIsoDateTimeSchema,
    updatedAt: ZIsoDateTimeSchema,
  })
  .meta({ id: 'RepairOrderLine' });
export type TRepairOrderLine = z.infer<typeof ZRepairOrderLineSchema>;

/** GET /api/repair_order_lines/autocomplete_options?q=…: past line descriptions of the company, most used first. */
export const ZLineAutocompleteQuerySchema = z.object({ q: searchTextOf({ max: 100 }).optional() });
export const ZLineAutocompleteOptionSchema = z.object({
  description: z.string(),
  uses: z.number().int().min(1),
  /** The price of its most recent use, as a suggestion. */
  lastPrice: z.number().int().nullable(),
});
export type TLineAutocompleteOption = z.infer<typeof ZLineAutocompleteOptionSchema>;

/** POST /api/public/links/{code}/approval: the customer's answer, one decision per pending line, each line once. */
export const ZLineApprovalAnswerSchema = z.strictObject({
  answers: z
    .array(z.strictObject({ lineId: ZIdNumberSchema, decision: z.enum(LINE_DECISIONS) }), 'answers_are_required')
    .min(1, 'answers_are_required')
    .max(APPROVAL_ANSWERS_MAX)
    .refine((answers) => new Set(answers.map((a) => a.lineId)).size === answers.length, 'line_answered_twice'),
});
export type TLineApprovalAnswer = z.infer<typeof ZLineApprovalAnswerSchema>;

/** A line is open (the order cannot close) until it is settled one way or another. */
export function isLineOpen(status: TRepairOrderLineStatus): boolean {
  return status === 'pending';
}

/** Spec part 2 §5 "service items must all be closed to complete": the lines that still stand in the way. */
export function findOpenLines<T extends { status: TRepairOrderLineStatus }>(options: { lines: readonly T[] }): T[] {
  return options.lines.filter((line) => isLineOpen(line.status));
}

/** Sums of line prices in cents by state: `approved` is what the customer pays for, `pending` what awaits an answer. */
export function sumLinePrices(options: { lines: readonly { status: TRepairOrderLineStatus; price: number }[] }): Record<TRepairOrderLineStatus, number> {
  const sums: Record<TRepairOrderLineStatus, number> = { pending: 0, approved: 0, denied: 0, rejected: 0 };
  for (const line of options.lines) sums[line.status] += line.price;
  return sums;
}

export type TApprovalProblem =
  | { message: 'line_not_found'; lineId: number }
  | { message: 'line_already_answered'; lineId: number }
  | { message: 'answer_missing_for_line'; lineId: number }
  | { message: 'nothing_to_approve' };

/**
 * Checks a customer's answer against the order's lines (the ones the link covers): every pending line answered once,
 * nothing else. Answers once: a line already settled refuses a second answer, so a resubmitted page changes nothing.
 */
export function checkApprovalAnswers(options: {
  lines: readonly { id: number; status: TRepairOrderLineStatus }[];
  answers: TLineApprovalAnswer['answers'];
}): { ok: true; decisions: { lineId: number; decision: TLineDecision }[] } | { ok: false; problem: TApprovalProblem } {
  const byId = new Map(options.lines.map((line) => [line.id, line]));
  const pending = options.lines.filter((line) => isLineOpen(line.status));
  if (pending.length === 0) return { ok: false, problem: { message: 'nothing_to_approve' } };
  for (const answer of options.answers) {
    const line = byId.get(answer.lineId);
    if (!line) return { ok: false, problem: { message: 'line_not_found', lineId: answer.lineId } };
    if (!isLineOpen(line.status)) return { ok: false, problem: { message: 'line_already_answered', lineId: answer.lineId } };
  }
  const answered = new Set(options.answers.map((a) => a.lineId));
  const missing = pending.find((line) => !answered.has(line.id));
  if (missing) return { ok: false, problem: { message: 'answer_missing_for_line', lineId: missing.id } };
  return { ok: true, decisions: options.answers.map(({ lineId, decision }) => ({ lineId, decision })) };
}
