import { randomUUID } from 'node:crypto';
import type { TChannel } from '@cd/contracts/customer';
import type { TMessageType } from '@cd/contracts/message';
import type { TTx } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import type { TLiveEventInput } from '../../live/live.types';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import type { TCompanyRow } from '../companies/companies.api';
import * as customersRepo from '../customers/customers.api';
import type { TCustomerRow } from '../customers/customers.api';
import { customerEvent } from '../customers/customers.service';
import { classifyKeyword } from './keywords';
import { lastMessageOf, loadCompany, messageEvent, type TMessagesDeps } from './message-rules';
import { inboundMessageReceived, inboundMessageStored, type TInboundMessageStored } from './messages.hooks';
import { enqueueFetchInboundMedia } from './messages.jobs';
import * as repo from './messages.repository';
import type { TMessageRow } from './messages.schema';
import { queueSystemMessage } from './messages.service';

type TDeps = TMessagesDeps;

export interface TInbound {
  companyId: number;
  channel: TChannel;
  /** Who wrote: a phone number (SMS, WhatsApp) or a messaging-app id (Viber), with the display name the app gave. */
  from: { phone?: string; viberUserId?: string; webchatVisitorId?: string; name?: string };
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
            webchatVisitorId: inbound.from.webchatVisitorId ?? null,
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
        // Modules above react (the away owner's hand-over and auto-reply); a hand-over replaces `stored.customer`.
        const ownerBefore = customer.userId;
        const reactionReplies: TMessageRow[] = [];
        const stored: TInboundMessageStored = {
          tx,
          emit,
          company,
          message: m,
          keyword,
          isNew,
          customer,
          queueReply: async (reply) => {
            const r = await queueSystemMessage(tx, deps, {
              company,
              customer: reply.customer,
              channel: inbound.channel,
              content: reply.content,
              type: 'STANDARD',
            });
            reactionReplies.push(r);
            return r;
          },
        };
        await inboundMessageStored.run(stored);
        customer = stored.customer;
        const events: TLiveEventInput[] = [
          messageEvent(deps, customer, m, 'created'),
          customerEvent(customer, isNew ? 'created' : 'updated', { changes: ['bumpedAt', 'lastMessage', 'read'] }),
          { ...customerEvent(customer, 'trigger', { action: 'read_state_update', data: { id: customer.id } }) },
          ...reactionReplies.map((r) => messageEvent(deps, customer!, r, 'created')),
        ];
        const replies = await keywordReplies(tx, deps, {
          company,
          customer,
          keyword,
          isNew,
          channel: inbound.channel,
          previouslyOptedOut: values.optOut === undefined && customer.optOut,
        });
        for (const r of replies) events.push(messageEvent(deps, customer, r, 'created'));
        if (inbound.media.length) await enqueueFetchInboundMedia(tx, { companyId: company.id, messageId: m.id });
        await inboundMessageReceived.run({
          tx,
          emit,
          company,
          customer,
          message: m,
          keyword,
          transferredFromUserId: customer.userId !== ownerBefore ? ownerBefore : null,
        });
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
  opts: {
    company: TCompanyRow;
    customer: TCustomerRow;
    keyword: ReturnType<typeof classifyKeyword>;
    isNew: boolean;
    channel: TChannel;
    previouslyOptedOut: boolean;
  },
): Promise<TMessageRow[]> {
  const { company, customer, keyword, channel } = opts;
  const providerConfirms = channel === 'sms_provider';
  const out: TMessageRow[] = [];
  const send = async (content: string, type: TMessageType) => out.push(await queueSystemMessage(tx, deps, { company, customer, channel, content, type }));
  if (keyword === 'HELP') {
    await send(
      `${company.name}: customer messages. Reply STOP to opt out, START to opt back in.${company.phone ? ` Help: ${company.phone}.` : ''} Msg&data rates may apply.`,
      'STANDARD',
    );
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
