import {
  CHAT_ALREADY_EXISTS,
  INTERNAL_CHAT_MAX_MEMBERS,
  INTERNAL_CHAT_MESSAGE_ENTITY,
  INTERNAL_CHAT_THREAD_ENTITY,
  type TInternalChatThread,
} from '@cd/contracts/internal-chat';
import { userTopic } from '@cd/contracts/live';
import type { TRequestContext } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, validationError } from '../../lib/errors';
import { requireArea } from '../../lib/require-area';
import { iri } from '../../lib/hydra';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import type { TLiveEventInput } from '../../live/live.types';
import { findMediaRows } from '../media/media.api';
import { discardAttachments } from '../media/read-multipart-attachments';
import { userTransferHooks } from '../users/users.service';
import { toChatMessageResource, toColleague, toThreadResource, isMemberRead } from './internal-chat.presenter';
import * as repo from './internal-chat.repository';
import type { TInternalChatThreadRow } from './internal-chat.schema';

/** The company and the effective user every internal chat call acts for. */
export interface TChatScope {
  companyId: number;
  userId: number;
}

/**
 * Internal chat is for users with ROLE_INTERNAL_CHAT and company admins, between users of one company. A super
 * admin without a company has no colleagues and no chats: 403 (impersonating a user, they act as that user).
 */
export function chatScopeOf(ctx: TRequestContext): TChatScope {
  const a = ctx.actor;
  if (a.companyId === null) throw new AppError('forbidden', 'Internal chat is between users of one company.');
  requireArea({ ctx, area: 'internal_chat', message: 'Internal chat needs the internal chat role.' });
  return { companyId: a.companyId, userId: a.user.id };
}

const NOT_FOUND = 'Chat not found.';

async function loadThread(tx: TTx, scope: TChatScope, id: number, opts: { lock?: boolean } = {}): Promise<repo.TThreadWithMember> {
  const t = await repo.findThreadForMember(tx, { companyId: scope.companyId, threadId: id, userId: scope.userId, lock: opts.lock });
  if (!t) throw new AppError('not_found', NOT_FOUND);
  return t;
}

function assertOwner(t: TInternalChatThreadRow, scope: TChatScope): void {
  if (t.ownerId !== scope.userId) throw new AppError('forbidden', 'Only the owner of a chat may change or delete it.');
}

function chatExistsError(threadId: number): AppError {
  return new AppError(
    'validation_failed',
    CHAT_ALREADY_EXISTS,
    [{ propertyPath: 'users', message: CHAT_ALREADY_EXISTS, code: 'chat_already_exists' }],
    undefined,
    { thread: iri('internal_chat_threads', threadId), threadId },
  );
}

/** A thread event to the given members' own topics (chats are private: no company or admin topic). */
function threadEvent(opts: {
  scope: TChatScope;
  resource: TInternalChatThread | { '@id': string; id: number };
  event: 'created' | 'updated' | 'removed';
  to: number[];
  changes?: string[];
}): TLiveEventInput {
  return {
    companyId: opts.scope.companyId,
    topics: opts.to.map(userTopic),
    event: opts.event,
    entity: INTERNAL_CHAT_THREAD_ENTITY,
    data: opts.resource,
    changes: opts.changes ?? null,
  };
}

async function presentThread(tx: TTx, scope: TChatScope, t: TInternalChatThreadRow, viewerArchived: boolean) {
  const members = await repo.listMembersOf(tx, { companyId: scope.companyId, threadIds: [t.id] });
  return { resource: toThreadResource(t, { members, viewerArchived }), memberIds: members.map((m) => m.userId) };
}

/** Colleagues must be chat-capable users of the caller's company (enabled, with the role or admins). */
async function assertChatCapable(tx: TTx, scope: TChatScope, ids: number[]): Promise<void> {
  const capable = await repo.findChatCapableUserIds(tx, { companyId: scope.companyId, ids });
  const refused = ids.filter((id) => !capable.has(id));
  if (refused.length)
    throw validationError([
      { propertyPath: 'users', message: `These users cannot take part in a chat of your company: ${refused.join(', ')}.`, code: 'user_not_a_colleague' },
    ]);
}

function uniqueOthers(ids: readonly number[], self: number): number[] {
  return [...new Set(ids)].filter((id) => id !== self);
}

export async function listColleagues(opts: { ctx: TRequestContext }) {
  const scope = chatScopeOf(opts.ctx);
  const rows = await runInScope(opts.ctx.db, { companyId: scope.companyId }, (tx) => repo.listChatColleagues(tx, { companyId: scope.companyId, excludeId: scope.userId }));
  return rows.map(toColleague);
}

