import type { TChannel } from '@cd/contracts/customer';
import type { TMessageStatus, TMessageType } from '@cd/contracts/message';
import type { TRequestContext } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { AppError, validationError } from '../../lib/errors';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import type { TCompanyRow } from '../companies/companies.api';
import * as customersRepo from '../customers/customers.api';
import type { TCustomerRow } from '../customers/customers.api';
import { customerEvent, customerScopeOf } from '../customers/customers.service';
import { findMediaRows } from '../media/media.api';
import { blockReason, checkSendInput, lastMessageOf, loadCompany, messageEvent, presentMessage, resolveChannel, type TMessagesDeps, type TSendRequest } from './message-rules';
import { agentRepliesQueued } from './messages.hooks';
import { enqueueSendMessage } from './messages.jobs';
import * as repo from './messages.repository';
import type { TMessageRow } from './messages.schema';

// What staff do with a conversation's messages: read the thread, send, retry, manage scheduled ones. Receiving is in
// messages-inbound.service.ts, provider status callbacks in messages-status.service.ts, the send job in messages.jobs.ts.

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
    const member = rows.map((m) => presentMessage(ctx, m, attachments.filter((a) => a.messageId === m.id)));
    return { member, oldest: rows.at(-1) ?? null, full };
  });
}

export async function sendMessage(opts: TSendRequest) {
  const { ctx } = opts;
  const type = opts.type ?? 'STANDARD';
  const content = checkSendInput(opts);
  const scope = customerScopeOf(ctx);
  const result = await runWithLiveEvents({
    deps: ctx,
    scope: { companyId: scope.companyId },
    fn: async (tx, emit) => {
      const company = await loadCompany(tx, scope.companyId);
      const customer = await loadVisibleCustomer(tx, scope, opts.customerId);
      const channel = resolveChannel(ctx, company, customer, opts.channel);
      const hasInboundSince = (since: Date) => repo.hasInboundMessageSince(tx, { companyId: scope.companyId, customerId: customer.id, channel, since });
      const refusal = await ctx.channels[channel]?.refuseSend?.({ company, type, hasInboundSince });
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
      if (status !== 'blocked') await enqueueSendMessage(tx, { companyId: scope.companyId, messageId: m.id, runAt: opts.scheduledAt });
      if (status === 'SENDING') await agentRepliesQueued.run({ tx, companyId: scope.companyId, customerIds: [customer.id] });
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
      return presentMessage(ctx, m, media);
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
      await enqueueSendMessage(tx, { companyId: scope.companyId, messageId: m.id });
      const attachments = await repo.listAttachments(tx, { companyId: scope.companyId, messageIds: [m.id] });
      emit([messageEvent(ctx, customer, row, 'updated', { attachments, changes: ['status'] })]);
      return presentMessage(ctx, row, attachments);
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
      await enqueueSendMessage(tx, { companyId: scope.companyId, messageId: m.id });
      const attachments = await repo.listAttachments(tx, { companyId: scope.companyId, messageIds: [m.id] });
      emit([messageEvent(ctx, customer, row, 'updated', { attachments, changes: ['scheduledAt'] })]);
      return presentMessage(ctx, row, attachments);
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
  deps: TMessagesDeps,
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
  if (!blocked) await enqueueSendMessage(tx, { companyId: opts.company.id, messageId: m.id });
  return m;
}
