import type { TPushSubscriptionInput } from '@cd/contracts/notification';
import { userTopic } from '@cd/contracts/live';
import type { TAppDeps, TRequestContext } from '../../context';
import { runInScope } from '../../db/client';
import { AppError } from '../../lib/errors';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import * as customersRepo from '../customers/customers.api';
import type { TInboundMessageReceived } from '../messages/messages.api';
import { inboundMessageTexts } from './notification-texts';
import { enqueueUnreadAlert, queueUserNotification } from './notifications.jobs';
import { customerLabel, messengerLink, notificationEvent, toNotificationResource } from './notifications.presenter';
import * as repo from './notifications.repository';
import { vapidKeysOf } from './web-push';

/** Browsers (devices) one user keeps push subscriptions for; the oldest is dropped beyond this. */
const MAX_PUSH_SUBSCRIPTIONS = 20;
/** The web app reports its page every 20 s; a report older than this means the tab is gone (counts as "none"). */
export const ACTIVE_PAGE_FRESH_SECONDS = 60;

/**
 * A new inbound customer message (messages' `inboundMessageReceived` hook, attached in app.ts; runs in
 * receiveInbound's transaction; duplicates never get here): notifies the customer's owner, and schedules the
 * company's "unread for N minutes" check. Keyword-only messages (STOP, START, HELP…) are answered automatically and
 * notify nobody. A customer without an owner notifies nobody: company admins see every conversation in the inbox,
 * and a default customer user gives new customers an owner. `transferredFromUserId`: the away owner this
 * conversation was just handed over from (their colleague is now the owner).
 */
export async function notifyInboundMessage(opts: TInboundMessageReceived): Promise<void> {
  const { tx, company, customer, message } = opts;
  if (opts.keyword !== null || message.direction !== 'INBOUND') return;
  const minutes = Number((company.alerts as { alertUserIfMessageUnreadForMinutes?: number }).alertUserIfMessageUnreadForMinutes ?? 0);
  if (minutes > 0) await enqueueUnreadAlert(tx, { companyId: company.id, customerId: customer.id, messageId: message.id, minutes });
  if (customer.userId === null) return;
  const owner = await repo.findRecipientUser(tx, { companyId: company.id, userId: customer.userId });
  if (!owner?.enabled) return;
  // Someone reading this very conversation in a focused window sees the message arrive; a bell, e-mail or SMS is noise.
  if (await customersRepo.isViewingCustomer(tx, { companyId: company.id, userId: owner.id, customerId: customer.id, freshSeconds: ACTIVE_PAGE_FRESH_SECONDS })) return;
  const from = opts.transferredFromUserId ? await repo.findRecipientUser(tx, { companyId: company.id, userId: opts.transferredFromUserId }) : undefined;
  const texts = inboundMessageTexts({
    language: owner.language,
    customerName: customerLabel(customer),
    content: message.content,
    hasMedia: (message.pendingMedia?.length ?? 0) > 0,
    transferredFrom: from ? `${from.firstName} ${from.lastName}`.trim() || from.email : undefined,
  });
  await queueUserNotification({
    tx,
    emit: opts.emit,
    notification: {
      companyId: company.id,
      userId: owner.id,
      kind: from ? 'conversation_transferred' : 'inbound_message',
      ...texts,
      data: { customerId: customer.id, messageId: message.id, link: messengerLink(customer.id) },
    },
  });
}

// The caller's own notifications (routes)

/** The effective user's notifications; a user without a company (a super admin) has none. */
function ownerOf(ctx: TRequestContext): repo.TOwnerScope | null {
  const u = ctx.actor.user;
  return u.companyId === null ? null : { companyId: u.companyId, userId: u.id };
}

function requireOwner(ctx: TRequestContext): repo.TOwnerScope {
  const owner = ownerOf(ctx);
  if (!owner) throw new AppError('not_found', 'Notification not found.');
  return owner;
}

export async function listMyNotifications(opts: { ctx: TRequestContext; read?: boolean; before?: { createdAt: Date; id?: number }; limit: number }) {
  const owner = ownerOf(opts.ctx);
  if (!owner) return { member: [], total: 0, last: null, full: false };
  const { rows, total } = await runInScope(opts.ctx.db, { companyId: owner.companyId }, (tx) =>
    repo.listNotifications(tx, { ...owner, read: opts.read, before: opts.before, limit: opts.limit }),
  );
  return { member: rows.map(toNotificationResource), total, last: rows.at(-1) ?? null, full: rows.length === opts.limit };
}

