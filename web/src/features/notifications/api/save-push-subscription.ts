import type { TPushSubscriptionInput } from '@cd/contracts/notification';
import { api } from '../../../lib/api';

/** POST /api/notifications/push_subscriptions {endpoint, key, token}: adds (or refreshes) this browser for the real user. */
export function savePushSubscription(input: TPushSubscriptionInput): Promise<void> {
  return api.request<void>('/api/notifications/push_subscriptions', { method: 'POST', body: input, silent: true });
}
