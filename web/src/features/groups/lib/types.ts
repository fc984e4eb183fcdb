/** Shapes served by /api/customer_groups and /api/group_messages (spec part 1 §3, §7). */
export interface TCustomerGroup {
  '@id'?: string;
  id: number;
  name: string;
  memberCount: number;
  createdAt: string;
}

export interface TGroupMember {
  id: number;
  name: string;
  phone: string | null;
  optOut: boolean;
}

export type TGroupMessageStatus = 'queued' | 'scheduled' | 'sending' | 'sent';

export interface TGroupRecipientStats {
  total: number;
  skipped: number;
  pending: number;
  sent: number;
  delivered: number;
  failed: number;
  blocked: number;
  byStatus: Record<string, number>;
}

export interface TGroupMessage {
  '@id'?: string;
  id: number;
  customerGroupId: number | null;
  status: TGroupMessageStatus;
  content: string | null;
  scheduledAt: string | null;
  createdAt: string;
  recipients: TGroupRecipientStats;
}

/** Per-recipient delivery statuses the server filters by. */
export const RECIPIENT_STATUSES = ['SENDING', 'SENT', 'DELIVERED', 'READ', 'SEEN', 'FAILED', 'UNDELIVERED', 'blocked'] as const;
export type TRecipientStatus = (typeof RECIPIENT_STATUSES)[number];

export interface TGroupRecipient {
  messageId: number;
  status: string;
  errorCode: string | null;
  errorMessage: string | null;
  channel: string | null;
  customerId: number;
  name: string;
  phone: string | null;
}

export interface TKeysetPage<T> {
  member: T[];
  totalItems?: number;
  view?: { next?: string };
}
