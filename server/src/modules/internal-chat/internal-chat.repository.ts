import { and, asc, count, desc, eq, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { TTx } from '../../db/client';
import { listLinkedMedia } from '../media/media.api';
import type { TMediaRow } from '../media/media.schema';
import { users } from '../users/users.schema';
import {
  internalChatMembers,
  internalChatMessageAttachments,
  internalChatMessages,
  internalChatThreads,
  type TInternalChatMemberRow,
  type TInternalChatMessageRow,
  type TInternalChatThreadRow,
} from './internal-chat.schema';

/** Who may be in a chat: enabled users with the internal chat role, and company admins. */
const CHAT_CAPABLE = sql`(${users.enabled} and (${users.roles} && array['ROLE_INTERNAL_CHAT', 'ROLE_COMPANY_ADMIN']::text[]))`;

export interface TChatUserRow {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
}

function escapeLike(v: string): string {
  return v.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Colleagues the caller can chat with, by name. */
export async function listChatColleagues(tx: TTx, opts: { companyId: number; excludeId: number }): Promise<TChatUserRow[]> {
  return tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(eq(users.companyId, opts.companyId), ne(users.id, opts.excludeId), CHAT_CAPABLE))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

/** Of `ids`, those that are chat-capable users of the company (one statement). */
export async function findChatCapableUserIds(tx: TTx, opts: { companyId: number; ids: number[] }): Promise<Set<number>> {
  if (!opts.ids.length) return new Set();
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, opts.companyId), inArray(users.id, opts.ids), CHAT_CAPABLE));
  return new Set(rows.map((r) => r.id));
}

export async function findUsersByIds(tx: TTx, opts: { companyId: number; ids: number[] }): Promise<TChatUserRow[]> {
  if (!opts.ids.length) return [];
  return tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(eq(users.companyId, opts.companyId), inArray(users.id, opts.ids)));
}

export type TThreadWithMember = TInternalChatThreadRow & { member: TInternalChatMemberRow };

/** The thread if `userId` is a member of it (else undefined: non-members cannot tell it exists). */
export async function findThreadForMember(tx: TTx, opts: { companyId: number; threadId: number; userId: number; lock?: boolean }): Promise<TThreadWithMember | undefined> {
  let q = tx
    .select({ thread: internalChatThreads, member: internalChatMembers })
    .from(internalChatThreads)
    .innerJoin(
      internalChatMembers,
      and(eq(internalChatMembers.companyId, internalChatThreads.companyId), eq(internalChatMembers.threadId, internalChatThreads.id), eq(internalChatMembers.userId, opts.userId)),
    )
    .where(and(eq(internalChatThreads.companyId, opts.companyId), eq(internalChatThreads.id, opts.threadId)))
    .limit(1)
    .$dynamic();
  // Sends lock the thread row: concurrent messages of one thread update its bump and preview in turn.
  if (opts.lock) q = q.for('update', { of: internalChatThreads });
  const [row] = await q;
  return row ? { ...row.thread, member: row.member } : undefined;
}

export interface TThreadListFilter {
  companyId: number;
  userId: number;
  archived?: boolean;
  search?: string;
}

function threadListWhere(f: TThreadListFilter): SQL {
  const conds: (SQL | undefined)[] = [eq(internalChatMembers.companyId, f.companyId), eq(internalChatMembers.userId, f.userId)];
  if (f.archived !== undefined) conds.push(eq(internalChatMembers.archived, f.archived));
  if (f.search) {
    const like = `%${escapeLike(f.search)}%`;
    // A group matches by its name, any chat by another member's name (a one-to-one chat shows the other's name).
    conds.push(sql`(${internalChatThreads.name} ilike ${like} or exists (
      select 1 from internal_chat_members om join users ou on ou.company_id = om.company_id and ou.id = om.user_id
      where om.company_id = ${internalChatThreads.companyId} and om.thread_id = ${internalChatThreads.id} and om.user_id <> ${f.userId}
        and (ou.first_name || ' ' || ou.last_name) ilike ${like}))`);
  }
  return and(...conds)!;
}

/**
 * The caller's threads, newest bump first, keyset on (bumpedAt, id). A user is in few threads, so the join of
 * their memberships with the threads is sorted directly rather than kept in a per-member bump index (which would
 * cost a write per member per message).
 */
export async function listThreadsOfUser(
  tx: TTx,
  f: TThreadListFilter & { limit: number; before?: { bumpedAt: Date; id: number } },
): Promise<TThreadWithMember[]> {
  const keyset = f.before ? sql`(${internalChatThreads.bumpedAt}, ${internalChatThreads.id}) < (${f.before.bumpedAt}, ${f.before.id})` : undefined;
  const rows = await tx
    .select({ thread: internalChatThreads, member: internalChatMembers })
    .from(internalChatMembers)
    .innerJoin(internalChatThreads, and(eq(internalChatThreads.companyId, internalChatMembers.companyId), eq(internalChatThreads.id, internalChatMembers.threadId)))
    .where(and(threadListWhere(f), keyset))
    .orderBy(desc(internalChatThreads.bumpedAt), desc(internalChatThreads.id))
    .limit(f.limit);
  return rows.map((r) => ({ ...r.thread, member: r.member }));
}

