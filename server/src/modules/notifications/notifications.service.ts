import type { Agent } from 'node:https';
import type { TChannel } from '@cd/contracts/customer';
import { customerDisplayName } from '@cd/contracts/customer';
import { userTopic } from '@cd/contracts/live';
import type { TNotificationData, TPushSubscriptionInput } from '@cd/contracts/notification';
import { ChannelSendError, type TOutboundMessage } from '../../channels/channel.types';
import type { TAppDeps, TRequestContext } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { enqueueJob, type TJobHandler } from '../../jobs/outbox';
import type { TLiveEventInput } from '../../live/live.types';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { findCompany } from '../companies/companies.api';
import type { TCompanyRow } from '../companies/companies.schema';
import * as customersRepo from '../customers/customers.api';
import type { TCustomerRow } from '../customers/customers.schema';
import type { TMessageRow } from '../messages/messages.schema';
import type { TUserRow } from '../users/users.schema';
import { inboundMessageTexts, outOfAppTexts, unreadAlertTexts } from './notification-texts';
import { toNotificationResource } from './notifications.presenter';
import * as repo from './notifications.repository';
import type { TDeliveryChannel, TDeliveryRow, TNotificationRow } from './notifications.schema';
import { pushPayloadJson, sendWebPush, vapidKeysOf } from './web-push';

type TDeps = Pick<TAppDeps, 'config' | 'db' | 'live' | 'channels' | 'jobs' | 'mailer'>;
type TEmit = (events: TLiveEventInput[]) => void;

export const JOB_DELIVER_NOTIFICATION = 'deliver_notification';
export const JOB_UNREAD_ALERT = 'notification_unread_alert';

/** Channels that carry a staff alert SMS, best first (the company's own SMS numbers before the simulator). */
const SMS_CHANNELS: TChannel[] = ['sms_provider', 'sms_gateway', 'simulator'];
/** Browsers (devices) one user keeps push subscriptions for; the oldest is dropped beyond this. */
const MAX_PUSH_SUBSCRIPTIONS = 20;
/** The web app reports its page every 20 s; a report older than this means the tab is gone (counts as "none"). */
export const ACTIVE_PAGE_FRESH_SECONDS = 60;

function notificationEvent(n: TNotificationRow, event: TLiveEventInput['event'], opts: { changes?: string[] } = {}): TLiveEventInput {
  return {
    companyId: n.companyId,
    topics: [userTopic(n.userId)],
    event,
    entity: 'notification',
    data: event === 'removed' ? { '@id': `/api/notifications/${n.id}`, id: n.id } : toNotificationResource(n),
    changes: opts.changes ?? null,
  };
}

export interface TNotificationInput {
  companyId: number;
  userId: number;
  kind: string;
  title: string;
  body: string;
  data?: TNotificationData;
  /** A second notification with the same key for the same user is not created (idempotent producers). */
  dedupeKey?: string;
}

/**
 * Notifies one user inside the caller's transaction: the notification row, a live `notification created` event to
 * the user's topic (the web app shows a toast), and one outbox job that delivers it by push, e-mail and SMS as the
 * user's notification settings say. The caller wakes the worker after its commit (`deps.jobs.wake()`).
 * Returns undefined when the dedupe key was already used.
 */
export async function queueUserNotification(opts: { tx: TTx; emit: TEmit; notification: TNotificationInput }): Promise<TNotificationRow | undefined> {
  const { tx, notification: input } = opts;
  const row = await repo.insertNotification(tx, {
    companyId: input.companyId,
    userId: input.userId,
    kind: input.kind,
    title: input.title,
    body: input.body,
    data: input.data ?? {},
    dedupeKey: input.dedupeKey ?? null,
    // Millisecond precision, like the cursors clients send back (`createdAt[strictly_before]`).
    createdAt: new Date(),
  });
  if (!row) return undefined;
  await enqueueJob(tx, { companyId: input.companyId, kind: JOB_DELIVER_NOTIFICATION, payload: { notificationId: row.id } });
  opts.emit([notificationEvent(row, 'created')]);
  return row;
}

