import { z } from 'zod';
import { decimalIntOf, ZIdNumberSchema } from './ids';

/**
 * Suggested replies (issue 21; docs/suggested-replies.md): while an agent reads an inbound message, the composer offers
 * the company's templates and the replies that followed similar past questions of the company's own history.
 */

export const SUGGESTED_REPLY_LIMITS = {
  /** Past replies shown at most (after dedupe). */
  pastReplies: 3,
  /** Templates shown at most. */
  templates: 2,
  /** Days of figures the stats route answers at most. */
  statsDays: 90,
} as const;

export const SUGGESTED_REPLY_KINDS = ['template', 'past_reply'] as const;
export type TSuggestedReplyKind = (typeof SUGGESTED_REPLY_KINDS)[number];

export const SUGGESTED_REPLY_ACTIONS = ['shown', 'inserted', 'sent'] as const;
export type TSuggestedReplyAction = (typeof SUGGESTED_REPLY_ACTIONS)[number];

export const SUGGESTED_REPLY_MESSAGES = {
  messageNotFound: 'Message not found.',
  sourceRequired: 'Name the suggestion (kind and sourceId) that was inserted or sent.',
} as const;

export const ZSuggestedReplySchema = z.object({
  kind: z.enum(SUGGESTED_REPLY_KINDS),
  text: z.string(),
  /** The template id, or the id of the past outbound message. */
  sourceId: z.number().int(),
  /** 0..1, higher is better (similarity of the questions, weighted by recency). */
  score: z.number(),
});
export type TSuggestedReply = z.infer<typeof ZSuggestedReplySchema>;

export const ZSuggestedRepliesSchema = z.object({
  /** The inbound message the suggestions answer (the customer's latest message); null when the latest is not inbound. */
  messageId: z.number().int().nullable(),
  member: z.array(ZSuggestedReplySchema),
});
export type TSuggestedReplies = z.infer<typeof ZSuggestedRepliesSchema>;

export const ZSuggestedReplyEventSchema = z
  .strictObject({
    /** The inbound message the suggestion answered (messageId of the suggestions). */
    messageId: ZIdNumberSchema,
    action: z.enum(SUGGESTED_REPLY_ACTIONS),
    kind: z.enum(SUGGESTED_REPLY_KINDS).optional(),
    sourceId: ZIdNumberSchema.optional(),
  })
  .refine((v) => v.action === 'shown' || (v.kind !== undefined && v.sourceId !== undefined), {
    message: SUGGESTED_REPLY_MESSAGES.sourceRequired,
    path: ['kind'],
  });
export type TSuggestedReplyEvent = z.infer<typeof ZSuggestedReplyEventSchema>;

export const ZSuggestedReplyStatsQuerySchema = z.object({
  days: decimalIntOf({ min: 1, max: SUGGESTED_REPLY_LIMITS.statsDays }).optional(),
});
export type TSuggestedReplyStatsQuery = z.infer<typeof ZSuggestedReplyStatsQuerySchema>;

const ZCountsSchema = z.object({ shown: z.number().int(), inserted: z.number().int(), sent: z.number().int() });

export const ZSuggestedReplyStatsSchema = z.object({
  /** Oldest first, one entry per UTC day of the window (days without any figure included, as zeros). */
  days: z.array(ZCountsSchema.extend({ date: z.string() })),
  totals: ZCountsSchema.extend({
    /** sent / shown over the window; null when nothing was shown. */
    takenRate: z.number().nullable(),
  }),
});
export type TSuggestedReplyStats = z.infer<typeof ZSuggestedReplyStatsSchema>;
