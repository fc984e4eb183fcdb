import { and, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { TTx } from '../../db/client';
import { customerReadStates } from '../customers/customers.schema';
import { users, type TUserRow } from '../users/users.schema';
import {
  appSettings,
  notificationDeliveries,
  notifications,
  type TDeliveryChannel,
  type TDeliveryRow,
  type TDeliveryStatus,
  type TNotificationRow,
} from './notifications.schema';

export interface TOwnerScope {
  companyId: number;
  userId: number;
}

type TPushSubscription = TUserRow['webPushSubscriptions'][number];

/** A producer's duplicate (same dedupe key) inserts nothing and returns undefined. */
export async function insertNotification(tx: TTx, values: typeof notifications.$inferInsert): Promise<TNotificationRow | undefined> {
  const [row] = await tx.insert(notifications).values(values).onConflictDoNothing().returning();
  return row;
}

function ownerWhere(o: TOwnerScope, read?: boolean): SQL {
  return and(
    eq(notifications.companyId, o.companyId),
    eq(notifications.userId, o.userId),
    read === undefined ? undefined : read ? isNotNull(notifications.readAt) : isNull(notifications.readAt),
  )!;
}

/** One page newest first, keyset on (created_at, id) — never OFFSET — plus the count: two statements. */
export async function listNotifications(
  tx: TTx,
  opts: TOwnerScope & { read?: boolean; before?: { createdAt: Date; id?: number }; limit: number },
): Promise<{ rows: TNotificationRow[]; total: number }> {
  const where = ownerWhere(opts, opts.read);
  const keyset = opts.before
    ? opts.before.id === undefined
      ? sql`${notifications.createdAt} < ${opts.before.createdAt}`
      : sql`(${notifications.createdAt}, ${notifications.id}) < (${opts.before.createdAt}, ${opts.before.id})`
    : undefined;
  const rows = await tx
    .select()
    .from(notifications)
    .where(and(where, keyset))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(opts.limit);
  const [c] = await tx.select({ n: count() }).from(notifications).where(where);
  return { rows, total: Number(c?.n ?? 0) };
}

export async function countUnreadNotifications(tx: TTx, o: TOwnerScope): Promise<number> {
  const [c] = await tx.select({ n: count() }).from(notifications).where(ownerWhere(o, false));
  return Number(c?.n ?? 0);
}

export async function findNotification(tx: TTx, opts: { companyId: number; id: number; userId?: number }): Promise<TNotificationRow | undefined> {
  const [row] = await tx
    .select()
    .from(notifications)
    .where(and(eq(notifications.companyId, opts.companyId), eq(notifications.id, opts.id), opts.userId === undefined ? undefined : eq(notifications.userId, opts.userId)))
    .limit(1);
  return row;
}

/** Read keeps the first read time; unread clears it. */
export async function setNotificationRead(tx: TTx, opts: TOwnerScope & { id: number; read: boolean }): Promise<TNotificationRow | undefined> {
  const [row] = await tx
    .update(notifications)
    .set({ readAt: opts.read ? sql`coalesce(${notifications.readAt}, now())` : null })
    .where(and(ownerWhere(opts), eq(notifications.id, opts.id)))
    .returning();
  return row;
}

export async function markAllNotificationsRead(tx: TTx, o: TOwnerScope): Promise<number> {
  const rows = await tx.update(notifications).set({ readAt: sql`now()` }).where(ownerWhere(o, false)).returning({ id: notifications.id });
  return rows.length;
}

export async function deleteNotification(tx: TTx, opts: TOwnerScope & { id: number }): Promise<boolean> {
  const rows = await tx.delete(notifications).where(and(ownerWhere(opts), eq(notifications.id, opts.id))).returning({ id: notifications.id });
  return rows.length > 0;
}

// Deliveries

export async function listDeliveries(tx: TTx, opts: { companyId: number; notificationId: number }): Promise<TDeliveryRow[]> {
  return tx
    .select()
    .from(notificationDeliveries)
    .where(and(eq(notificationDeliveries.companyId, opts.companyId), eq(notificationDeliveries.notificationId, opts.notificationId)));
}

export async function saveDelivery(
  tx: TTx,
  values: { companyId: number; notificationId: number; channel: TDeliveryChannel; target: string; status: TDeliveryStatus; providerId?: string | null; error?: string | null },
): Promise<void> {
  const finishedAt = values.status === 'sending' ? null : new Date();
  await tx
    .insert(notificationDeliveries)
    .values({ ...values, providerId: values.providerId ?? null, error: values.error ?? null, finishedAt })
    .onConflictDoUpdate({
      target: [notificationDeliveries.companyId, notificationDeliveries.notificationId, notificationDeliveries.channel, notificationDeliveries.target],
      set: {
        status: values.status,
        providerId: values.providerId ?? null,
        error: values.error ?? null,
        finishedAt,
        ...(values.status === 'sending' ? { startedAt: new Date() } : {}),
      },
    });
}

// The recipient user (notification settings, push subscriptions, language)

export async function findRecipientUser(tx: TTx, o: TOwnerScope): Promise<TUserRow | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.companyId, o.companyId), eq(users.id, o.userId)))
    .limit(1);
  return row;
}