function customerLabel(c: Pick<TCustomerRow, 'firstName' | 'lastName' | 'phone'>): string {
  const name = customerDisplayName(c);
  return name === 'NN' && c.phone ? c.phone : name;
}

export function messengerLink(customerId: number): string {
  return `/communication/${customerId}/messenger`;
}

/**
 * A new inbound customer message (called from receiveInbound, in its transaction; duplicates never get here):
 * notifies the customer's owner, and schedules the company's "unread for N minutes" check. Keyword-only messages
 * (STOP, START, HELP…) are answered automatically and notify nobody. A customer without an owner notifies nobody:
 * company admins see every conversation in the inbox, and a default customer user gives new customers an owner.
 */
export async function notifyInboundMessage(opts: {
  tx: TTx;
  emit: TEmit;
  company: TCompanyRow;
  customer: TCustomerRow;
  message: TMessageRow;
  keyword: string | null;
  /** The away owner this conversation was just handed over from (their colleague is now the owner). */
  transferredFromUserId?: number | null;
}): Promise<void> {
  const { tx, company, customer, message } = opts;
  if (opts.keyword !== null || message.direction !== 'INBOUND') return;
  const minutes = Number((company.alerts as { alertUserIfMessageUnreadForMinutes?: number }).alertUserIfMessageUnreadForMinutes ?? 0);
  if (minutes > 0)
    await enqueueJob(tx, {
      companyId: company.id,
      kind: JOB_UNREAD_ALERT,
      payload: { customerId: customer.id, messageId: message.id, minutes },
      runAt: new Date(Date.now() + minutes * 60_000),
    });
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

// Delivery (outbox jobs)

interface TTarget {
  channel: TDeliveryChannel;
  target: string;
  subscription?: TUserRow['webPushSubscriptions'][number];
}

/**
 * Where a notification goes, from the user's settings at delivery time. Recipient lists that are empty fall back
 * to the user's own e-mail address and phone number.
 */
export function deliveryTargets(user: Pick<TUserRow, 'notificationSettings' | 'webPushSubscriptions' | 'email' | 'phone'>): TTarget[] {
  const s = user.notificationSettings;
  const out: TTarget[] = [];
  if (s.push) for (const sub of user.webPushSubscriptions) out.push({ channel: 'push', target: sub.endpoint, subscription: sub });
  if (s.email) {
    const emails = s.emailRecipients.length ? s.emailRecipients : [user.email];
    for (const e of new Set(emails.map((x) => x.trim().toLowerCase()).filter(Boolean))) out.push({ channel: 'email', target: e });
  }
  if (s.sms) {
    const phones = s.smsRecipients.length ? s.smsRecipients : user.phone ? [user.phone] : [];
    for (const p of new Set(phones.map((x) => x.trim()).filter(Boolean))) out.push({ channel: 'sms', target: p });
  }
  return out;
}

class RetryLater extends Error {}

function createDeliverNotificationHandler(deps: TDeps, opts: { pushAgent?: Agent; log: TJobLog }): TJobHandler {
  const record = (companyId: number, values: Omit<Parameters<typeof repo.saveDelivery>[1], 'companyId'>) =>
    runInScope(deps.db, { companyId }, (tx) => repo.saveDelivery(tx, { companyId, ...values }));

  const deliverPush = async (n: TNotificationRow, t: TTarget) => {
    const keys = await vapidKeysOf(deps);
    if (!keys.privateKey) {
      opts.log.error({ notificationId: n.id }, 'web push: the stored VAPID private key cannot be decrypted with ENCRYPTION_KEY');
      return record(n.companyId, { notificationId: n.id, channel: 'push', target: t.target, status: 'failed', error: 'VAPID private key unreadable' });
    }
    const out = await sendWebPush({
      subscription: t.subscription!,
      payload: pushPayloadJson({ title: n.title, body: n.body, url: n.data.link ?? '/', tag: `notification-${n.id}` }),
      vapid: { subject: deps.config.vapidSubject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      topic: `n${n.id}`,
      agent: opts.pushAgent,
    });
    if (out.ok) return record(n.companyId, { notificationId: n.id, channel: 'push', target: t.target, status: 'sent', providerId: String(out.statusCode) });
    if (out.gone) {
      await runInScope(deps.db, { companyId: n.companyId }, async (tx) => {
        await repo.removePushSubscription(tx, { companyId: n.companyId, userId: n.userId, endpoint: t.target });
        await repo.saveDelivery(tx, { companyId: n.companyId, notificationId: n.id, channel: 'push', target: t.target, status: 'gone', error: out.message });
      });
      return;
    }
    if (out.permanent) return record(n.companyId, { notificationId: n.id, channel: 'push', target: t.target, status: 'failed', error: out.message });
    throw new RetryLater(out.message);
  };

  const deliverEmail = async (n: TNotificationRow, t: TTarget, user: TUserRow) => {
    const url = n.data.link ? `${deps.config.publicUrl}${n.data.link}` : null;
    const texts = outOfAppTexts({ language: user.language, title: n.title, body: n.body, url });
    try {
      await deps.mailer.send({ to: t.target, subject: n.title, text: texts.email });
    } catch (err) {
      throw new RetryLater(`e-mail: ${err instanceof Error ? err.message : String(err)}`);
    }
    await record(n.companyId, { notificationId: n.id, channel: 'email', target: t.target, status: 'sent' });
  };

  const deliverSms = async (n: TNotificationRow, t: TTarget, user: TUserRow, company: TCompanyRow, previous: TDeliveryRow | undefined) => {
    const channel = SMS_CHANNELS.find((c) => deps.channels[c]?.isAvailable(company));
    if (!channel) {
      opts.log.error({ notificationId: n.id, companyId: company.id }, 'staff alert SMS not sent: the company has no SMS channel');
      return record(n.companyId, { notificationId: n.id, channel: 'sms', target: t.target, status: 'skipped', error: 'No SMS channel is available for this company.' });
    }
    const adapter = deps.channels[channel]!;
    const url = n.data.link ? `${deps.config.publicUrl}${n.data.link}` : null;
    const outbound: TOutboundMessage = {
      company,
      messageId: n.id,
      type: 'STAFF_ALERT',
      to: { phone: t.target, viberUserId: null },
      body: outOfAppTexts({ language: user.language, title: n.title, body: n.body, url }).sms,
      mediaUrls: [],
      media: [],
      alertKey: `${n.id}-${sha256(t.target).slice(0, 10)}`,
    };
    // An attempt that started but never recorded its outcome (a crash, a timeout) is looked up before sending again.
    if (previous?.status === 'sending') {
      const found = await adapter.findSent({ ...outbound, attemptStartedAt: previous.startedAt }).catch(() => null);
      if (found) return record(n.companyId, { notificationId: n.id, channel: 'sms', target: t.target, status: 'sent', providerId: `${channel}:${found.providerMessageId}` });
    }
    await record(n.companyId, { notificationId: n.id, channel: 'sms', target: t.target, status: 'sending' });
    try {
      const sent = await adapter.send(outbound);
      await record(n.companyId, { notificationId: n.id, channel: 'sms', target: t.target, status: 'sent', providerId: `${channel}:${sent.providerMessageId}` });
    } catch (err) {
      if (err instanceof ChannelSendError && err.opts.permanent)
        return record(n.companyId, { notificationId: n.id, channel: 'sms', target: t.target, status: 'failed', error: err.message.slice(0, 500) });
      throw new RetryLater(`sms: ${err instanceof Error ? err.message : String(err)}`);
    }
  };

  return async ({ job }) => {
    const companyId = job.companyId!;
    const notificationId = Number(job.payload.notificationId);
    const loaded = await runInScope(deps.db, { companyId }, async (tx) => {
      const n = await repo.findNotification(tx, { companyId, id: notificationId });
      if (!n) return null;
      const [user, company, done] = [
        await repo.findRecipientUser(tx, { companyId, userId: n.userId }),
        await findCompany(tx, companyId),
        await repo.listDeliveries(tx, { companyId, notificationId }),
      ];
      return user && company ? { n, user, company, done } : null;
    });
    // Deleted in the meantime, or its user is gone or disabled: nothing to deliver.
    if (!loaded || !loaded.user.enabled) return;
    const { n, user, company, done } = loaded;
    const previous = new Map(done.map((d) => [`${d.channel} ${d.target}`, d]));
    const retry: string[] = [];
    for (const t of deliveryTargets(user)) {
      const before = previous.get(`${t.channel} ${t.target}`);
      // Each channel and target is delivered once: a retried job skips what an earlier run finished.
      if (before && before.status !== 'sending') continue;
      try {
        if (t.channel === 'push') await deliverPush(n, t);
        else if (t.channel === 'email') await deliverEmail(n, t, user);
        else await deliverSms(n, t, user, company, before);
      } catch (err) {
        // One failing target does not hold back the others; the job runs again for the ones left.
        retry.push(err instanceof Error ? err.message : String(err));
      }
    }
    if (retry.length) throw new RetryLater(retry.join('; '));
  };
}

/**
 * "Unread for N minutes" (company setting `alerts.alertUserIfMessageUnreadForMinutes`). Scheduled for each inbound
 * message, it alerts the customer's owner only if that message is still unread for them. One alert per unread
 * stretch: the dedupe key names the owner's last read time, which only a read moves.
 */
function createUnreadAlertHandler(deps: TDeps): TJobHandler {
  return async ({ job }) => {
    const companyId = job.companyId!;
    const customerId = Number(job.payload.customerId);
    const messageId = Number(job.payload.messageId);
    const minutes = Number(job.payload.minutes);
    const created = await runWithLiveEvents({
      deps,
      scope: { companyId },
      fn: async (tx, emit) => {
        const company = await findCompany(tx, companyId);
        // Switched off since the message arrived.
        if (!company || !Number((company.alerts as { alertUserIfMessageUnreadForMinutes?: number }).alertUserIfMessageUnreadForMinutes ?? 0)) return false;
        const customer = await customersRepo.findCustomer(tx, { companyId, ownerId: null, id: customerId });
        if (!customer || customer.userId === null) return false;
        const message = await repo.findInboundMessage(tx, { companyId, id: messageId });
        if (!message || message.customerId !== customer.id) return false;
        const readAt = await repo.findReadAt(tx, { companyId, userId: customer.userId, customerId });
        // Same rule as the inbox: read when the read time is at or after the inbound message.
        if (readAt && readAt >= (message.sentAt ?? message.createdAt)) return false;
        const owner = await repo.findRecipientUser(tx, { companyId, userId: customer.userId });
        if (!owner?.enabled) return false;
        const row = await queueUserNotification({
          tx,
          emit,
          notification: {
            companyId,
            userId: owner.id,
            kind: 'unread_alert',
            ...unreadAlertTexts({ language: owner.language, customerName: customerLabel(customer), minutes }),
            data: { customerId, messageId, minutes, link: messengerLink(customerId) },
            dedupeKey: `unread:${customerId}:${readAt ? readAt.toISOString() : 'never'}`,
          },
        });
        return !!row;
      },
    });
    if (created) deps.jobs.wake();
  };
}

type TJobLog = { error: (o: unknown, msg: string) => void };

export function createNotificationJobHandlers(opts: { deps: TDeps; pushAgent?: Agent; log: TJobLog }): Record<string, TJobHandler> {
  return {
    [JOB_DELIVER_NOTIFICATION]: createDeliverNotificationHandler(opts.deps, { pushAgent: opts.pushAgent, log: opts.log }),
    [JOB_UNREAD_ALERT]: createUnreadAlertHandler(opts.deps),
  };
}

export async function getPushPublicKey(opts: { deps: Pick<TAppDeps, 'db' | 'config'> }): Promise<{ publicKey: string }> {
  const keys = await vapidKeysOf(opts.deps);
  return { publicKey: keys.publicKey };
}
