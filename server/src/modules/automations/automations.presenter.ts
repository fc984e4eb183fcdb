import { AUTOMATED_MESSAGE_STATE_INFO, type TAutomatedMessage } from '@cd/contracts/automated-message';
import type { TChannel } from '@cd/contracts/customer';
import { companyAdminsTopic, companyTopic } from '@cd/contracts/live';
import type { TMessageStatus } from '@cd/contracts/message';
import type { TLiveEventInput } from '../../live/live.types';
import type { TAutomatedMessageRow } from './automations.schema';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The order screen's view of one automated message; `messageStatus` is the delivery state of the message it became. */
export function toAutomatedMessageResource(row: TAutomatedMessageRow, messageStatus: string | null): TAutomatedMessage {
  return {
    '@id': `/api/automated_messages/${row.id}`,
    '@type': 'AutomatedMessage',
    id: row.id,
    key: row.key,
    kind: row.kind,
    entity: row.entity,
    entityId: row.entityId,
    state: row.state,
    reasonKey: row.reasonKey ?? AUTOMATED_MESSAGE_STATE_INFO[row.state].reasonKey,
    dueAt: iso(row.dueAt),
    heldUntil: iso(row.heldUntil),
    sentAt: iso(row.sentAt),
    content: row.content,
    message: row.messageId === null ? null : `/api/messages/${row.messageId}`,
    messageStatus: (messageStatus as TMessageStatus | null) ?? null,
    channel: (row.channel as TChannel | null) ?? null,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** On the company topic, like the other records an open screen shows: the order screen refreshes its list. */
export function automatedMessageEvent(row: TAutomatedMessageRow, messageStatus: string | null, changes: string[]): TLiveEventInput {
  return {
    companyId: row.companyId,
    // A survey's text carries its link: only company admins hear of it.
    topics: [row.entity === 'survey' ? companyAdminsTopic(row.companyId) : companyTopic(row.companyId)],
    event: 'updated',
    entity: 'automated_message',
    data: toAutomatedMessageResource(row, messageStatus),
    changes,
  };
}