export async function listThreads(opts: { ctx: TRequestContext; archived?: boolean; search?: string; limit: number; before?: { bumpedAt: Date; id: number } }) {
  const scope = chatScopeOf(opts.ctx);
  return runInScope(opts.ctx.db, { companyId: scope.companyId }, async (tx) => {
    const filter = { companyId: scope.companyId, userId: scope.userId, archived: opts.archived, search: opts.search };
    const rows = await repo.listThreadsOfUser(tx, { ...filter, limit: opts.limit + 1, before: opts.before });
    const page = rows.slice(0, opts.limit);
    // The count is for the first page only; later pages (following view.next) reuse it.
    const total = opts.before ? null : await repo.countThreadsOfUser(tx, filter);
    const members = await repo.listMembersOf(tx, { companyId: scope.companyId, threadIds: page.map((t) => t.id) });
    return {
      member: page.map((t) => toThreadResource(t, { members: members.filter((m) => m.threadId === t.id), viewerArchived: t.member.archived })),
      total,
      hasMore: rows.length > opts.limit,
      last: page.at(-1),
    };
  });
}

export async function countUnreadThreads(opts: { ctx: TRequestContext }): Promise<number> {
  const scope = chatScopeOf(opts.ctx);
  return runInScope(opts.ctx.db, { companyId: scope.companyId }, (tx) => repo.countUnreadThreadsOfUser(tx, scope));
}

export async function getThread(opts: { ctx: TRequestContext; id: number }) {
  const scope = chatScopeOf(opts.ctx);
  return runInScope(opts.ctx.db, { companyId: scope.companyId }, async (tx) => {
    const t = await loadThread(tx, scope, opts.id);
    return (await presentThread(tx, scope, t, t.member.archived)).resource;
  });
}

export async function createThread(opts: { ctx: TRequestContext; users: number[]; name?: string | null }) {
  const { ctx } = opts;
  const scope = chatScopeOf(ctx);
  const others = uniqueOthers(opts.users, scope.userId);
  if (!others.length) throw validationError([{ propertyPath: 'users', message: 'Choose at least one colleague.' }]);
  if (others.length > INTERNAL_CHAT_MAX_MEMBERS)
    throw validationError([{ propertyPath: 'users', message: `A chat holds at most ${INTERNAL_CHAT_MAX_MEMBERS} colleagues.` }]);
  const name = opts.name?.trim() || null;
  const isGroup = name !== null || others.length > 1;
  if (isGroup && !name) throw validationError([{ propertyPath: 'name', message: 'A group chat needs a name.' }]);
  const pair = isGroup ? null : ([Math.min(scope.userId, others[0]!), Math.max(scope.userId, others[0]!)] as const);
  try {
    return await runWithLiveEvents({
      deps: ctx,
      scope: { companyId: scope.companyId },
      fn: async (tx, emit) => {
        await assertChatCapable(tx, scope, others);
        if (pair) {
          const existing = await repo.findDirectThread(tx, { companyId: scope.companyId, low: pair[0], high: pair[1] });
          if (existing) throw chatExistsError(existing.id);
        }
        const now = new Date();
        const t = await repo.insertThread(tx, {
          companyId: scope.companyId,
          ownerId: scope.userId,
          name,
          isGroup,
          directUserLow: pair?.[0] ?? null,
          directUserHigh: pair?.[1] ?? null,
          bumpedAt: now,
        });
        await repo.addMembers(tx, { companyId: scope.companyId, threadId: t.id, userIds: [scope.userId], readAt: now });
        await repo.addMembers(tx, { companyId: scope.companyId, threadId: t.id, userIds: others });
        const { resource, memberIds } = await presentThread(tx, scope, t, false);
        emit([threadEvent({ scope, resource, event: 'created', to: memberIds })]);
        return resource;
      },
    });
  } catch (err) {
    // Two people opening the same one-to-one chat at once: the unique index lets one win; the other is told.
    if (pair && isUniqueViolation(err, 'internal_chat_threads_direct_key')) {
      const existing = await runInScope(ctx.db, { companyId: scope.companyId }, (tx) => repo.findDirectThread(tx, { companyId: scope.companyId, low: pair[0], high: pair[1] }));
      if (existing) throw chatExistsError(existing.id);
    }
    throw err;
  }
}

