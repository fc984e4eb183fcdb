import { z } from 'zod';

/**
 * Small wire schemas shared by several response descriptions (oas-b slice of issue 11 point 10); merged with
 * their twins of other slices later.
 */

/** A stored file as the API serves it (media presenter): signed URLs, never a storage key. */
export const ZMediaObjectSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('MediaObject'),
  id: z.number().int(),
  mimeType: z.string(),
  size: z.number().int().min(0),
  contentUrl: z.string(),
  originalMimeType: z.string(),
  originalFileName: z.string(),
  thumbnail: z.object({ thumbnailUrl: z.string() }).nullable(),
});

/** `{ unread: n }` of the read-state counters (customers, internal chat, notifications). */
export const ZUnreadCountSchema = z.object({ unread: z.number().int().min(0) });

/** An ISO 8601 timestamp as sent on the wire (`Date#toISOString`). */
export const ZIsoDateTimeSchema = z.iso.datetime({ offset: true });
