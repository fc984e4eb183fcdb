import { randomUUID } from 'node:crypto';
import type { TChannel } from '@cd/contracts/customer';
import { STATUS_RANK, type TMessageStatus, type TMessageType } from '@cd/contracts/message';
import type { TChannelAdapter, TOutboundMessage } from '../../channels/channel.types';
import { ChannelSendError } from '../../channels/channel.types';
import type { TAppDeps, TRequestContext } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, validationError } from '../../lib/errors';
import { completeJob, enqueueJob, rescheduleJob, type TJob, type TJobHandler } from '../../jobs/outbox';
import { nextSendingTime } from '../../lib/quiet-hours';
import type { TLiveEventInput } from '../../live/live.types';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { findCompany } from '../companies/companies.api';
import { notifyInboundMessage } from '../notifications/notifications.service';
import type { TCompanyRow } from '../companies/companies.schema';
import * as customersRepo from '../customers/customers.api';
import type { TCustomerRow } from '../customers/customers.schema';
import { CHANNEL_PREFERENCE } from '../users/users.service';
import { applyAwayStatus } from '../users/away.service';
import { customerEvent, customerScopeOf, customerTopics } from '../customers/customers.service';
import { signedMediaUrl } from '../media/media.presenter';
import { findMediaRows } from '../media/media.api';
import { saveMediaFromBuffer } from '../media/media.service';
import type { TMediaRow } from '../media/media.schema';
import { classifyKeyword } from './keywords';
import { toMessageResource } from './messages.presenter';
import * as repo from './messages.repository';
import type { TMessageRow } from './messages.schema';

export type TChannelRegistry = Partial<Record<TChannel, TChannelAdapter>>;
type TDeps = Pick<TAppDeps, 'config' | 'db' | 'live' | 'channels' | 'jobs'>;

/** Jobs this module runs through the outbox. */
export const JOB_SEND_MESSAGE = 'send_message';
export const JOB_SIMULATOR_STATUS = 'simulator_status';
export const JOB_FETCH_INBOUND_MEDIA = 'fetch_inbound_media';

const SEND_ATTEMPTS = 6;
const SIMULATOR_DELIVERY_MS = 700;

function presentRow(deps: Pick<TDeps, 'config'>, m: TMessageRow, attachments: TMediaRow[]) {
  return toMessageResource(m, { config: deps.config, attachments });
}

export function messageEvent(
  deps: Pick<TDeps, 'config'>,
  customer: Pick<TCustomerRow, 'companyId' | 'userId'>,
  m: TMessageRow,
  event: 'created' | 'updated' | 'removed',
  opts: { attachments?: TMediaRow[]; changes?: string[] } = {},
): TLiveEventInput {
  return {
    companyId: m.companyId,
    topics: customerTopics(customer),
    event,
    entity: 'message',
    data: presentRow(deps, m, opts.attachments ?? []),
    changes: opts.changes ?? null,
  };
}

export function lastMessageOf(m: TMessageRow, hasAttachments: boolean) {
  return { content: m.content, direction: m.direction, status: m.status, createdAt: m.createdAt.toISOString(), hasAttachments };
}

/** Why a message may not go out: opted-out customers get nothing (but their opt-out confirmation); safe mode allows whitelisted numbers only. */
export function blockReason(company: TCompanyRow, customer: TCustomerRow, type: string): string | null {
  if (customer.optOut && type !== 'OPT_OUT') return 'The customer opted out of messages (STOP).';
  const ocs = company.ocs as { safeMode?: boolean; smsWhitelist?: string[] };
  if (ocs.safeMode && !(customer.phone && (ocs.smsWhitelist ?? []).includes(customer.phone))) return 'Safe mode: this number is not on the whitelist.';
  return null;
}

const SMS_NUMBER_REQUIRED = 'Company must have an SMS number';

