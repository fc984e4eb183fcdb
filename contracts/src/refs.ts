import { z } from 'zod';

/** Small wire schemas shared by several response descriptions. */

/** `{ unread: n }` of the read-state counters (customers, internal chat, notifications). */
export const ZUnreadCountSchema = z.object({ unread: z.number().int().min(0) });

/** An ISO 8601 timestamp as sent on the wire (`Date#toISOString`). */
export const ZIsoDateTimeSchema = z.iso.datetime({ offset: true });
