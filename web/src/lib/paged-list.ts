import type { InfiniteData } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';

/**
 * Pure helpers for an infinite query of Hydra pages whose members have an id (customers, messages, chats).
 * Each returns the same reference when nothing changed, so TanStack Query's setQueryData can use them directly.
 */

export type TPagedList<T> = InfiniteData<THydraCollection<T>, unknown>;

type TWithId = { id: number };

/** `fn` gets each page's members; pages it returns unchanged (same array) are kept, as is the list when none changed. */
export function mapPages<T>(list: TPagedList<T>, fn: (member: T[]) => T[]): TPagedList<T> {
  let changed = false;
  const pages = list.pages.map((p) => {
    const member = fn(p.member);
    if (member === p.member) return p;
    changed = true;
    return { ...p, member };
  });
  return changed ? { ...list, pages } : list;
}

export function findInPages<T extends TWithId>(list: TPagedList<T>, id: number): T | undefined {
  for (const p of list.pages) {
    const found = p.member.find((m) => m.id === id);
    if (found) return found;
  }
  return undefined;
}

export function isInPages<T extends TWithId>(list: TPagedList<T>, id: number): boolean {
  return list.pages.some((p) => p.member.some((m) => m.id === id));
}

export function removeFromPages<T extends TWithId>(list: TPagedList<T>, id: number): TPagedList<T> {
  return mapPages(list, (member) => (member.some((m) => m.id === id) ? member.filter((m) => m.id !== id) : member));
}

/** The loaded copy of `item` is swapped for `merge(loaded)` where it stands. */
export function replaceInPages<T extends TWithId>(list: TPagedList<T>, id: number, merge: (loaded: T) => T): TPagedList<T> {
  return mapPages(list, (member) => (member.some((m) => m.id === id) ? member.map((m) => (m.id === id ? merge(m) : m)) : member));
}

/** Moves (or adds) the item to the very top of the first page. */
export function moveToTop<T extends TWithId>(list: TPagedList<T>, item: T): TPagedList<T> {
  const removed = removeFromPages(list, item.id);
  if (removed.pages.length === 0) return removed;
  const [first, ...rest] = removed.pages;
  return { ...removed, pages: [{ ...first!, member: [item, ...first!.member] }, ...rest] };
}

/**
 * Upsert into a list paged newest first (message threads): merged into the loaded copy when there is one, else
 * put at the start of the newest page (a page is made when none is loaded).
 */
export function upsertNewest<T extends TWithId>(list: TPagedList<T>, item: T, merge: (loaded: T, incoming: T) => T): TPagedList<T> {
  if (isInPages(list, item.id)) return replaceInPages(list, item.id, (loaded) => merge(loaded, item));
  if (list.pages.length === 0) return { ...list, pages: [{ '@context': '', '@id': '', '@type': 'Collection', member: [item], totalItems: 1 }], pageParams: [null] };
  const [first, ...rest] = list.pages;
  return { ...list, pages: [{ ...first!, member: [item, ...first!.member], ...shiftedTotal(first!, 1) }, ...rest] };
}

/**
 * A page's total moved by `delta` rows (a live insert or removal): an exact total moves, a capped one ("more than
 * N") and a later page's missing one stay as they are.
 */
export function shiftedTotal(page: { totalItems?: number }, delta: number): { totalItems?: number } {
  return page.totalItems === undefined ? {} : { totalItems: Math.max(0, page.totalItems + delta) };
}

/** Every loaded member once (the first copy wins: pages can overlap after live inserts), in page order. */
export function uniqueMembers<T extends TWithId>(list: TPagedList<T> | undefined): T[] {
  if (!list) return [];
  const byId = new Map<number, T>();
  for (const p of list.pages) for (const m of p.member) if (!byId.has(m.id)) byId.set(m.id, m);
  return [...byId.values()];
}
