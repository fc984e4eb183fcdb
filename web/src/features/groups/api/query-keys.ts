import type { TRecipientFilter } from '../lib/recipients-query';

/** Cache keys of the customer groups feature (the live-event handler addresses them too). */
export const groupKeys = {
  all: ['customer_groups'] as const,
  list: ['customer_groups', 'list'] as const,
  detail: (id: number) => ['customer_groups', 'detail', id] as const,
  members: (id: number) => ['customer_groups', 'members', id] as const,
  messages: (groupId: number) => ['group_messages', 'list', groupId] as const,
  message: (id: number) => ['group_messages', 'detail', id] as const,
  recipientsOf: (id: number) => ['group_messages', 'recipients', id] as const,
  recipients: (id: number, filter: TRecipientFilter) => ['group_messages', 'recipients', id, filter] as const,
};