/** The channel a message goes through: the one asked for, else the customer's preferred one, else the company's best available. */
export function resolveChannel(deps: Pick<TDeps, 'channels'>, company: TCompanyRow, customer: TCustomerRow, requested?: TChannel): TChannel {
  const available = (c: TChannel | null | undefined): c is TChannel => {
    const adapter = c ? deps.channels[c] : undefined;
    return !!adapter && adapter.isAvailable(company) && adapter.canReach(customer);
  };
  if (requested) {
    // Spec part 2 §8: SMS through the provider needs the company's own number; say so rather than "not available".
    if (requested === 'sms_provider' && !(company.ocs as { twilioPhoneNumber?: string | null }).twilioPhoneNumber)
      throw new AppError('validation_failed', SMS_NUMBER_REQUIRED, [{ propertyPath: 'channel', message: SMS_NUMBER_REQUIRED }]);
    if (!available(requested))
      throw validationError([{ propertyPath: 'channel', message: 'This channel is not available for this company.' }]);
    return requested;
  }
  const preferred = customer.preferredChannel as TChannel | null;
  if (available(preferred)) return preferred;
  for (const c of CHANNEL_PREFERENCE) if (available(c)) return c;
  throw new AppError('validation_failed', 'This customer has no valid communication channel.', [
    { propertyPath: 'channel', message: 'This customer has no valid communication channel.' },
  ]);
}

async function loadCompany(tx: TTx, companyId: number): Promise<TCompanyRow> {
  const company = await findCompany(tx, companyId);
  if (!company) throw new AppError('not_found', 'Company not found.');
  return company;
}

async function loadVisibleCustomer(tx: TTx, scope: customersRepo.TCustomerScope, id: number): Promise<TCustomerRow> {
  const c = await customersRepo.findCustomer(tx, { ...scope, id });
  if (!c) throw new AppError('not_found', 'Customer not found.');
  return c;
}

/** The message and its customer, when the actor may see that customer. */
async function loadVisibleMessage(tx: TTx, ctx: TRequestContext, id: number) {
  const scope = customerScopeOf(ctx);
  const m = await repo.findMessage(tx, { companyId: scope.companyId, id });
  if (!m) throw new AppError('not_found', 'Message not found.');
  const customer = await customersRepo.findCustomer(tx, { ...scope, id: m.customerId });
  if (!customer) throw new AppError('not_found', 'Message not found.');
  return { m, customer, scope };
}

export async function listMessages(opts: { ctx: TRequestContext; customerId: number; before?: Date; limit: number }) {
  const { ctx } = opts;
  const scope = customerScopeOf(ctx);
  return runInScope(ctx.db, { companyId: scope.companyId }, async (tx) => {
    await loadVisibleCustomer(tx, scope, opts.customerId);
    const { rows, full } = await repo.listThread(tx, { companyId: scope.companyId, customerId: opts.customerId, before: opts.before, limit: opts.limit });
    const attachments = await repo.listAttachments(tx, { companyId: scope.companyId, messageIds: rows.map((r) => r.id) });
    const member = rows.map((m) => presentRow(ctx, m, attachments.filter((a) => a.messageId === m.id)));
    return { member, oldest: rows.at(-1) ?? null, full };
  });
}

export async function sendMessage(opts: {
  ctx: TRequestContext;
  customerId: number;
  content: string;
  channel?: TChannel;
  scheduledAt?: Date;
  mediaIds: number[];
  /** WHATSAPP_TEMPLATE for the WhatsApp invite; STANDARD otherwise. */
  type?: TMessageType;
}) {
  const { ctx } = opts;
  const type = opts.type ?? 'STANDARD';
  const content = opts.content.trim();
  if (!content && !opts.mediaIds.length)
    throw validationError([{ propertyPath: 'content', message: 'Write a message or attach a file.' }]);
  if (opts.scheduledAt && opts.scheduledAt.getTime() <= Date.now())
    throw validationError([{ propertyPath: 'scheduledAt', message: 'A scheduled message needs a future date and time.' }]);
  const scope = customerScopeOf(ctx);
  const result = await runWithLiveEvents({
    deps: ctx,
    scope: { companyId: scope.companyId },
    fn: async (tx, emit) => {
      const company = await loadCompany(tx, scope.companyId);
      const customer = await loadVisibleCustomer(tx, scope, opts.customerId);
      const channel = resolveChannel(ctx, company, customer, opts.channel);
      const refusal = await ctx.channels[channel]?.refuseSend?.({ tx, company, customerId: customer.id, type });
      if (refusal) throw new AppError('validation_failed', refusal, [{ propertyPath: 'channel', message: refusal }]);
      const media = await findMediaRows(tx, { companyId: scope.companyId, ids: opts.mediaIds });
      if (media.length !== opts.mediaIds.length) throw validationError([{ propertyPath: 'file', message: 'An attachment was not found.' }]);
      const blocked = opts.scheduledAt ? null : blockReason(company, customer, type);
      const status: TMessageStatus = opts.scheduledAt ? 'scheduled' : blocked ? 'blocked' : 'SENDING';
      const m = await repo.insertMessage(tx, {
        companyId: scope.companyId,
        customerId: customer.id,
        userId: ctx.actor.user.id,
        direction: 'OUTBOUND',
        status,
        type,
        channel,
        sender: 'agent',
        content: content || null,
        scheduledAt: opts.scheduledAt ?? null,
        errorMessage: blocked,
      });
      await repo.linkAttachments(tx, { companyId: scope.companyId, messageId: m.id, mediaIds: opts.mediaIds });
      if (status !== 'blocked') await enqueueJob(tx, { companyId: scope.companyId, kind: JOB_SEND_MESSAGE, payload: { messageId: m.id }, runAt: opts.scheduledAt });
      // Replying reads the conversation; a scheduled message does not bump it until it goes out.
      await customersRepo.upsertReadState(tx, { companyId: scope.companyId, customerId: customer.id, userId: ctx.actor.user.id });
      const events = [messageEvent(ctx, customer, m, 'created', { attachments: media })];
      if (status !== 'scheduled') {
        const updated = (await customersRepo.updateCustomer(tx, {
          companyId: scope.companyId,
          id: customer.id,
          values: { bumpedAt: m.createdAt, lastMessage: lastMessageOf(m, media.length > 0) },
        }))!;
        events.push(customerEvent(updated, 'updated', { changes: ['bumpedAt', 'lastMessage'] }));
      }
      emit(events);
      return presentRow(ctx, m, media);
    },
  });
  ctx.jobs.wake();
  return result;
}

