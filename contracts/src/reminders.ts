import { z } from 'zod';
import { decimalIntOf, idRefOf } from './ids';
import { hasControlCharacter, ZBooleanQueryParamSchema } from './query';
import { ZIsoDateTimeSchema } from './refs';

/**
 * Reminders (spec part 1 §1 customer `reminders`, part 2 §7 `reminders[/{id}]`; issue 19): a user's own to-dos with a
 * due time, optionally about a customer. Each user sees only their own. Shown on the dashboard and on the customer.
 */

export const REMINDER_LIMITS = { text: 500, listMax: 100 } as const;

export const REMINDER_MESSAGES = {
  notFound: 'Reminder not found.',
  customerNotFound: 'The customer must be one of your company.',
} as const;

/** The live event entity of a reminder (created / updated / removed), sent to its author's user topic only. */
export const REMINDER_LIVE_ENTITY = 'reminder';

const ZReminderTextSchema = z
  .string()
  .trim()
  .min(1, 'This value should not be blank.')
  .max(REMINDER_LIMITS.text, `At most ${REMINDER_LIMITS.text} characters.`)
  .refine((v) => !hasControlCharacter(v), 'This value holds a control character.');

export const ZReminderCreateSchema = z.strictObject({
  text: ZReminderTextSchema,
  dueAt: ZIsoDateTimeSchema,
  /** A customer IRI (/api/customers/{id}) or id. */
  customer: z
    .union([z.string().max(64), z.number().int().positive()])
    .nullable()
    .optional(),
});
export type TReminderCreate = z.infer<typeof ZReminderCreateSchema>;

export const ZReminderPatchSchema = z.strictObject({
  text: ZReminderTextSchema.optional(),
  dueAt: ZIsoDateTimeSchema.optional(),
  done: z.boolean().optional(),
});
export type TReminderPatch = z.infer<typeof ZReminderPatchSchema>;

export const ZReminderSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('Reminder'),
  id: z.number().int(),
  customerId: z.number().int().nullable(),
  /** The customer's display name when the reminder is about one. */
  customerName: z.string().nullable(),
  text: z.string(),
  dueAt: ZIsoDateTimeSchema,
  doneAt: ZIsoDateTimeSchema.nullable(),
  createdAt: ZIsoDateTimeSchema,
});
export type TReminder = z.infer<typeof ZReminderSchema>;

/**
 * GET /api/reminders: the caller's own, soonest due first. Keyset paging by due time (`dueAt[strictly_after]` + `id[gt]`,
 * given by `view.next`); `pagination=false` answers up to REMINDER_LIMITS.listMax.
 */
export const ZReminderListQuerySchema = z.object({
  done: ZBooleanQueryParamSchema.optional(),
  customer: idRefOf('customers').optional(),
  pagination: z.enum(['true', 'false']).optional(),
  itemsPerPage: decimalIntOf({ min: 1, max: REMINDER_LIMITS.listMax }).optional(),
  'dueAt[strictly_after]': z.iso.datetime({ offset: true }).optional(),
  'id[gt]': decimalIntOf({ min: 1, max: Number.MAX_SAFE_INTEGER }).optional(),
});
export type TReminderListQuery = z.infer<typeof ZReminderListQuerySchema>;
