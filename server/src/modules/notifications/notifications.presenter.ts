import type { TNotification } from '@cd/contracts/notification';
import { iri } from '../../lib/hydra';
import type { TNotificationRow } from './notifications.schema';

export function toNotificationResource(n: TNotificationRow): TNotification {
  return {
    '@id': iri('notifications', n.id),
    '@type': 'Notification',
    id: n.id,
    kind: n.kind,
    title: n.title,
    body: n.body,
    data: n.data,
    link: typeof n.data.link === 'string' ? n.data.link : null,
    readAt: n.readAt?.toISOString() ?? null,
    createdAt: n.createdAt.toISOString(),
  };
}
