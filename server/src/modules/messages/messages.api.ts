/**
 * What other modules may use of messages: its data (the phone simulator's views), its use cases, the send job, and
 * the hooks through which modules above it react to a customer's message (issue 12: messages imports none of them).
 */
export { findMessage, listAttachments, listRecentMessagesOf, listSimulatorCustomerIds } from './messages.repository';
export type { TMessageRow } from './messages.schema';
export type { TKeyword } from './keywords';
export { blockReason, lastMessageOf, messageEvent, resolveChannel } from './message-rules';
export { queueSystemMessage, sendMessage } from './messages.service';
export { newSimulatorMessageId, receiveInbound, recordChannelConsent, type TInbound } from './messages-inbound.service';
export { applyProviderStatus } from './messages-status.service';
export { JOB_SEND_MESSAGE } from './messages.jobs';
export {
  agentRepliesQueued,
  cardNumberMasked,
  inboundMessageReceived,
  inboundMessageStored,
  type TAgentRepliesQueued,
  type TCardNumberMasked,
  type TInboundMessageReceived,
  type TInboundMessageStored,
} from './messages.hooks';
