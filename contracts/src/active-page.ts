import { z } from 'zod';
import { idRefOf } from './ids';

/** The web app reports its page this often, and at once when it changes (spec part 1 §7). */
export const ACTIVE_PAGE_HEARTBEAT_MS = 20_000;

/**
 * POST /api/users/record_active_page: the current path, `none` when the window is not focused, or
 * `communication` with the selected customer's id.
 */
export const ZRecordActivePageSchema = z.strictObject({
  page: z.string().trim().min(1).max(300),
  customerId: idRefOf('customers').nullable().optional(),
});
export type TRecordActivePage = z.infer<typeof ZRecordActivePageSchema>;
