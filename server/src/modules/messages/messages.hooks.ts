import type { TTx } from '../../db/client';
import { createHook } from '../../lib/domain-hooks';
import type { TLiveEventInput } from '../../live/live.types';
import type { TCompanyRow } from '../companies/companies.api';
import type { TCustomerRow } from '../customers/customers.api';
import type { TKeyword } from './keywords';
import type { TMessageRow } from './messages.schema';

// Points where messages announces a customer's message and the modules above it react (away hand-over and
// auto-reply, staff notifications) without messages importing them. Attached in app.ts.

type TEmit = (events: TLiveEventInput[]) => void;

/** A customer's message just stored by receiveInbound (never a duplicate delivery), before its automatic answers. */
export interface TInboundMessageStored {
  tx: TTx;
  emit: TEmit;
  company: TCompanyRow;
  message: TMessageRow;
  keyword: TKeyword | null;
  /** This message created the customer (first contact). */
  isNew: boolean;
  /**
   * The conversation. A reaction that changes it (hands it to another owner) puts the updated row here, so the
   * reactions after it, the keyword answers and the message's live events see the change.
   */
  customer: TCustomerRow;
  /** Queues an automatic STANDARD reply on the message's channel; its live event goes out with the message's. */
  queueReply: (opts: { customer: TCustomerRow; content: string }) => Promise<TMessageRow>;
}

/** The same message once its answers are queued and its conversation's owner is settled. */
export interface TInboundMessageReceived {
  tx: TTx;
  emit: TEmit;
  company: TCompanyRow;
  customer: TCustomerRow;
  message: TMessageRow;
  keyword: TKeyword | null;
  /** The owner the conversation was just handed over from (by an `inboundMessageStored` reaction), else null. */
  transferredFromUserId: number | null;
}

/** Runs in receiveInbound's transaction; reactions may change the conversation (see TInboundMessageStored). */
export const inboundMessageStored = createHook<TInboundMessageStored>({ name: 'messages.inboundMessageStored' });

/** Runs in receiveInbound's transaction, after the answers; for reactions that only tell people. */
export const inboundMessageReceived = createHook<TInboundMessageReceived>({ name: 'messages.inboundMessageReceived' });

/**
 * A message whose text carried a card number, stored with the number masked (messages.repository.ts). The payments
 * module attaches (app.ts) and notes to the agent that card numbers are not taken by text: send a payment link.
 */
export interface TCardNumberMasked {
  tx: TTx;
  message: TMessageRow;
}

export const cardNumberMasked = createHook<TCardNumberMasked>({ name: 'messages.cardNumberMasked' });

/**
 * Agents' messages just queued to go out (not scheduled, not blocked), in the send's transaction and before the
 * conversations are bumped: each listed conversation got a reply. Routing attaches (app.ts) to stop its timers.
 */
export interface TAgentRepliesQueued {
  tx: TTx;
  companyId: number;
  customerIds: number[];
}

export const agentRepliesQueued = createHook<TAgentRepliesQueued>({ name: 'messages.agentRepliesQueued' });
