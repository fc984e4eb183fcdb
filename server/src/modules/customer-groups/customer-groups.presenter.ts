import type { TGroupMessage } from '@cd/contracts/customer-group';
import { companyAdminsTopic, userTopic } from '@cd/contracts/live';
import type { TLiveEventInput } from '../../live/live.types';
import type { TGroupMessageRow } from './customer-groups.schema';

export function presentGroupMessage(gm: TGroupMessageRow, stats: Record<string, number>): TGroupMessage {
  const sum = (...keys: string[]) => keys.reduce((n, k) => n + (stats[k] ?? 0), 0);
  return {
    '@id': `/api/group_messages/${gm.id}`,
    '@type': 'GroupMessage',
    id: gm.id,
    customerGroup: gm.groupId === null ? null : `/api/customer_groups/${gm.groupId}`,
    customerGroupId: gm.groupId,
    user: gm.userId === null ? null : `/api/users/${gm.userId}`,
    source: gm.source,
    content: gm.content,
    status: gm.status,
    scheduledAt: gm.scheduledAt?.toISOString() ?? null,
    createdAt: gm.createdAt.toISOString(),
    recipients: {
      total: gm.recipientsTotal,
      skipped: gm.recipientsSkipped,
      pending: sum('SENDING'),
      sent: sum('SENT', 'DELIVERED', 'SEEN', 'READ'),
      delivered: sum('DELIVERED', 'SEEN', 'READ'),
      failed: sum('FAILED', 'UNDELIVERED'),
      blocked: sum('blocked'),
      byStatus: stats,
    },
  };
}

export function groupMessageEvent(gm: TGroupMessageRow, stats: Record<string, number>, event: 'created' | 'updated' | 'removed'): TLiveEventInput {
  return {
    companyId: gm.companyId,
    topics: gm.userId === null ? [companyAdminsTopic(gm.companyId)] : [companyAdminsTopic(gm.companyId), userTopic(gm.userId)],
    event,
    entity: 'group_message',
    data: presentGroupMessage(gm, stats),
    changes: event === 'updated' ? ['recipients', 'status'] : null,
  };
}
