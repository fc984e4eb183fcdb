import { api } from '../../../lib/api';

/** DELETE /api/notifications/push_subscriptions?endpoint=… : this browser stops receiving the user's pushes. */
export function removePushSubscription(endpoint: string): Promise<void> {
  return api.request<void>('/api/notifications/push_subscriptions', { method: 'DELETE', query: { endpoint }, silent: true });
}
