import type { TPushPublicKey } from '@cd/contracts/notification';
import { api } from '../../../lib/api';

/** GET /api/notifications/push_public_key → the VAPID application server key. */
export function fetchPushPublicKey(): Promise<TPushPublicKey> {
  return api.request<TPushPublicKey>('/api/notifications/push_public_key', { silent: true });
}
