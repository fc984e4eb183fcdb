import type { TRecordActivePage } from '@cd/contracts/active-page';
import { api } from '../../../lib/api';

/** POST /api/users/record_active_page → 204. Silent: a lost report only means a notification is not held back. */
export function recordActivePage(body: TRecordActivePage): Promise<unknown> {
  return api.request('/api/users/record_active_page', { method: 'POST', body, silent: true });
}