export async function retryMessage(opts: { ctx: TRequestContext; id: number }) {
  const { ctx } = opts;
  const result = await runWithLiveEvents({
    deps: ctx,
    scope: { companyId: customerScopeOf(ctx).companyId },
    fn: async (tx, emit) => {
      const { m, customer, scope } = await loadVisibleMessage(tx, ctx, opts.id);
      if (m.direction !== 'OUTBOUND' || !['FAILED', 'UNDELIVERED'].includes(m.status))
        throw new AppError('conflict', 'Only a failed outbound message can be sent again.');
      const company = await loadCompany(tx, scope.companyId);
      const blocked = blockReason(company, customer, m.type);
      if (blocked) throw new AppError('conflict', blocked);
      // A new attempt: the provider id of the failed one is dropped so the new send is tracked on its own.
      const row = (await repo.updateMessage(tx, {
        companyId: scope.companyId,
        id: m.id,
        values: { status: 'SENDING', errorCode: null, errorMessage: null, providerMessageId: null, attemptStartedAt: null },
      }))!;
      await enqueueJob(tx, { companyId: scope.companyId, kind: JOB_SEND_MESSAGE, payload: { messageId: m.id } });
      const attachments = await repo.listAttachments(tx, { companyId: scope.companyId, messageIds: [m.id] });
      emit([messageEvent(ctx, customer, row, 'updated', { attachments, changes: ['status'] })]);
      return presentRow(ctx, row, attachments);
    },
  });
  ctx.jobs.wake();
  return result;
}

export async function sendScheduledNow(opts: { ctx: TRequestContext; id: number }) {
  const { ctx } = opts;
  const result = await runWithLiveEvents({
    deps: ctx,
    scope: { companyId: customerScopeOf(ctx).companyId },
    fn: async (tx, emit) => {
      const { m, customer, scope } = await loadVisibleMessage(tx, ctx, opts.id);
      if (m.status !== 'scheduled') throw new AppError('conflict', 'This message is not scheduled.');
      const row = (await repo.updateMessage(tx, { companyId: scope.companyId, id: m.id, values: { scheduledAt: new Date() } }))!;
      await enqueueJob(tx, { companyId: scope.companyId, kind: JOB_SEND_MESSAGE, payload: { messageId: m.id } });
      const attachments = await repo.listAttachments(tx, { companyId: scope.companyId, messageIds: [m.id] });
      emit([messageEvent(ctx, customer, row, 'updated', { attachments, changes: ['scheduledAt'] })]);
      return presentRow(ctx, row, attachments);
    },
  });
  ctx.jobs.wake();
  return result;
}

