import { z } from 'zod';

/**
 * Small references to resources described in full elsewhere, for answers that embed them. A message's full
 * description belongs to the messages area; until routes here use it, the members every message has are pinned
 * and the rest pass through as sent.
 */
export const ZMessageRefSchema = z
  .object({ '@id': z.string(), '@type': z.literal('Message'), id: z.number().int() })
  .meta({ additionalProperties: true });
