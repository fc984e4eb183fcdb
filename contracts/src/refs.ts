import { z } from 'zod';

/** Small wire schemas shared by several response descriptions. */

/**
 * `{ unread: n }` of the read-state counters (customers, internal chat, notifications). A counter that stops at a
 * cap says `capped: true`: then `unread` is a floor ("99+" on a badge), not the exact number.
 */
export const ZUnreadCountSchema = z.object({ unread: z.number().int().min(0), capped: z.boolean().optional() });

/** An ISO 8601 timestamp as sent on the wire (`Date#toISOString`). */
export const ZIsoDateTimeSchema = z.iso.datetime({ offset: true });