export async function removeScheduled(opts: { ctx: TRequestContext; id: number }): Promise<void> {
  const { ctx } = opts;
  await runWithLiveEvents({
    deps: ctx,
    scope: { companyId: customerScopeOf(ctx).companyId },
    fn: async (tx, emit) => {
      const { m, customer, scope } = await loadVisibleMessage(tx, ctx, opts.id);
      if (m.status !== 'scheduled') throw new AppError('conflict', 'This message is not scheduled.');
      // Its pending job finds no message and ends.
      await repo.deleteMessage(tx, { companyId: scope.companyId, id: m.id });
      emit([messageEvent(ctx, customer, m, 'removed')]);
    },
  });
}

/** Inserts an automatic outbound message (keyword replies, welcome) with its send job. */
export async function queueSystemMessage(
  tx: TTx,
  deps: TDeps,
  opts: { company: TCompanyRow; customer: TCustomerRow; channel: TChannel; content: string; type: TMessageType },
): Promise<TMessageRow> {
  const blocked = blockReason(opts.company, opts.customer, opts.type);
  const m = await repo.insertMessage(tx, {
    companyId: opts.company.id,
    customerId: opts.customer.id,
    direction: 'OUTBOUND',
    status: blocked ? 'blocked' : 'SENDING',
    type: opts.type,
    channel: opts.channel,
    sender: 'system',
    content: opts.content,
    errorMessage: blocked,
  });
  if (!blocked) await enqueueJob(tx, { companyId: opts.company.id, kind: JOB_SEND_MESSAGE, payload: { messageId: m.id } });
  return m;
}

export interface TInbound {
  companyId: number;
  channel: TChannel;
  /** Who wrote: a phone number (SMS, WhatsApp) or a messaging-app id (Viber), with the display name the app gave. */
  from: { phone?: string; viberUserId?: string; name?: string };
  body: string;
  providerMessageId: string;
  media: { url: string; contentType: string }[];
}

/**
 * A message from a customer: idempotent on the provider's message id; creates the customer on first contact;
 * applies STOP / START / HELP; makes the conversation unread for everyone who sees it.
 */
export async function receiveInbound(opts: { deps: TDeps; inbound: TInbound }): Promise<{ duplicate: boolean; messageId: number | null }> {
  const { deps, inbound } = opts;
  try {
    const result = await runWithLiveEvents({
      deps,
      scope: { companyId: inbound.companyId },
      fn: async (tx, emit) => {
        const existing = await repo.findMessageByProviderId(tx, {
          companyId: inbound.companyId,
          channel: inbound.channel,
          providerMessageId: inbound.providerMessageId,
        });
        if (existing) return { duplicate: true, messageId: existing.id };
        const company = await loadCompany(tx, inbound.companyId);
        const now = new Date();
        let customer = await customersRepo.findCustomerByIdentity(tx, { companyId: company.id, ...inbound.from });
        const isNew = !customer;
        if (!customer) {
          const [firstName = '', ...rest] = (inbound.from.name ?? '').trim().split(/\s+/);
          customer = await customersRepo.insertCustomer(tx, {
            companyId: company.id,
            phone: inbound.from.phone ?? null,
            viberUserId: inbound.from.viberUserId ?? null,
            firstName,
            lastName: rest.join(' '),
            userId: company.defaultCustomerUserId,
            preferredChannel: inbound.channel,
            bumpedAt: now,
          });
        }
        const keyword = classifyKeyword(inbound.body);
        const m = await repo.insertMessage(tx, {
          companyId: company.id,
          customerId: customer.id,
          direction: 'INBOUND',
          status: 'RECEIVED',
          type: keyword === 'STOP' ? 'OPT_OUT' : keyword === 'START' ? 'OPT_IN' : 'STANDARD',
          channel: inbound.channel,
          sender: 'customer',
          content: inbound.body || null,
          providerMessageId: inbound.providerMessageId,
          sentAt: now,
          pendingMedia: inbound.media.length ? inbound.media : null,
        });
        const values: Partial<TCustomerRow> = {
          bumpedAt: now,
          lastInboundAt: now,
          archived: false,
          lastMessage: lastMessageOf(m, inbound.media.length > 0),
        };
        if (keyword === 'STOP' && !customer.optOut) {
          values.optOut = true;
          values.optedOutAt = now;
        }
        if (keyword === 'START' && customer.optOut) {
          values.optOut = false;
          values.optedOutAt = null;
        }
        if (values.optOut !== undefined)
          await customersRepo.insertConsentEvent(tx, {
            companyId: company.id,
            customerId: customer.id,
            kind: values.optOut ? 'opt_out' : 'opt_in',
            source: 'keyword',
            channel: inbound.channel,
            detail: { keyword: inbound.body.trim().slice(0, 40), messageId: m.id },
          });
        customer = (await customersRepo.updateCustomer(tx, { companyId: company.id, id: customer.id, values }))!;
        // The owner's away status: hand-over to their chosen colleague, one auto-reply per away period (users module).
        const ownerBefore = customer.userId;
        const away = await applyAwayStatus(tx, { company, customer, isNew, keyword, emit, queueReply: (c, content) => queueSystemMessage(tx, deps, { company, customer: c, channel: inbound.channel, content, type: 'STANDARD' }) });
        customer = away.customer;
        const events: TLiveEventInput[] = [
          messageEvent(deps, customer, m, 'created'),
          customerEvent(customer, isNew ? 'created' : 'updated', { changes: ['bumpedAt', 'lastMessage', 'read'] }),
          { ...customerEvent(customer, 'trigger', { action: 'read_state_update', data: { id: customer.id } }) },
          ...away.replies.map((r) => messageEvent(deps, customer!, r, 'created')),
        ];
        const replies = await keywordReplies(tx, deps, { company, customer, keyword, isNew, channel: inbound.channel, previouslyOptedOut: values.optOut === undefined && customer.optOut });
        for (const r of replies) events.push(messageEvent(deps, customer, r, 'created'));
        if (inbound.media.length)
          await enqueueJob(tx, { companyId: company.id, kind: JOB_FETCH_INBOUND_MEDIA, payload: { messageId: m.id } });
        await notifyInboundMessage({ tx, emit, company, customer, message: m, keyword, transferredFromUserId: away.transferredTo !== null ? ownerBefore : null });
        emit(events);
        return { duplicate: false, messageId: m.id };
      },
    });
    deps.jobs.wake();
    return result;
  } catch (err) {
    // Two deliveries of one webhook at the same moment: the loser hits the unique provider id.
    if (isUniqueViolation(err)) return { duplicate: true, messageId: null };
    throw err;
  }
}