/** Adds or refreshes one browser's subscription (keyed by endpoint), keeping the newest `max`; the row lock orders two devices. */
export async function upsertPushSubscription(tx: TTx, opts: TOwnerScope & { subscription: TPushSubscription; max: number }): Promise<boolean> {
  const [row] = await tx
    .select({ subs: users.webPushSubscriptions })
    .from(users)
    .where(and(eq(users.companyId, opts.companyId), eq(users.id, opts.userId)))
    .for('update');
  if (!row) return false;
  const next = [...row.subs.filter((s) => s.endpoint !== opts.subscription.endpoint), opts.subscription].slice(-opts.max);
  await tx.update(users).set({ webPushSubscriptions: next }).where(and(eq(users.companyId, opts.companyId), eq(users.id, opts.userId)));
  return true;
}

/** Removes a subscription by endpoint; true when the user had it. */
export async function removePushSubscription(tx: TTx, opts: TOwnerScope & { endpoint: string }): Promise<boolean> {
  const res = await tx.execute(sql`
    update users set web_push_subscriptions = coalesce(
      (select jsonb_agg(e) from jsonb_array_elements(web_push_subscriptions) e where e->>'endpoint' <> ${opts.endpoint}), '[]'::jsonb)
    where company_id = ${opts.companyId} and id = ${opts.userId}
      and web_push_subscriptions @> ${JSON.stringify([{ endpoint: opts.endpoint }])}::jsonb
    returning id`);
  return res.rows.length > 0;
}

/**
 * A browser endpoint belongs to whoever signed in on that browser last: drop it from every other user, of any
 * company (system scope), so one user's alerts never pop up on a device another user took over.
 */
export async function detachPushEndpointFromOthers(tx: TTx, opts: { userId: number; endpoint: string }): Promise<void> {
  await tx.execute(sql`
    update users set web_push_subscriptions = coalesce(
      (select jsonb_agg(e) from jsonb_array_elements(web_push_subscriptions) e where e->>'endpoint' <> ${opts.endpoint}), '[]'::jsonb)
    where id <> ${opts.userId} and web_push_subscriptions @> ${JSON.stringify([{ endpoint: opts.endpoint }])}::jsonb`);
}

// Unread alerts

/** When the user last read the customer's conversation (null: never, or marked unread). */
export async function findReadAt(tx: TTx, opts: TOwnerScope & { customerId: number }): Promise<Date | null> {
  const [row] = await tx
    .select({ readAt: customerReadStates.readAt })
    .from(customerReadStates)
    .where(and(eq(customerReadStates.companyId, opts.companyId), eq(customerReadStates.customerId, opts.customerId), eq(customerReadStates.userId, opts.userId)))
    .limit(1);
  return row?.readAt ?? null;
}

// Deployment settings

export async function findAppSetting(tx: TTx, key: string): Promise<Record<string, unknown> | undefined> {
  const [row] = await tx.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key)).limit(1);
  return row?.value;
}

/** Inserts unless the key exists (another process won the race); the caller reads the winner back. */
export async function insertAppSettingIfAbsent(tx: TTx, key: string, value: Record<string, unknown>): Promise<void> {
  await tx.insert(appSettings).values({ key, value }).onConflictDoNothing();
}
