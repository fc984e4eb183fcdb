import { z } from 'zod';
import { idRefOf } from './ids';
export { ACTIVE_PAGE_HEARTBEAT_MS } from './active-page-constants';

/**
 * POST /api/users/record_active_page: the current path, `none` when the window is not focused, or
 * `communication` with the selected customer's id.
 */
export const ZRecordActivePageSchema = z.strictObject({
  page: z.string().trim().min(1).max(300),
  customerId: idRefOf('customers').nullable().optional(),
});
export type TRecordActivePage = z.infer<typeof ZRecordActivePageSchema>;
