import type { InfiniteData } from '@tanstack/react-query';
import type { TCustomer } from '@cd/contracts/customer';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TLiveEvent } from '@cd/contracts/live';
import type { TMessage } from '@cd/contracts/message';
import { STATUS_RANK } from '@cd/contracts/message-constants';
import { findInPages, isInPages, mapPages, moveToTop, removeFromPages, replaceInPages, uniqueMembers, upsertNewest } from '../../../lib/paged-list';
import { idFromIri } from './customer-refs';
import type { TInboxFilters } from './inbox-query';

/**
 * Pure cache reducers for live events (spec part 1 §4). Each takes the cached value and returns the next one
 * (same reference when nothing changed), so TanStack Query's setQueryData can use them directly.
 */

export type TCustomerPage = THydraCollection<TCustomer>;
export type TCustomerList = InfiniteData<TCustomerPage, unknown>;
export type TMessagePage = THydraCollection<TMessage>;
export type TMessageList = InfiniteData<TMessagePage, unknown>;

export interface TLiveContext {
  userId: number;
  userIri: string;
  isAdmin: boolean;
}

/**
 * Merge a live customer payload into what we have. A broadcast carries no per-viewer read state (the server
 * computes `read` for nobody and sends no readStates), so `read` is taken from the event only when `changes`
 * names it (a new inbound message makes the customer unread for everyone); otherwise the cached flag stays and
 * `read_state_update` triggers refresh it.
 */
export function mergeCustomer(existing: TCustomer | undefined, incoming: Partial<TCustomer>, changes: readonly string[] | null): TCustomer {
  const merged = { ...(existing ?? {}), ...incoming } as TCustomer;
  if (existing) {
    merged.readStates = existing.readStates;
    merged.read = changes?.includes('read') && typeof incoming.read === 'boolean' ? incoming.read : existing.read;
  } else if (typeof merged.read !== 'boolean') merged.read = false;
  return merged;
}

/** true / false, or null when only the server can tell (search, tags, span). */
export function customerFitsList(c: TCustomer, f: TInboxFilters, ctx: TLiveContext): boolean | null {
  if (f.unassigned) return c.user === null && !c.archived;
  if (!ctx.isAdmin && c.user !== ctx.userIri) return false;
  if (!!c.archived !== f.archived) return false;
  if (f.unread && c.read) return false;
  if (f.search.trim() === '' && f.user !== null && idFromIri(c.user) !== f.user) return false;
  if (f.search.trim() || f.tags.length || (f.span && f.search.trim() === '')) return null;
  return true;
}

export interface TListResult {
  data: TCustomerList;
  /** The list may now be wrong in a way only the server can fix: refetch it. */
  stale: boolean;
}

/** A `customer` created/updated/removed event applied to one cached inbox list. */
export function applyCustomerEventToList(
  list: TCustomerList,
  event: TLiveEvent,
  filters: TInboxFilters,
  ctx: TLiveContext,
): TListResult {
  const payload = (event.data ?? {}) as Partial<TCustomer>;
  const id = typeof payload.id === 'number' ? payload.id : idFromIri(payload['@id']);
  if (id === null) return { data: list, stale: false };
  if (event.event === 'removed') return { data: removeFromPages(list, id), stale: false };

  const existing = findInPages(list, id);
  const merged = mergeCustomer(existing, { ...payload, id }, event.changes);

  if (event.event === 'created') {
    // Spec part 1 §4/§6: new customers appear only for company admins or the owning user.
    if (!ctx.isAdmin && merged.user !== ctx.userIri) return { data: list, stale: false };
    const fits = customerFitsList(merged, filters, ctx);
    if (fits === false) return { data: list, stale: false };
    if (fits === null) return { data: list, stale: true };
    return { data: existing ? replaceInPages(list, id, () => merged) : moveToTop(list, merged), stale: false };
  }

  if (event.event !== 'updated') return { data: list, stale: false };
  const changes = event.changes ?? [];
  const bumped = changes.includes('bumpedAt');
  const fits = customerFitsList(merged, filters, ctx);
  if (fits === false) return { data: existing ? removeFromPages(list, id) : list, stale: false };
  if (bumped) {
    // Spec part 1 §4: a new bumpedAt moves the customer to the top.
    if (existing || fits === true) return { data: moveToTop(list, merged), stale: false };
    return { data: list, stale: true };
  }
  if (existing) return { data: replaceInPages(list, id, () => merged), stale: false };
  // Unarchived / reassigned into this list: its position is the server's to say.
  if (changes.includes('archived') || changes.includes('user')) return { data: list, stale: true };
  return { data: list, stale: false };
}