export async function countMyUnreadNotifications(opts: { ctx: TRequestContext }): Promise<number> {
  const owner = ownerOf(opts.ctx);
  if (!owner) return 0;
  return runInScope(opts.ctx.db, { companyId: owner.companyId }, (tx) => repo.countUnreadNotifications(tx, owner));
}

export async function setMyNotificationRead(opts: { ctx: TRequestContext; id: number; read: boolean }) {
  const owner = requireOwner(opts.ctx);
  return runWithLiveEvents({
    deps: opts.ctx,
    scope: { companyId: owner.companyId },
    fn: async (tx, emit) => {
      const row = await repo.setNotificationRead(tx, { ...owner, id: opts.id, read: opts.read });
      if (!row) throw new AppError('not_found', 'Notification not found.');
      emit([notificationEvent(row, 'updated', { changes: ['readAt'] })]);
      return toNotificationResource(row);
    },
  });
}

export async function markAllMyNotificationsRead(opts: { ctx: TRequestContext }): Promise<{ updated: number }> {
  const owner = ownerOf(opts.ctx);
  if (!owner) return { updated: 0 };
  return runWithLiveEvents({
    deps: opts.ctx,
    scope: { companyId: owner.companyId },
    fn: async (tx, emit) => {
      const updated = await repo.markAllNotificationsRead(tx, owner);
      if (updated)
        emit([
          { companyId: owner.companyId, topics: [userTopic(owner.userId)], event: 'trigger', entity: 'notification', action: 'read_all', data: { updated } },
        ]);
      return { updated };
    },
  });
}

export async function deleteMyNotification(opts: { ctx: TRequestContext; id: number }): Promise<void> {
  const owner = requireOwner(opts.ctx);
  await runWithLiveEvents({
    deps: opts.ctx,
    scope: { companyId: owner.companyId },
    fn: async (tx, emit) => {
      const row = await repo.findNotification(tx, { companyId: owner.companyId, userId: owner.userId, id: opts.id });
      if (!row || !(await repo.deleteNotification(tx, { ...owner, id: opts.id }))) throw new AppError('not_found', 'Notification not found.');
      emit([notificationEvent(row, 'removed')]);
    },
  });
}

/** Push registration belongs to the real user on their own device: never while impersonating (spec part 1 §6). */
function pushOwnerOf(ctx: TRequestContext): repo.TOwnerScope {
  if (ctx.actor.impersonating) throw new AppError('forbidden', 'Push notifications cannot be set up while impersonating.');
  const owner = ownerOf(ctx);
  if (!owner) throw new AppError('bad_request', 'error.no_selected_company');
  return owner;
}

export async function addMyPushSubscription(opts: { ctx: TRequestContext; subscription: TPushSubscriptionInput }): Promise<void> {
  const owner = pushOwnerOf(opts.ctx);
  await runInScope(opts.ctx.db, { companyId: owner.companyId }, (tx) =>
    repo.upsertPushSubscription(tx, { ...owner, subscription: opts.subscription, max: MAX_PUSH_SUBSCRIPTIONS }),
  );
  // The endpoint is this browser's: a user who signed in on it before stops receiving pushes there.
  await runInScope(opts.ctx.db, { companyId: null, system: true }, (tx) =>
    repo.detachPushEndpointFromOthers(tx, { userId: owner.userId, endpoint: opts.subscription.endpoint }),
  );
}

export async function removeMyPushSubscription(opts: { ctx: TRequestContext; endpoint: string }): Promise<void> {
  const owner = pushOwnerOf(opts.ctx);
  await runInScope(opts.ctx.db, { companyId: owner.companyId }, (tx) => repo.removePushSubscription(tx, { ...owner, endpoint: opts.endpoint }));
}

export async function getPushPublicKey(opts: { deps: Pick<TAppDeps, 'db' | 'config'> }): Promise<{ publicKey: string }> {
  const keys = await vapidKeysOf(opts.deps);
  return { publicKey: keys.publicKey };
}
