import { z } from 'zod';

/** A stored file as the API answers it (spec part 1 §3): URLs are signed and relative. */
export const ZMediaObjectSchema = z
  .object({
    '@id': z.string(),
    '@type': z.literal('MediaObject'),
    id: z.number().int(),
    mimeType: z.string(),
    size: z.number().int(),
    contentUrl: z.string(),
    originalMimeType: z.string(),
    originalFileName: z.string(),
    thumbnail: z.object({ thumbnailUrl: z.string() }).nullable(),
  })
  .meta({ id: 'MediaObject' });