/** The detail cache of one customer. `undefined` means: drop it. */
export function applyCustomerEventToDetail(existing: TCustomer | undefined, event: TLiveEvent): TCustomer | undefined {
  if (event.event === 'removed') return undefined;
  if (!existing) return existing;
  return mergeCustomer(existing, event.data as Partial<TCustomer>, event.changes);
}

/** Sets the caller's read flag in every loaded page (after PUT read/unread or mark-all-read). */
export function setReadInList(list: TCustomerList, id: number | 'all', read: boolean): TCustomerList {
  return mapPages(list, (member) =>
    member.some((m) => (id === 'all' || m.id === id) && m.read !== read)
      ? member.map((m) => ((id === 'all' || m.id === id) && m.read !== read ? { ...m, read } : m))
      : member,
  );
}

/**
 * Status moves only forward (contracts STATUS_RANK), except that a retry starts a new attempt after
 * FAILED/UNDELIVERED. Protects against a late POST answer overwriting a newer live status.
 */
export function mergeMessage(existing: TMessage, incoming: Partial<TMessage>): TMessage {
  const merged = { ...existing, ...incoming } as TMessage;
  const prev = existing.status;
  const next = merged.status;
  const restart = (prev === 'FAILED' || prev === 'UNDELIVERED') && next === 'SENDING';
  const leavingScheduled = prev === 'scheduled';
  if (!restart && !leavingScheduled && next in STATUS_RANK && prev in STATUS_RANK && STATUS_RANK[next] < STATUS_RANK[prev]) merged.status = prev;
  return merged;
}

/** Upsert one message: merge when loaded, else put it on the newest page (pages are newest first). */
export function upsertMessage(list: TMessageList, message: TMessage): TMessageList {
  return upsertNewest(list, message, mergeMessage);
}

/** Oldest createdAt among loaded messages. */
function oldestLoaded(list: TMessageList): number | null {
  let oldest: number | null = null;
  for (const p of list.pages) for (const m of p.member) if (oldest === null || ts(m.createdAt) < oldest) oldest = ts(m.createdAt);
  return oldest;
}

const ts = (iso: string) => Date.parse(iso);

/** A `message` live event applied to the open thread's cache. */
export function applyMessageEvent(list: TMessageList, event: TLiveEvent, hasOlderPages: boolean): TMessageList {
  const payload = event.data as Partial<TMessage>;
  if (typeof payload?.id !== 'number') return list;
  if (event.event === 'removed') return removeFromPages(list, payload.id);
  if (event.event === 'created') return upsertMessage(list, payload as TMessage);
  if (event.event !== 'updated') return list;
  if (isInPages(list, payload.id)) return upsertMessage(list, payload as TMessage);
  // An update of a message we never loaded: only insert it when it belongs in the loaded range.
  const oldest = oldestLoaded(list);
  if (!payload.createdAt || (hasOlderPages && oldest !== null && ts(payload.createdAt) < oldest)) return list;
  return upsertMessage(list, payload as TMessage);
}

/** Every loaded message, oldest first, without duplicates. */
export function flattenMessages(list: TMessageList | undefined): TMessage[] {
  return uniqueMembers(list).sort((a, b) => ts(a.createdAt) - ts(b.createdAt) || a.id - b.id);
}
