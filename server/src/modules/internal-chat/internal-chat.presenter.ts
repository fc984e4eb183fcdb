import type { TInternalChatColleague, TInternalChatMessage, TInternalChatThread, TInternalChatUser } from '@cd/contracts/internal-chat';
import type { TConfig } from '../../config';
import { iri } from '../../lib/hydra';
import { presentMedia } from '../media/media.presenter';
import type { TMediaRow } from '../media/media.schema';
import type { TChatUserRow, TMemberWithUser } from './internal-chat.repository';
import type { TInternalChatMessageRow, TInternalChatThreadRow } from './internal-chat.schema';

export function toChatUser(u: { id: number; firstName: string; lastName: string }): TInternalChatUser {
  return { '@id': iri('users', u.id), id: u.id, firstName: u.firstName, lastName: u.lastName };
}

export function toColleague(u: TChatUserRow): TInternalChatColleague {
  return { '@id': iri('users', u.id), id: u.id, firstName: u.firstName, lastName: u.lastName, email: u.email };
}

/** Read = nothing newer than the member's read mark (a null mark reads as "before everything"). */
export function isMemberRead(thread: Pick<TInternalChatThreadRow, 'lastMessageAt'>, readAt: Date | null): boolean {
  if (!thread.lastMessageAt) return true;
  return !!readAt && readAt.getTime() >= thread.lastMessageAt.getTime();
}

/** The thread as `viewerArchived` sees it; members come from one statement for a whole page of threads. */
export function toThreadResource(t: TInternalChatThreadRow, opts: { members: TMemberWithUser[]; viewerArchived: boolean }): TInternalChatThread {
  const owner = t.ownerId === null ? undefined : opts.members.find((m) => m.userId === t.ownerId);
  return {
    '@id': iri('internal_chat_threads', t.id),
    '@type': 'InternalChatThread',
    id: t.id,
    name: t.name,
    isGroup: t.isGroup,
    owner: owner ? toChatUser({ id: owner.userId, firstName: owner.firstName, lastName: owner.lastName }) : null,
    users: opts.members.map((m) => toChatUser({ id: m.userId, firstName: m.firstName, lastName: m.lastName })),
    readStates: opts.members.map((m) => ({ userId: m.userId, isRead: isMemberRead(t, m.readAt) })),
    isArchived: opts.viewerArchived,
    bumpedAt: t.bumpedAt.toISOString(),
    createdAt: t.createdAt.toISOString(),
    lastMessage: t.lastMessage ?? null,
  };
}

export function toChatMessageResource(
  m: TInternalChatMessageRow & { sender: { firstName: string; lastName: string } | null },
  opts: { config: Pick<TConfig, 'encryptionKey' | 'publicUrl' | 'signedUrlTtl'>; attachments: TMediaRow[]; viewerId: number },
): TInternalChatMessage {
  const sentAt = m.sentAt.toISOString();
  return {
    '@id': iri('internal_chat_messages', m.id),
    '@type': 'InternalChatMessage',
    id: m.id,
    thread: iri('internal_chat_threads', m.threadId),
    threadId: m.threadId,
    user: m.userId !== null && m.sender ? toChatUser({ id: m.userId, ...m.sender }) : null,
    content: m.content,
    attachments: opts.attachments.map((row) => presentMedia({ config: opts.config, row })),
    sentAt,
    createdAt: sentAt,
    direction: m.userId !== null && m.userId === opts.viewerId ? 'OUTBOUND' : 'INBOUND',
  };
}
