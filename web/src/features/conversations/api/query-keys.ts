import type { TInboxFilters } from '../lib/inbox-query';

/** Cache keys of the conversations feature (the live-event dispatcher addresses them too). */
export const conversationKeys = {
  customers: ['customers'] as const,
  lists: ['customers', 'list'] as const,
  list: (filters: TInboxFilters) => ['customers', 'list', filters] as const,
  detail: (id: number) => ['customers', 'detail', id] as const,
  readState: ['customers', 'read_state'] as const,
  messagesAll: ['messages'] as const,
  messages: (customerId: number) => ['messages', customerId] as const,
  mergePreview: (id: number, duplicateId: number) => ['customers', 'merge_preview', id, duplicateId] as const,
};