/**
 * Keyword answers (US carrier rules): HELP gets the company name and opt-out instructions; STOP gets one
 * confirmation, then silence; START confirms the re-subscription. The SMS provider already confirms STOP and
 * START itself at carrier level (and refuses sends after STOP), so those confirmations go only through
 * channels without that layer. A first contact gets the welcome message when the company enabled it.
 */
async function keywordReplies(
  tx: TTx,
  deps: TDeps,
  opts: { company: TCompanyRow; customer: TCustomerRow; keyword: ReturnType<typeof classifyKeyword>; isNew: boolean; channel: TChannel; previouslyOptedOut: boolean },
): Promise<TMessageRow[]> {
  const { company, customer, keyword, channel } = opts;
  const providerConfirms = channel === 'sms_provider';
  const out: TMessageRow[] = [];
  const send = async (content: string, type: TMessageType) => out.push(await queueSystemMessage(tx, deps, { company, customer, channel, content, type }));
  if (keyword === 'HELP') {
    await send(`${company.name}: customer messages. Reply STOP to opt out, START to opt back in.${company.phone ? ` Help: ${company.phone}.` : ''} Msg&data rates may apply.`, 'STANDARD');
  } else if (keyword === 'STOP' && !providerConfirms && !opts.previouslyOptedOut) {
    await send(`${company.name}: you are unsubscribed and will receive no more messages. Reply START to resubscribe.`, 'OPT_OUT');
  } else if (keyword === 'START' && !providerConfirms) {
    await send(`${company.name}: you are subscribed again. Reply STOP to opt out, HELP for help.`, 'OPT_IN');
  } else if (opts.isNew && keyword === null && company.welcomeMessageEnabled && company.welcomeMessage) {
    await send(company.welcomeMessage, 'WELCOME_MESSAGE');
    await customersRepo.updateCustomer(tx, { companyId: company.id, id: customer.id, values: { welcomeSentAt: new Date() } });
  }
  return out;
}

