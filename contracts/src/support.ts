import { z } from 'zod';
import { hasControlCharacter } from './query';
import { SUPPORT_LIMITS } from './support-limits';

/** The support form (spec part 1 §2 /support; issue 20): shown to everyone signed in. */

export { SUPPORT_LIMITS };

const noControl = (v: string) => !hasControlCharacter(v);

export const ZSupportRequestSchema = z.strictObject({
  subject: z.string().trim().min(1, 'This value should not be blank.').max(SUPPORT_LIMITS.subject).refine(noControl, 'This value holds a control character.'),
  message: z.string().trim().min(1, 'This value should not be blank.').max(SUPPORT_LIMITS.message),
  /** Context the browser adds (the server adds company, user and revision itself). */
  page: z.string().max(SUPPORT_LIMITS.page).optional(),
  userAgent: z.string().max(SUPPORT_LIMITS.userAgent).optional(),
  viewport: z.string().max(40).optional(),
});
export type TSupportRequest = z.infer<typeof ZSupportRequestSchema>;

/** GET /api/support: where questions go and the product's help links. */
export const ZSupportInfoSchema = z.object({
  /** false when no support address is configured: the form says so and cannot be sent. */
  enabled: z.boolean(),
  helpLinks: z.array(z.object({ title: z.string(), url: z.string() })),
});
export type TSupportInfo = z.infer<typeof ZSupportInfoSchema>;

/** POST /api/support answers 202 with a reference the user can quote. At most 5 per user per hour (429). */
export const ZSupportSentSchema = z.object({ reference: z.string() });

export const SUPPORT_MESSAGES = {
  notConfigured: 'Support messages are not set up on this server.',
  tooMany: 'You have sent several messages in the last hour; please wait before sending another.',
} as const;
