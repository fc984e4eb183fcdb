import type { InfiniteData } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import { isThreadReadBy, type TInternalChatMessage, type TInternalChatThread } from '@cd/contracts/internal-chat';
import type { TLiveEvent } from '@cd/contracts/live';

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

function mapPages(list: TThreadList, fn: (member: TInternalChatThread[]) => TInternalChatThread[]): TThreadList {
  let changed = false;
  const pages = list.pages.map((p) => {
    const member = fn(p.member);
    if (member === p.member) return p;
    changed = true;
    return { ...p, member };
  });
  return changed ? { ...list, pages } : list;
}

export function findThread(list: TThreadList, id: number): TInternalChatThread | undefined {
  for (const p of list.pages) {
    const found = p.member.find((t) => t.id === id);
    if (found) return found;
  }
  return undefined;
}

export function removeThread(list: TThreadList, id: number): TThreadList {
  return mapPages(list, (member) => (member.some((t) => t.id === id) ? member.filter((t) => t.id !== id) : member));
}

function replaceThread(list: TThreadList, thread: TInternalChatThread): TThreadList {
  return mapPages(list, (member) => (member.some((t) => t.id === thread.id) ? member.map((t) => (t.id === thread.id ? thread : t)) : member));
}

function insertTop(list: TThreadList, thread: TInternalChatThread): TThreadList {
  const removed = removeThread(list, thread.id);
  if (removed.pages.length === 0) return removed;
  const [first, ...rest] = removed.pages;
  return { ...removed, pages: [{ ...first!, member: [thread, ...first!.member] }, ...rest] };
}

/** Replace a thread wherever it is loaded (after a PUT/PATCH answer). */
export function upsertThreadInList(list: TThreadList, thread: TInternalChatThread, filters: TThreadFilters): TThreadList {
  const existing = findThread(list, thread.id);
  const fits = threadFitsList(thread, filters);
  if (fits === false) return existing ? removeThread(list, thread.id) : list;
  return existing ? replaceThread(list, thread) : list;
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
  if (event.event === 'removed') return { data: removeThread(list, id), stale: false };
  if (event.event !== 'created' && event.event !== 'updated') return { data: list, stale: false };
  const existing = findThread(list, id);
  const merged = mergeThread(existing, event.data as TInternalChatThread, event.event === 'created' ? null : event.changes);
  const fits = threadFitsList(merged, filters);
  if (fits === false) return { data: existing ? removeThread(list, id) : list, stale: false };
  const changes = event.changes ?? [];
  const bumped = event.event === 'created' || changes.includes('bumpedAt');
  if (fits === null) return existing ? { data: replaceThread(list, merged), stale: bumped } : { data: list, stale: bumped };
  // A new message (or a new chat) puts the thread on top, loaded or not.
  if (bumped) return { data: insertTop(list, merged), stale: false };
  if (existing) return { data: replaceThread(list, merged), stale: false };
  // Unarchived, or the caller was just added: its place is the server's to say.
  if (changes.includes('isArchived') || changes.includes('users')) return { data: list, stale: true };
  return { data: list, stale: false };
}

/** Every loaded thread once, in list order. */
export function flattenThreads(list: TThreadList | undefined): TInternalChatThread[] {
  if (!list) return [];
  const seen = new Set<number>();
  const out: TInternalChatThread[] = [];
  for (const p of list.pages) for (const t of p.member) if (!seen.has(t.id)) (seen.add(t.id), out.push(t));
  return out;
}

function hasMessage(list: TChatMessageList, id: number): boolean {
  return list.pages.some((p) => p.member.some((m) => m.id === id));
}

/** Upsert one message: replace when loaded, else put it on the newest page (pages are newest first). */
export function upsertMessage(list: TChatMessageList, message: TInternalChatMessage): TChatMessageList {
  if (hasMessage(list, message.id)) {
    const pages = list.pages.map((p) => (p.member.some((m) => m.id === message.id) ? { ...p, member: p.member.map((m) => (m.id === message.id ? { ...m, ...message } : m)) } : p));
    return { ...list, pages };
  }
  if (list.pages.length === 0) return { ...list, pages: [{ '@context': '', '@id': '', '@type': 'Collection', member: [message], totalItems: 1 }], pageParams: [null] };
  const [first, ...rest] = list.pages;
  return { ...list, pages: [{ ...first!, member: [message, ...first!.member], totalItems: first!.totalItems + 1 }, ...rest] };
}

/** Every loaded message, oldest first, without duplicates. */
export function flattenMessages(list: TChatMessageList | undefined): TInternalChatMessage[] {
  if (!list) return [];
  const byId = new Map<number, TInternalChatMessage>();
  for (const p of list.pages) for (const m of p.member) if (!byId.has(m.id)) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => ts(a.sentAt) - ts(b.sentAt) || a.id - b.id);
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