/** Provider status callbacks move a message forward only (they may arrive out of order). */
export async function applyProviderStatus(opts: {
  deps: TDeps;
  companyId: number;
  channel: TChannel;
  messageId?: number;
  providerMessageId: string;
  status: TMessageStatus;
  errorCode?: string | null;
  errorMessage?: string | null;
}): Promise<{ applied: boolean; found: boolean }> {
  const { deps } = opts;
  return runWithLiveEvents({
    deps,
    scope: { companyId: opts.companyId },
    fn: async (tx, emit) => {
      let m = opts.messageId ? await repo.findMessage(tx, { companyId: opts.companyId, id: opts.messageId }) : undefined;
      if (m && m.providerMessageId && m.providerMessageId !== opts.providerMessageId) m = undefined;
      m ??= await repo.findMessageByProviderId(tx, { companyId: opts.companyId, channel: opts.channel, providerMessageId: opts.providerMessageId });
      if (!m || m.direction !== 'OUTBOUND') return { applied: false, found: !!m };
      const current = m.status as TMessageStatus;
      if (current === 'blocked' || current === 'scheduled' || STATUS_RANK[opts.status] <= STATUS_RANK[current])
        return { applied: false, found: true };
      const failed = opts.status === 'FAILED' || opts.status === 'UNDELIVERED';
      const row = (await repo.updateMessage(tx, {
        companyId: opts.companyId,
        id: m.id,
        values: {
          status: opts.status,
          providerMessageId: m.providerMessageId ?? opts.providerMessageId,
          sentAt: m.sentAt ?? (opts.status === 'SENT' || opts.status === 'DELIVERED' ? new Date() : null),
          ...(failed ? { errorCode: opts.errorCode ?? null, errorMessage: opts.errorMessage ?? null } : {}),
        },
      }))!;
      const customer = await customersRepo.findCustomer(tx, { companyId: opts.companyId, ownerId: null, id: m.customerId });
      if (customer) {
        const attachments = await repo.listAttachments(tx, { companyId: opts.companyId, messageIds: [m.id] });
        emit([messageEvent(deps, customer, row, 'updated', { attachments, changes: ['status'] })]);
      }
      return { applied: true, found: true };
    },
  });
}

/** What a worker needs to send one message; null when there is nothing (left) to send. */
async function prepareSend(deps: TDeps, job: TJob) {
  const companyId = job.companyId!;
  const messageId = Number(job.payload.messageId);
  return runWithLiveEvents({
    deps,
    scope: { companyId },
    fn: async (tx, emit) => {
      const m = await repo.findMessage(tx, { companyId, id: messageId });
      if (!m || !['SENDING', 'scheduled'].includes(m.status) || m.providerMessageId) {
        await completeJob(tx, job.id);
        return null;
      }
      const company = await loadCompany(tx, companyId);
      let customer = (await customersRepo.findCustomer(tx, { companyId, ownerId: null, id: m.customerId }))!;
      // Automated and group sends wait for the recipient's sending window; an agent's reply in a live
      // conversation is never held.
      if (m.sender === 'system' || m.groupMessageId !== null) {
        const ocs = company.ocs as { quietHoursStart?: string | null; quietHoursEnd?: string | null };
        const next = nextSendingTime({ now: new Date(), timeZone: customer.timezone ?? company.timezone, start: ocs.quietHoursStart, end: ocs.quietHoursEnd });
        if (next && deps.config.quietHours) {
          await rescheduleJob(tx, { jobId: job.id, runAt: next, error: 'held for quiet hours' });
          return 'rescheduled' as const;
        }
      }
      let row = m;
      if (m.status === 'scheduled') {
        // Its time has come: the rules are checked again now, not when it was written.
        const blocked = blockReason(company, customer, m.type);
        row = (await repo.updateMessage(tx, { companyId, id: m.id, values: { status: blocked ? 'blocked' : 'SENDING', errorMessage: blocked } }))!;
        customer = (await customersRepo.updateCustomer(tx, { companyId, id: customer.id, values: { bumpedAt: new Date(), lastMessage: lastMessageOf(row, false) } }))!;
        emit([messageEvent(deps, customer, row, 'updated', { changes: ['status'] }), customerEvent(customer, 'updated', { changes: ['bumpedAt', 'lastMessage'] })]);
        if (blocked) {
          await completeJob(tx, job.id);
          return null;
        }
      } else {
        const blocked = blockReason(company, customer, m.type);
        if (blocked) {
          row = (await repo.updateMessage(tx, { companyId, id: m.id, values: { status: 'blocked', errorMessage: blocked } }))!;
          emit([messageEvent(deps, customer, row, 'updated', { changes: ['status'] })]);
          await completeJob(tx, job.id);
          return null;
        }
      }
      const attachments = await repo.listAttachments(tx, { companyId, messageIds: [m.id] });
      const media = attachments.map((a) => ({
        url: signedMediaUrl({ config: deps.config, row: a, absolute: true, ttlSeconds: 24 * 3600 })!,
        mimeType: a.mimeType,
        fileName: a.originalFileName,
        size: a.size,
      }));
      const outbound: TOutboundMessage = {
        company,
        messageId: m.id,
        type: m.type,
        to: { phone: customer.phone, viberUserId: customer.viberUserId },
        body: m.content ?? '',
        mediaUrls: media.map((x) => x.url),
        media,
      };
      return { message: row, outbound, attachments };
    },
  });
}

