import type { InfiniteData } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TInternalChatMessage, TInternalChatThread } from '@cd/contracts/internal-chat';
import { isThreadReadBy } from '@cd/contracts/internal-chat-constants';
import type { TLiveEvent } from '@cd/contracts/live';
import { findInPages, moveToTop, removeFromPages, replaceInPages, uniqueMembers, upsertNewest } from '../../../lib/paged-list';

/**
 * Pure cache reducers of the internal chat (lists of threads, one thread's messages). Each returns the same
 * reference when nothing changed, so TanStack Query's setQueryData can use them directly.
 */

export type TThreadPage = THydraCollection<TInternalChatThread>;
export type TThreadList = InfiniteData<TThreadPage, unknown>;
export type TChatMessagePage = THydraCollection<TInternalChatMessage>;
export type TChatMessageList = InfiniteData<TChatMessagePage, unknown>;

export interface TThreadFilters {
  archived: boolean;
  search: string;
}

export const DEFAULT_THREAD_FILTERS: TThreadFilters = { archived: false, search: '' };

const ts = (iso: string) => Date.parse(iso);

/**
 * Merge a thread payload into what we have. `isArchived` is the viewer's own flag: a broadcast update carries it
 * only when `changes` names it (a new message unarchives the thread for everyone); otherwise ours stays.
 */
export function mergeThread(existing: TInternalChatThread | undefined, incoming: TInternalChatThread, changes: readonly string[] | null): TInternalChatThread {
  if (!existing) return incoming;
  const merged = { ...existing, ...incoming };
  if (!changes?.includes('isArchived')) merged.isArchived = existing.isArchived;
  return merged;
}

/** true / false, or null when only the server can tell (a search). */
export function threadFitsList(thread: TInternalChatThread, filters: TThreadFilters): boolean | null {
  if (thread.isArchived !== filters.archived) return false;
  if (filters.search.trim()) return null;
  return true;
}

/** Replace a thread wherever it is loaded (after a PUT/PATCH answer). */
export function upsertThreadInList(list: TThreadList, thread: TInternalChatThread, filters: TThreadFilters): TThreadList {
  const existing = findInPages(list, thread.id);
  const fits = threadFitsList(thread, filters);
  if (fits === false) return existing ? removeFromPages(list, thread.id) : list;
  return existing ? replaceInPages(list, thread.id, () => thread) : list;
}

export interface TListResult {
  data: TThreadList;
  /** Only the server can place the thread now: refetch the list. */
  stale: boolean;
}

function idOf(data: unknown): number | null {
  const d = data as { id?: unknown; '@id'?: unknown } | null;
  if (typeof d?.id === 'number') return d.id;
  if (typeof d?.['@id'] === 'string') {
    const n = Number(d['@id'].slice(d['@id'].lastIndexOf('/') + 1));
    return Number.isInteger(n) && n > 0 ? n : null;
  }
  return null;
}

/** An `internal_chat_thread` created/updated/removed event applied to one cached list. */
export function applyThreadEventToList(list: TThreadList, event: TLiveEvent, filters: TThreadFilters): TListResult {
  const id = idOf(event.data);
  if (id === null) return { data: list, stale: false };
  if (event.event === 'removed') return { data: removeFromPages(list, id), stale: false };
  if (event.event !== 'created' && event.event !== 'updated') return { data: list, stale: false };
  const existing = findInPages(list, id);
  const merged = mergeThread(existing, event.data as TInternalChatThread, event.event === 'created' ? null : event.changes);
  const fits = threadFitsList(merged, filters);
  if (fits === false) return { data: existing ? removeFromPages(list, id) : list, stale: false };
  const changes = event.changes ?? [];
  const bumped = event.event === 'created' || changes.includes('bumpedAt');
  if (fits === null) return existing ? { data: replaceInPages(list, id, () => merged), stale: bumped } : { data: list, stale: bumped };
  // A new message (or a new chat) puts the thread on top, loaded or not.
  if (bumped) return { data: moveToTop(list, merged), stale: false };
  if (existing) return { data: replaceInPages(list, id, () => merged), stale: false };
  // Unarchived, or the caller was just added: its place is the server's to say.
  if (changes.includes('isArchived') || changes.includes('users')) return { data: list, stale: true };
  return { data: list, stale: false };
}

/** Upsert one message: replace when loaded, else put it on the newest page (pages are newest first). */
export function upsertMessage(list: TChatMessageList, message: TInternalChatMessage): TChatMessageList {
  return upsertNewest(list, message, (loaded, incoming) => ({ ...loaded, ...incoming }));
}

/** Every loaded message, oldest first, without duplicates. */
export function flattenMessages(list: TChatMessageList | undefined): TInternalChatMessage[] {
  return uniqueMembers(list).sort((a, b) => ts(a.sentAt) - ts(b.sentAt) || a.id - b.id);
}

/** The next (older) page's cursor, or undefined when the server says there is none. */
export function olderPageParam(last: TChatMessagePage, pageSize: number): string | undefined {
  if (last.member.length === 0) return undefined;
  if (last.view ? !last.view.next : last.member.length < pageSize) return undefined;
  let oldest = last.member[0]!;
  for (const m of last.member) if (ts(m.createdAt) < ts(oldest.createdAt)) oldest = m;
  return oldest.createdAt;
}

/** Own messages are on the right. Live events carry the sender's view, so it is derived from the sender. */
export function isOwnMessage(m: Pick<TInternalChatMessage, 'user'>, meId: number): boolean {
  return m.user?.id === meId;
}

export function isUnreadFor(thread: TInternalChatThread, meId: number): boolean {
  return !isThreadReadBy(thread, meId);
}

export function personName(u: { firstName?: string | null; lastName?: string | null } | null | undefined): string {
  return [u?.firstName, u?.lastName].filter((p) => p && p.trim()).join(' ');
}

/** A group shows its name; a one-to-one chat the other member's name (null when they are gone). */
export function threadTitle(thread: TInternalChatThread, meId: number): string | null {
  if (thread.isGroup) return thread.name ?? '';
  const other = thread.users.find((u) => u.id !== meId);
  return other ? personName(other) || null : null;
}

/** Names of the other members who have read the thread up to its newest message. */
export function seenBy(thread: TInternalChatThread, meId: number): string[] {
  return thread.users.filter((u) => u.id !== meId && isThreadReadBy(thread, u.id)).map((u) => personName(u));
}
