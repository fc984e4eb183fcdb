import { customerDisplayName } from '@cd/contracts/customer';
import { userTopic } from '@cd/contracts/live';
import type { TNotification } from '@cd/contracts/notification';
import { iri } from '../../lib/hydra';
import type { TLiveEventInput } from '../../live/live.types';
import type { TCustomerRow } from '../customers/customers.api';
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

export function notificationEvent(n: TNotificationRow, event: TLiveEventInput['event'], opts: { changes?: string[] } = {}): TLiveEventInput {
  return {
    companyId: n.companyId,
    topics: [userTopic(n.userId)],
    event,
    entity: 'notification',
    data: event === 'removed' ? { '@id': `/api/notifications/${n.id}`, id: n.id } : toNotificationResource(n),
    changes: opts.changes ?? null,
  };
}

export function customerLabel(c: Pick<TCustomerRow, 'firstName' | 'lastName' | 'phone'>): string {
  const name = customerDisplayName(c);
  return name === 'NN' && c.phone ? c.phone : name;
}

export function messengerLink(customerId: number): string {
  return `/communication/${customerId}/messenger`;
}
