import type { InfiniteData } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TNotification } from '@cd/contracts/notification';
import { shiftedTotal } from '../../../lib/paged-list';

export type TNotificationPages = InfiniteData<THydraCollection<TNotification>, unknown>;

function mapMembers(data: TNotificationPages, fn: (n: TNotification) => TNotification | null): TNotificationPages {
  return {
    ...data,
    pages: data.pages.map((p) => ({ ...p, member: p.member.map(fn).filter((n): n is TNotification => n !== null) })),
  };
}

export function hasNotification(data: TNotificationPages, id: number): boolean {
  return data.pages.some((p) => p.member.some((n) => n.id === id));
}

/** A new notification goes on top of the first page (once, even if the live event is replayed). */
export function prependNotification(data: TNotificationPages, n: TNotification): TNotificationPages {
  if (hasNotification(data, n.id) || data.pages.length === 0) return data;
  const [first, ...rest] = data.pages;
  return { ...data, pages: [{ ...first!, member: [n, ...first!.member], ...shiftedTotal(first!, 1) }, ...rest] };
}

export function patchNotificationInList(data: TNotificationPages, patch: Pick<TNotification, 'id'> & Partial<TNotification>): TNotificationPages {
  return mapMembers(data, (n) => (n.id === patch.id ? { ...n, ...patch } : n));
}

export function removeNotificationFromList(data: TNotificationPages, id: number): TNotificationPages {
  if (!hasNotification(data, id)) return data;
  const out = mapMembers(data, (n) => (n.id === id ? null : n));
  return { ...out, pages: out.pages.map((p, i) => (i === 0 ? { ...p, ...shiftedTotal(p, -1) } : p)) };
}

export function markAllReadInList(data: TNotificationPages, readAt: string): TNotificationPages {
  return mapMembers(data, (n) => (n.readAt ? n : { ...n, readAt }));
}

/** All loaded notifications, newest first. */
export function flattenNotifications(data: TNotificationPages | undefined): TNotification[] {
  return data ? data.pages.flatMap((p) => p.member) : [];
}
