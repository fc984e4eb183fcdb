/** What other modules may use of messages' data (the phone simulator's views). */
export { listAttachments, listRecentMessagesOf, listSimulatorCustomerIds } from './messages.repository';