async function finishSend(
  deps: TDeps,
  job: TJob,
  opts: { message: TMessageRow; attachments: TMediaRow[]; values: Partial<TMessageRow>; then?: (tx: TTx) => Promise<void> },
) {
  const companyId = opts.message.companyId;
  await runWithLiveEvents({
    deps,
    scope: { companyId },
    fn: async (tx, emit) => {
      // A status callback may have landed between the provider's answer and this commit: never move back.
      const current = await repo.findMessage(tx, { companyId, id: opts.message.id });
      const values = { ...opts.values };
      if (current && values.status && STATUS_RANK[current.status as TMessageStatus] > STATUS_RANK[values.status as TMessageStatus] && values.status !== 'FAILED')
        values.status = current.status;
      const row = (await repo.updateMessage(tx, { companyId, id: opts.message.id, values }))!;
      await completeJob(tx, job.id);
      await opts.then?.(tx);
      const customer = await customersRepo.findCustomer(tx, { companyId, ownerId: null, id: row.customerId });
      if (customer) emit([messageEvent(deps, customer, row, 'updated', { attachments: opts.attachments, changes: ['status'] })]);
    },
  });
}

/**
 * Sends one message. The attempt is stamped (and committed) before the provider call; if a worker dies after the
 * call but before recording its result, the next run asks the provider whether it already has the message and
 * adopts it instead of sending again. Nothing is lost (the job stays until it completes) and nothing is doubled.
 */
export function createSendMessageHandler(deps: TDeps): TJobHandler {
  return async ({ job }) => {
    const prepared = await prepareSend(deps, job);
    if (prepared === 'rescheduled') return 'rescheduled';
    if (!prepared) return;
    const { message, outbound, attachments } = prepared;
    const adapter = deps.channels[message.channel as TChannel];
    if (!adapter) {
      await finishSend(deps, job, { message, attachments, values: { status: 'FAILED', errorMessage: `Channel ${message.channel} is not available.` } });
      return;
    }
    const afterSend = (result: { providerMessageId: string; status: TMessageStatus }) =>
      finishSend(deps, job, {
        message,
        attachments,
        values: { providerMessageId: result.providerMessageId, status: result.status, sentAt: new Date(), attemptStartedAt: null },
        then:
          message.channel === 'simulator'
            ? (tx) =>
                enqueueJob(tx, {
                  companyId: message.companyId,
                  kind: JOB_SIMULATOR_STATUS,
                  payload: { messageId: message.id, providerMessageId: result.providerMessageId, status: 'DELIVERED' },
                  runAt: new Date(Date.now() + SIMULATOR_DELIVERY_MS),
                }).then(() => undefined)
            : undefined,
      });

    if (message.attemptStartedAt) {
      const found = await adapter.findSent({ ...outbound, attemptStartedAt: message.attemptStartedAt });
      if (found) return afterSend(found);
    }
    await runInScope(deps.db, { companyId: message.companyId }, (tx) =>
      repo.updateMessage(tx, { companyId: message.companyId, id: message.id, values: { attemptStartedAt: new Date(), attempt: message.attempt + 1 } }),
    );
    try {
      const result = await adapter.send(outbound);
      await afterSend(result);
    } catch (err) {
      if (!(err instanceof ChannelSendError)) throw err;
      const lastAttempt = job.attempts >= SEND_ATTEMPTS;
      if (err.opts.permanent || lastAttempt) {
        await finishSend(deps, job, {
          message,
          attachments,
          values: { status: 'FAILED', errorCode: err.opts.code ?? null, errorMessage: err.message.slice(0, 500), attemptStartedAt: null },
        });
        return;
      }
      // A refused request certainly did not go out; only an unanswered one needs reconciling on the next try.
      if (!err.opts.outcomeUnknown)
        await runInScope(deps.db, { companyId: message.companyId }, (tx) =>
          repo.updateMessage(tx, { companyId: message.companyId, id: message.id, values: { attemptStartedAt: null } }),
        );
      throw err;
    }
  };
}

