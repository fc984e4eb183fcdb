/**
 * What other modules may use of group sends (offers send through them, docs/marketing-consent.md): a group message
 * without a group carries another module's texts through the same send jobs, quiet hours and once-per-customer key.
 */
export {
  enqueueSendJobs,
  insertGroupMessage,
  insertRecipientMessages,
  linkAttachmentsToMessages,
  linkGroupAttachments,
  updateGroupMessage,
} from './customer-groups.repository';