export async function countThreadsOfUser(tx: TTx, f: TThreadListFilter): Promise<number> {
  const [c] = await tx
    .select({ n: count() })
    .from(internalChatMembers)
    .innerJoin(internalChatThreads, and(eq(internalChatThreads.companyId, internalChatMembers.companyId), eq(internalChatThreads.id, internalChatMembers.threadId)))
    .where(threadListWhere(f));
  return Number(c?.n ?? 0);
}

/** Unread threads of a user (not archived), for the menu badge: one statement. */
export async function countUnreadThreadsOfUser(tx: TTx, opts: { companyId: number; userId: number }): Promise<number> {
  const [c] = await tx
    .select({ n: count() })
    .from(internalChatMembers)
    .innerJoin(internalChatThreads, and(eq(internalChatThreads.companyId, internalChatMembers.companyId), eq(internalChatThreads.id, internalChatMembers.threadId)))
    .where(
      and(
        eq(internalChatMembers.companyId, opts.companyId),
        eq(internalChatMembers.userId, opts.userId),
        eq(internalChatMembers.archived, false),
        sql`${internalChatThreads.lastMessageAt} is not null and (${internalChatMembers.readAt} is null or ${internalChatMembers.readAt} < ${internalChatThreads.lastMessageAt})`,
      ),
    );
  return Number(c?.n ?? 0);
}

export type TMemberWithUser = TInternalChatMemberRow & { firstName: string; lastName: string };

/** Members (with names) of many threads in one statement, in the order they joined. */
export async function listMembersOf(tx: TTx, opts: { companyId: number; threadIds: number[] }): Promise<TMemberWithUser[]> {
  if (!opts.threadIds.length) return [];
  const rows = await tx
    .select({ member: internalChatMembers, firstName: users.firstName, lastName: users.lastName })
    .from(internalChatMembers)
    .innerJoin(users, and(eq(users.companyId, internalChatMembers.companyId), eq(users.id, internalChatMembers.userId)))
    .where(and(eq(internalChatMembers.companyId, opts.companyId), inArray(internalChatMembers.threadId, opts.threadIds)))
    .orderBy(asc(internalChatMembers.joinedAt), asc(internalChatMembers.userId));
  return rows.map((r) => ({ ...r.member, firstName: r.firstName, lastName: r.lastName }));
}

export async function findDirectThread(tx: TTx, opts: { companyId: number; low: number; high: number }): Promise<TInternalChatThreadRow | undefined> {
  const [row] = await tx
    .select()
    .from(internalChatThreads)
    .where(
      and(
        eq(internalChatThreads.companyId, opts.companyId),
        eq(internalChatThreads.isGroup, false),
        eq(internalChatThreads.directUserLow, opts.low),
        eq(internalChatThreads.directUserHigh, opts.high),
      ),
    )
    .limit(1);
  return row;
}

export async function insertThread(tx: TTx, values: typeof internalChatThreads.$inferInsert): Promise<TInternalChatThreadRow> {
  const [row] = await tx.insert(internalChatThreads).values(values).returning();
  return row!;
}

export async function updateThread(
  tx: TTx,
  opts: { companyId: number; id: number; values: Partial<typeof internalChatThreads.$inferInsert> },
): Promise<TInternalChatThreadRow> {
  const [row] = await tx
    .update(internalChatThreads)
    .set({ ...opts.values, updatedAt: new Date() })
    .where(and(eq(internalChatThreads.companyId, opts.companyId), eq(internalChatThreads.id, opts.id)))
    .returning();
  return row!;
}

export async function deleteThread(tx: TTx, opts: { companyId: number; id: number }): Promise<void> {
  await tx.delete(internalChatThreads).where(and(eq(internalChatThreads.companyId, opts.companyId), eq(internalChatThreads.id, opts.id)));
}

/** Media objects attached to a thread's messages (removed with the thread). */
export async function listThreadMediaIds(tx: TTx, opts: { companyId: number; threadId: number }): Promise<number[]> {
  const rows = await tx
    .select({ id: internalChatMessageAttachments.mediaId })
    .from(internalChatMessageAttachments)
    .innerJoin(
      internalChatMessages,
      and(eq(internalChatMessages.companyId, internalChatMessageAttachments.companyId), eq(internalChatMessages.id, internalChatMessageAttachments.messageId)),
    )
    .where(and(eq(internalChatMessages.companyId, opts.companyId), eq(internalChatMessages.threadId, opts.threadId)));
  return rows.map((r) => r.id);
}

export async function addMembers(tx: TTx, opts: { companyId: number; threadId: number; userIds: number[]; readAt?: Date | null }): Promise<void> {
  if (!opts.userIds.length) return;
  await tx
    .insert(internalChatMembers)
    .values(opts.userIds.map((userId) => ({ companyId: opts.companyId, threadId: opts.threadId, userId, readAt: opts.readAt ?? null })))
    .onConflictDoNothing();
}