export function createMessageJobHandlers(opts: { deps: TDeps }): Record<string, TJobHandler> {
  const { deps } = opts;
  return {
    [JOB_SEND_MESSAGE]: createSendMessageHandler(deps),
    [JOB_SIMULATOR_STATUS]: async ({ job }) => {
      await applyProviderStatus({
        deps,
        companyId: job.companyId!,
        channel: 'simulator',
        messageId: Number(job.payload.messageId),
        providerMessageId: String(job.payload.providerMessageId),
        status: job.payload.status as TMessageStatus,
      });
    },
    [JOB_FETCH_INBOUND_MEDIA]: createFetchInboundMediaHandler(deps),
  };
}

/** Attaches fetched inbound media to its message and tells subscribers. */
export async function attachInboundMedia(opts: { deps: TDeps; companyId: number; messageId: number; mediaIds: number[] }) {
  const { deps, companyId, messageId } = opts;
  await runWithLiveEvents({
    deps,
    scope: { companyId },
    fn: async (tx, emit) => {
      const m = await repo.findMessage(tx, { companyId, id: messageId });
      if (!m) return;
      await repo.linkAttachments(tx, { companyId, messageId, mediaIds: opts.mediaIds });
      const row = (await repo.updateMessage(tx, { companyId, id: messageId, values: { pendingMedia: null } }))!;
      const attachments = await repo.listAttachments(tx, { companyId, messageIds: [messageId] });
      const customer = await customersRepo.findCustomer(tx, { companyId, ownerId: null, id: m.customerId });
      if (customer) emit([messageEvent(deps, customer, row, 'updated', { attachments, changes: ['attachments'] })]);
    },
  });
}

/** Downloads an inbound message's media through its channel (only from the provider) and attaches it. */
function createFetchInboundMediaHandler(deps: TDeps): TJobHandler {
  return async ({ job }) => {
    const companyId = job.companyId!;
    const messageId = Number(job.payload.messageId);
    const found = await runInScope(deps.db, { companyId }, async (tx) => {
      const m = await repo.findMessage(tx, { companyId, id: messageId });
      const company = await findCompany(tx, companyId);
      return m && company ? { message: m, company } : null;
    });
    if (!found?.message.pendingMedia?.length) return;
    const adapter = deps.channels[found.message.channel as TChannel];
    if (!adapter?.downloadMedia) throw new Error(`channel ${found.message.channel} cannot download media`);
    const mediaIds: number[] = [];
    let budget = deps.config.attachmentLimitBytes;
    for (const [i, item] of found.message.pendingMedia.entries()) {
      const { contentType, data } = await adapter.downloadMedia({ company: found.company, ref: item.url, maxBytes: budget });
      budget -= data.length;
      const row = await saveMediaFromBuffer({
        deps,
        companyId,
        userId: null,
        file: { filename: `media-${messageId}-${i + 1}`, mimetype: contentType || item.contentType, buffer: data },
        acceptedTypes: 'any',
        maxBytes: data.length + 1,
      });
      mediaIds.push(row.id);
    }
    await attachInboundMedia({ deps, companyId, messageId, mediaIds });
  };
}

/**
 * A channel-level subscription change (Viber unsubscribed / subscribed, …) goes to the consent ledger and the
 * customer's opt-out flag, exactly like STOP / START.
 */
export async function recordChannelConsent(opts: {
  deps: TDeps;
  companyId: number;
  identity: { phone?: string; viberUserId?: string };
  kind: 'opt_out' | 'opt_in';
  source: string;
  channel: TChannel;
}): Promise<boolean> {
  const { deps, companyId } = opts;
  return runWithLiveEvents({
    deps,
    scope: { companyId },
    fn: async (tx, emit) => {
      const customer = await customersRepo.findCustomerByIdentity(tx, { companyId, ...opts.identity });
      if (!customer) return false;
      const optOut = opts.kind === 'opt_out';
      if (customer.optOut === optOut) return true;
      const row = (await customersRepo.updateCustomer(tx, { companyId, id: customer.id, values: { optOut, optedOutAt: optOut ? new Date() : null } }))!;
      await customersRepo.insertConsentEvent(tx, { companyId, customerId: customer.id, kind: opts.kind, source: opts.source, channel: opts.channel });
      emit([customerEvent(row, 'updated', { changes: ['optOut'] })]);
      return true;
    },
  });
}

export function newSimulatorMessageId(): string {
  return `SIMIN-${randomUUID()}`;
}
