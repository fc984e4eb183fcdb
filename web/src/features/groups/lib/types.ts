import type { z } from 'zod';
import type {
  ZCustomerGroupMemberSchema,
  ZCustomerGroupSchema,
  ZGroupMessageSchema,
  ZGroupRecipientSchema,
  ZGroupRecipientStatsSchema,
} from '@cd/contracts/customer-group';

/** Shapes served by /api/customer_groups and /api/group_messages (spec part 1 §3, §7). */
export type TCustomerGroup = z.infer<typeof ZCustomerGroupSchema>;

export type TGroupMember = z.infer<typeof ZCustomerGroupMemberSchema>;

export type { TGroupMessageStatus } from '@cd/contracts/customer-group';

export type TGroupRecipientStats = z.infer<typeof ZGroupRecipientStatsSchema>;

export type TGroupMessage = z.infer<typeof ZGroupMessageSchema>;

/** Per-recipient delivery statuses the server filters by. */
export const RECIPIENT_STATUSES = ['SENDING', 'SENT', 'DELIVERED', 'READ', 'SEEN', 'FAILED', 'UNDELIVERED', 'blocked'] as const;
export type TRecipientStatus = (typeof RECIPIENT_STATUSES)[number];

export type TGroupRecipient = z.infer<typeof ZGroupRecipientSchema>;

export interface TKeysetPage<T> {
  member: T[];
  totalItems?: number;
  view?: { next?: string };
}
