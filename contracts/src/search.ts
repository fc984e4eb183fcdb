import { z } from 'zod';
import { ZChannelSchema } from './customer';
import { ZIdStringSchema } from './ids';
import { searchTextOf } from './query';
import { ZIsoDateTimeSchema } from './refs';

/**
 * Search (issue 21): messages, customers' internal notes and customers (name, e-mail, phone) of the caller's company,
 * newest first, keyset paged with an opaque cursor. Snippets come as plain text plus highlight ranges, never HTML.
 */

export const SEARCH_KINDS = ['message', 'note', 'customer'] as const;
export const ZSearchKindSchema = z.enum(SEARCH_KINDS);
export type TSearchKind = z.infer<typeof ZSearchKindSchema>;

/** Longest search text; longer is refused (422). At most this many words are used. */
export const SEARCH_MAX_LENGTH = 200;
export const SEARCH_MAX_TERMS = 8;
/** A phone fragment needs this many digits (trigrams). */
export const SEARCH_MIN_PHONE_DIGITS = 3;
export const SEARCH_DEFAULT_PAGE_SIZE = 20;
export const SEARCH_MAX_PAGE_SIZE = 50;

/** `<ISO time>~<kind rank>~<id>`, base64url-encoded; what `view.next` carries. */
export const ZSearchCursorSchema = z
  .string()
  .max(120)
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid cursor.');

export const ZSearchQuerySchema = z.strictObject({
  q: searchTextOf({ max: SEARCH_MAX_LENGTH }).refine((v) => v.length > 0, 'Type something to search for.'),
  kind: ZSearchKindSchema.optional(),
  channel: ZChannelSchema.optional(),
  /** Messages: the agent who sent it; customers and notes: the owner. */
  user: ZIdStringSchema.optional(),
  from: ZIsoDateTimeSchema.optional(),
  to: ZIsoDateTimeSchema.optional(),
  cursor: ZSearchCursorSchema.optional(),
  itemsPerPage: z
    .string()
    .regex(/^[0-9]{1,3}$/, 'Expected a whole number.')
    .transform(Number)
    .pipe(z.number().int().min(1).max(SEARCH_MAX_PAGE_SIZE))
    .optional(),
});
export type TSearchQuery = z.infer<typeof ZSearchQuerySchema>;

/** Plain text with [start, end) ranges (UTF-16 offsets) to mark; the client renders text nodes only. */
export const ZSearchSnippetSchema = z.object({
  text: z.string(),
  highlights: z.array(z.tuple([z.number().int(), z.number().int()])),
});
export type TSearchSnippet = z.infer<typeof ZSearchSnippetSchema>;

export const ZSearchHitSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('SearchHit'),
  kind: ZSearchKindSchema,
  /** The message id for message hits, the customer id otherwise. */
  id: z.number().int(),
  /** Which field matched. */
  field: z.enum(['content', 'notes', 'name', 'email', 'phone']),
  customer: z.object({ id: z.number().int(), name: z.string(), phone: z.string() }),
  channel: z.string().nullable(),
  direction: z.enum(['INBOUND', 'OUTBOUND']).nullable(),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  snippet: ZSearchSnippetSchema,
  createdAt: ZIsoDateTimeSchema,
});
export type TSearchHit = z.infer<typeof ZSearchHitSchema>;

/** The words of a search as the database's 'simple' parser sees them: letters and digits, lower-cased. */
export function searchTermsOf(q: string): string[] {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, SEARCH_MAX_TERMS);
}

/** The digits of a search that looks like a phone number ("+1 (555) 01"), or null. */
export function phoneDigitsOf(q: string): string | null {
  if (!/^[\d\s()+.\-/]+$/.test(q)) return null;
  const digits = q.replace(/\D/g, '');
  return digits.length >= SEARCH_MIN_PHONE_DIGITS ? digits : null;
}
