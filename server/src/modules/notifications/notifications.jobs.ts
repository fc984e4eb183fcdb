import type { Agent } from 'node:https';
import type { TChannel } from '@cd/contracts/customer';
import type { TNotificationData } from '@cd/contracts/notification';
import { ChannelSendError, type TOutboundMessage } from '../../channels/channel.types';
import type { TAppDeps } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { sha256 } from '../../lib/crypto';
import { enqueueJob, type TJobHandler } from '../../jobs/outbox';
import type { TLiveEventInput } from '../../live/live.types';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { findCompany, type TCompanyRow } from '../companies/companies.api';
import * as customersRepo from '../customers/customers.api';
import { findMessage } from '../messages/messages.api';
import type { TUserRow } from '../users/users.api';
import { outOfAppTexts, unreadAlertTexts } from './notification-texts';
import { customerLabel, messengerLink, notificationEvent } from './notifications.presenter';
import * as repo from './notifications.repository';
import type { TDeliveryChannel, TDeliveryRow, TNotificationRow } from './notifications.schema';
import { pushPayloadJson, sendWebPush, vapidKeysOf } from './web-push';

type TDeps = Pick<TAppDeps, 'config' | 'db' | 'live' | 'channels' | 'jobs' | 'mailer'>;
type TEmit = (events: TLiveEventInput[]) => void;

export const JOB_DELIVER_NOTIFICATION = 'deliver_notification';
export const JOB_UNREAD_ALERT = 'notification_unread_alert';

/** Channels that carry a staff alert SMS, best first (the company's own SMS numbers before the simulator). */
const SMS_CHANNELS: TChannel[] = ['sms_provider', 'sms_gateway', 'simulator'];

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
 * user's notification settings say (the delivery job's enqueue helper: the row is what the job delivers). The caller
 * wakes the worker after its commit (`deps.jobs.wake()`). Returns undefined when the dedupe key was already used.
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

/** Schedules the "unread for N minutes" check of an inbound message, in the caller's transaction. */
export async function enqueueUnreadAlert(tx: TTx, opts: { companyId: number; customerId: number; messageId: number; minutes: number }): Promise<void> {
  await enqueueJob(tx, {
    companyId: opts.companyId,
    kind: JOB_UNREAD_ALERT,
    payload: { customerId: opts.customerId, messageId: opts.messageId, minutes: opts.minutes },
    runAt: new Date(Date.now() + opts.minutes * 60_000),
  });
}

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
      logSubject: { companyId: n.companyId, notificationId: n.id },
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
      return record(n.companyId, {
        notificationId: n.id,
        channel: 'sms',
        target: t.target,
        status: 'skipped',
        error: 'No SMS channel is available for this company.',
      });
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
      if (found)
        return record(n.companyId, {
          notificationId: n.id,
          channel: 'sms',
          target: t.target,
          status: 'sent',
          providerId: `${channel}:${found.providerMessageId}`,
        });
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
        const message = await findMessage(tx, { companyId, id: messageId });
        if (!message || message.direction !== 'INBOUND' || message.customerId !== customer.id) return false;
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
