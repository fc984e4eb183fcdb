import { describe, expect, it } from 'vitest';
import type { TNotification } from '@cd/contracts/notification';
import {
  flattenNotifications,
  markAllReadInList,
  patchNotificationInList,
  prependNotification,
  removeNotificationFromList,
  type TNotificationPages,
} from './notification-cache';

const n = (id: number, readAt: string | null = null): TNotification => ({
  '@id': `/api/notifications/${id}`,
  '@type': 'Notification',
  id,
  kind: 'inbound_message',
  title: `N${id}`,
  body: '',
  data: {},
  link: null,
  readAt,
  createdAt: new Date(2026, 0, id).toISOString(),
});
const pages = (...groups: TNotification[][]): TNotificationPages => ({
  pages: groups.map((member) => ({ '@context': '', '@id': '', '@type': 'Collection', member, totalItems: 3 })),
  pageParams: groups.map((_, i) => (i === 0 ? null : `p${i}`)),
});

describe('notification cache', () => {
  it('prepends a new notification once', () => {
    const data = prependNotification(pages([n(2)], [n(1)]), n(3));
    expect(flattenNotifications(data).map((x) => x.id)).toEqual([3, 2, 1]);
    expect(data.pages[0]!.totalItems).toBe(4);
    expect(prependNotification(data, n(3))).toBe(data);
  });

  it('patches, removes and marks all read across pages', () => {
    const data = pages([n(3), n(2)], [n(1, '2026-01-01T00:00:00.000Z')]);
    expect(flattenNotifications(patchNotificationInList(data, { id: 2, readAt: 'x' })).map((x) => x.readAt)).toEqual([null, 'x', '2026-01-01T00:00:00.000Z']);
    const removed = removeNotificationFromList(data, 1);
    expect(flattenNotifications(removed).map((x) => x.id)).toEqual([3, 2]);
    expect(removed.pages[0]!.totalItems).toBe(2);
    expect(removeNotificationFromList(data, 99)).toBe(data);
    expect(flattenNotifications(markAllReadInList(data, 'now')).map((x) => x.readAt)).toEqual(['now', 'now', '2026-01-01T00:00:00.000Z']);
  });
});
