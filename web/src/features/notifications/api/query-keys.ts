/** Cache keys of the notifications feature (the live-event handler addresses them too). */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  unreadCount: ['notifications', 'unread_count'] as const,
  pushPublicKey: ['notifications', 'push_public_key'] as const,
};