export async function removeMembers(tx: TTx, opts: { companyId: number; threadId: number; userIds: number[] }): Promise<void> {
  if (!opts.userIds.length) return;
  await tx
    .delete(internalChatMembers)
    .where(and(eq(internalChatMembers.companyId, opts.companyId), eq(internalChatMembers.threadId, opts.threadId), inArray(internalChatMembers.userId, opts.userIds)));
}

export async function updateMember(
  tx: TTx,
  opts: { companyId: number; threadId: number; userId: number; values: Partial<Pick<TInternalChatMemberRow, 'readAt' | 'archived'>> },
): Promise<void> {
  await tx
    .update(internalChatMembers)
    .set(opts.values)
    .where(and(eq(internalChatMembers.companyId, opts.companyId), eq(internalChatMembers.threadId, opts.threadId), eq(internalChatMembers.userId, opts.userId)));
}

/** A new message brings the thread back from every member's archive (nobody misses it); one statement. */
export async function unarchiveForAll(tx: TTx, opts: { companyId: number; threadId: number }): Promise<void> {
  await tx
    .update(internalChatMembers)
    .set({ archived: false })
    .where(and(eq(internalChatMembers.companyId, opts.companyId), eq(internalChatMembers.threadId, opts.threadId), eq(internalChatMembers.archived, true)));
}

export async function insertMessage(tx: TTx, values: typeof internalChatMessages.$inferInsert): Promise<TInternalChatMessageRow> {
  const [row] = await tx.insert(internalChatMessages).values(values).returning();
  return row!;
}

export async function linkAttachments(tx: TTx, opts: { companyId: number; messageId: number; mediaIds: number[] }): Promise<void> {
  if (!opts.mediaIds.length) return;
  await tx
    .insert(internalChatMessageAttachments)
    .values(opts.mediaIds.map((mediaId, position) => ({ companyId: opts.companyId, messageId: opts.messageId, mediaId, position })))
    .onConflictDoNothing();
}

export type TMessageWithSender = TInternalChatMessageRow & { sender: { firstName: string; lastName: string } | null };

/**
 * One page of a thread, newest first, strictly before a time (keyset; never OFFSET). When the page is full, the
 * messages sharing the oldest one's time are added too, so the next page (strictly before that time) skips none.
 */
export async function listMessagesPage(
  tx: TTx,
  opts: { companyId: number; threadId: number; before?: Date; limit: number },
): Promise<{ rows: TMessageWithSender[]; full: boolean }> {
  const select = () =>
    tx
      .select({ message: internalChatMessages, firstName: users.firstName, lastName: users.lastName })
      .from(internalChatMessages)
      .leftJoin(users, and(eq(users.companyId, internalChatMessages.companyId), eq(users.id, internalChatMessages.userId)));
  const base = [eq(internalChatMessages.companyId, opts.companyId), eq(internalChatMessages.threadId, opts.threadId)];
  const page = await select()
    .where(and(...base, opts.before ? lt(internalChatMessages.sentAt, opts.before) : undefined))
    .orderBy(desc(internalChatMessages.sentAt), desc(internalChatMessages.id))
    .limit(opts.limit);
  const full = page.length === opts.limit;
  const oldest = page.at(-1);
  const ties =
    full && oldest
      ? await select()
          .where(and(...base, eq(internalChatMessages.sentAt, oldest.message.sentAt), lt(internalChatMessages.id, oldest.message.id)))
          .orderBy(desc(internalChatMessages.id))
      : [];
  const rows = [...page, ...ties].map((r) => ({
    ...r.message,
    sender: r.firstName === null || r.lastName === null ? null : { firstName: r.firstName, lastName: r.lastName },
  }));
  return { rows, full };
}

/** Attachments of a page of messages in one statement. */
export function listAttachments(tx: TTx, opts: { companyId: number; messageIds: number[] }): Promise<(TMediaRow & { messageId: number })[]> {
  return listLinkedMedia(tx, { links: internalChatMessageAttachments, ...opts });
}

/** Deleting a user hands the group chats they own to the receiving user, who joins them if not yet a member. */
export async function transferThreadOwnership(tx: TTx, opts: { companyId: number; fromUserId: number; toUserId: number }): Promise<void> {
  const owned = await tx
    .update(internalChatThreads)
    .set({ ownerId: opts.toUserId, updatedAt: new Date() })
    .where(and(eq(internalChatThreads.companyId, opts.companyId), eq(internalChatThreads.ownerId, opts.fromUserId), eq(internalChatThreads.isGroup, true)))
    .returning({ id: internalChatThreads.id });
  if (!owned.length) return;
  await tx
    .insert(internalChatMembers)
    .values(owned.map((t) => ({ companyId: opts.companyId, threadId: t.id, userId: opts.toUserId })))
    .onConflictDoNothing();
}