export async function changeThread(opts: { ctx: TRequestContext; id: number; name?: string; users?: number[] }) {
  const { ctx } = opts;
  const scope = chatScopeOf(ctx);
  return runWithLiveEvents({
    deps: ctx,
    scope: { companyId: scope.companyId },
    fn: async (tx, emit) => {
      let t: TInternalChatThreadRow = await loadThread(tx, scope, opts.id, { lock: true });
      const viewerArchived = (t as repo.TThreadWithMember).member.archived;
      assertOwner(t, scope);
      if (!t.isGroup && (opts.name !== undefined || opts.users !== undefined))
        throw validationError([
          { propertyPath: opts.name !== undefined ? 'name' : 'users', message: 'A one-to-one chat keeps its two members and has no name; start a group chat instead.' },
        ]);
      const changes: string[] = [];
      let removed: number[] = [];
      if (opts.users !== undefined) {
        const owner = t.ownerId!;
        const wanted = uniqueOthers(opts.users, owner);
        if (!wanted.length) throw validationError([{ propertyPath: 'users', message: 'A group chat needs at least one colleague besides you.' }]);
        if (wanted.length > INTERNAL_CHAT_MAX_MEMBERS)
          throw validationError([{ propertyPath: 'users', message: `A chat holds at most ${INTERNAL_CHAT_MAX_MEMBERS} colleagues.` }]);
        const current = (await repo.listMembersOf(tx, { companyId: scope.companyId, threadIds: [t.id] })).map((m) => m.userId);
        const added = wanted.filter((id) => !current.includes(id));
        removed = current.filter((id) => id !== owner && !wanted.includes(id));
        // Only newcomers are checked: a member who since lost the role may stay until the owner removes them.
        await assertChatCapable(tx, scope, added);
        await repo.removeMembers(tx, { companyId: scope.companyId, threadId: t.id, userIds: removed });
        await repo.addMembers(tx, { companyId: scope.companyId, threadId: t.id, userIds: added });
        if (added.length || removed.length) changes.push('users', 'readStates');
      }
      if (opts.name !== undefined && opts.name !== t.name) changes.push('name');
      if (changes.length) t = await repo.updateThread(tx, { companyId: scope.companyId, id: t.id, values: opts.name !== undefined ? { name: opts.name } : {} });
      const { resource, memberIds } = await presentThread(tx, scope, t, viewerArchived);
      if (changes.length) {
        const events = [threadEvent({ scope, resource, event: 'updated', to: memberIds, changes })];
        if (removed.length) events.push(threadEvent({ scope, resource: { '@id': resource['@id'], id: t.id }, event: 'removed', to: removed }));
        emit(events);
      }
      return resource;
    },
  });
}

export async function deleteThread(opts: { ctx: TRequestContext; id: number }): Promise<void> {
  const { ctx } = opts;
  const scope = chatScopeOf(ctx);
  const mediaIds = await runWithLiveEvents({
    deps: ctx,
    scope: { companyId: scope.companyId },
    fn: async (tx, emit) => {
      const t = await loadThread(tx, scope, opts.id, { lock: true });
      assertOwner(t, scope);
      const media = await repo.listThreadMediaIds(tx, { companyId: scope.companyId, threadId: t.id });
      const members = await repo.listMembersOf(tx, { companyId: scope.companyId, threadIds: [t.id] });
      // Messages, memberships and attachment links go with the thread (foreign keys cascade).
      await repo.deleteThread(tx, { companyId: scope.companyId, id: t.id });
      emit([threadEvent({ scope, resource: { '@id': iri('internal_chat_threads', t.id), id: t.id }, event: 'removed', to: members.map((m) => m.userId) })]);
      return media;
    },
  });
  // The files themselves, once the thread is surely gone.
  await discardAttachments({ deps: ctx, companyId: scope.companyId, mediaIds });
}

/**
 * Read marks the thread read up to its newest message (not "now": a message committing meanwhile stays unread);
 * unread clears the mark. Every member hears of it (read states are shown to all); nothing is written or sent
 * when the state does not change.
 */
export async function setThreadRead(opts: { ctx: TRequestContext; id: number; read: boolean }) {
  const { ctx } = opts;
  const scope = chatScopeOf(ctx);
  return runWithLiveEvents({
    deps: ctx,
    scope: { companyId: scope.companyId },
    fn: async (tx, emit) => {
      const t = await loadThread(tx, scope, opts.id);
      const readAt = opts.read ? (t.lastMessageAt ?? new Date()) : null;
      const changed = isMemberRead(t, t.member.readAt) !== isMemberRead(t, readAt);
      if (changed) await repo.updateMember(tx, { companyId: scope.companyId, threadId: t.id, userId: scope.userId, values: { readAt } });
      const { resource, memberIds } = await presentThread(tx, scope, t, t.member.archived);
      if (changed) emit([threadEvent({ scope, resource, event: 'updated', to: memberIds, changes: ['readStates'] })]);
      return resource;
    },
  });
}

