import { z } from 'zod';
import { hasControlCharacter } from './query';
import { ZIsoDateTimeSchema } from './refs';

/**
 * Reminders (spec part 1 §1 customer `reminders`, part 2 §7 `reminders[/{id}]`; issue 19): a user's own to-dos with a
 * due time, optionally about a customer. Each user sees only their own. Shown on the dashboard and on the customer.
 */

export const REMINDER_LIMITS = { text: 500, listMax: 100 } as const;

export const REMINDER_MESSAGES = { notFound: 'Reminder not found.' } as const;

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