/** Archive is the caller's own: only they hear of it. */
export async function setThreadArchived(opts: { ctx: TRequestContext; id: number; archived: boolean }) {
  const { ctx } = opts;
  const scope = chatScopeOf(ctx);
  return runWithLiveEvents({
    deps: ctx,
    scope: { companyId: scope.companyId },
    fn: async (tx, emit) => {
      const t = await loadThread(tx, scope, opts.id);
      const changed = t.member.archived !== opts.archived;
      if (changed) await repo.updateMember(tx, { companyId: scope.companyId, threadId: t.id, userId: scope.userId, values: { archived: opts.archived } });
      const { resource } = await presentThread(tx, scope, t, opts.archived);
      if (changed) emit([threadEvent({ scope, resource, event: 'updated', to: [scope.userId], changes: ['isArchived'] })]);
      return resource;
    },
  });
}

export async function listMessages(opts: { ctx: TRequestContext; threadId: number; before?: Date; limit: number }) {
  const { ctx } = opts;
  const scope = chatScopeOf(ctx);
  return runInScope(ctx.db, { companyId: scope.companyId }, async (tx) => {
    await loadThread(tx, scope, opts.threadId);
    const page = await repo.listMessagesPage(tx, { companyId: scope.companyId, threadId: opts.threadId, before: opts.before, limit: opts.limit });
    const attachments = await repo.listAttachments(tx, { companyId: scope.companyId, messageIds: page.rows.map((r) => r.id) });
    const member = page.rows.map((m) =>
      toChatMessageResource(m, { config: ctx.config, attachments: attachments.filter((a) => a.messageId === m.id), viewerId: scope.userId }),
    );
    return { member, oldest: page.rows.at(-1) ?? null, full: page.full };
  });
}

/**
 * A message: bumps the thread (newest first in everyone's list), makes it unread for the other members by moving
 * its last-message time past their read marks (one thread row, nothing per member), reads it for the sender, and
 * brings it back from any member's archive.
 */
export async function sendMessage(opts: { ctx: TRequestContext; threadId: number; content: string; mediaIds: number[] }) {
  const { ctx } = opts;
  const scope = chatScopeOf(ctx);
  const content = opts.content.trim();
  if (!content && !opts.mediaIds.length) throw validationError([{ propertyPath: 'content', message: 'Write a message or attach a file.' }]);
  return runWithLiveEvents({
    deps: ctx,
    scope: { companyId: scope.companyId },
    fn: async (tx, emit) => {
      const t = await loadThread(tx, scope, opts.threadId, { lock: true });
      const media = await findMediaRows(tx, { companyId: scope.companyId, ids: opts.mediaIds });
      if (media.length !== opts.mediaIds.length) throw validationError([{ propertyPath: 'file', message: 'An attachment was not found.' }]);
      const sentAt = new Date();
      const m = await repo.insertMessage(tx, { companyId: scope.companyId, threadId: t.id, userId: scope.userId, content: content || null, sentAt });
      await repo.linkAttachments(tx, { companyId: scope.companyId, messageId: m.id, mediaIds: opts.mediaIds });
      // Times only move forward, even if another server's clock is a little behind.
      const newest = !t.lastMessageAt || sentAt >= t.lastMessageAt;
      const lastMessageAt = newest ? sentAt : t.lastMessageAt!;
      const updated = await repo.updateThread(tx, {
        companyId: scope.companyId,
        id: t.id,
        values: {
          bumpedAt: sentAt > t.bumpedAt ? sentAt : t.bumpedAt,
          lastMessageAt,
          ...(newest ? { lastMessage: { id: m.id, content: m.content, userId: scope.userId, hasAttachments: media.length > 0, sentAt: sentAt.toISOString() } } : {}),
        },
      });
      await repo.updateMember(tx, { companyId: scope.companyId, threadId: t.id, userId: scope.userId, values: { readAt: lastMessageAt } });
      await repo.unarchiveForAll(tx, { companyId: scope.companyId, threadId: t.id });
      const { resource, memberIds } = await presentThread(tx, scope, updated, false);
      const sender = ctx.actor.user;
      const message = toChatMessageResource({ ...m, sender: { firstName: sender.firstName, lastName: sender.lastName } }, { config: ctx.config, attachments: media, viewerId: scope.userId });
      emit([
        { companyId: scope.companyId, topics: memberIds.map(userTopic), event: 'created', entity: INTERNAL_CHAT_MESSAGE_ENTITY, data: message, changes: null },
        threadEvent({ scope, resource, event: 'updated', to: memberIds, changes: ['bumpedAt', 'lastMessage', 'readStates', 'isArchived'] }),
      ]);
      return message;
    },
  });
}

// Deleting a user hands the group chats they own to the receiving user in the same transaction.
userTransferHooks.push((tx, opts) => repo.transferThreadOwnership(tx, opts));
