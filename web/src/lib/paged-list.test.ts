import { describe, expect, it } from 'vitest';
import { findInPages, moveToTop, removeFromPages, replaceInPages, shiftedTotal, uniqueMembers, upsertNewest, type TPagedList } from './paged-list';

type TItem = { id: number; v: string };
const page = (...ids: number[]) => ({ '@context': '', '@id': '', '@type': 'Collection' as const, member: ids.map((id) => ({ id, v: `v${id}` })), totalItems: ids.length });
const list = (...pages: number[][]): TPagedList<TItem> => ({ pages: pages.map((ids) => page(...ids)), pageParams: pages.map((_, i) => i) });
const ids = (l: TPagedList<TItem>) => l.pages.map((p) => p.member.map((m) => m.id));

describe('paged list helpers', () => {
  it('keep the same references when nothing changes', () => {
    const l = list([1, 2], [3]);
    expect(removeFromPages(l, 9)).toBe(l);
    expect(replaceInPages(l, 9, (m) => m)).toBe(l);
    const replaced = replaceInPages(l, 3, (m) => ({ ...m, v: 'new' }));
    expect(replaced.pages[0]).toBe(l.pages[0]);
    expect(findInPages(replaced, 3)?.v).toBe('new');
  });

  it('move an item to the top of the first page, once', () => {
    expect(ids(moveToTop(list([1, 2], [3]), { id: 3, v: 'x' }))).toEqual([[3, 1, 2], []]);
    expect(ids(moveToTop(list([1, 2]), { id: 4, v: 'x' }))).toEqual([[4, 1, 2]]);
    expect(ids(moveToTop(list(), { id: 4, v: 'x' }))).toEqual([]);
  });

  it('upsert into the newest page, or merge the loaded copy', () => {
    const merge = (a: TItem, b: TItem) => ({ ...a, v: a.v + b.v });
    const l = list([2, 1]);
    const added = upsertNewest(l, { id: 3, v: 'c' }, merge);
    expect(ids(added)).toEqual([[3, 2, 1]]);
    expect(added.pages[0]!.totalItems).toBe(3);
    expect(findInPages(upsertNewest(added, { id: 3, v: 'd' }, merge), 3)?.v).toBe('cd');
    const fresh = upsertNewest(list(), { id: 1, v: 'a' }, merge);
    expect(ids(fresh)).toEqual([[1]]);
    expect(fresh.pageParams).toEqual([null]);
  });

  it('list every member once, first copy first', () => {
    const l = list([1, 2], [2, 3]);
    expect(uniqueMembers(l).map((m) => m.id)).toEqual([1, 2, 3]);
    expect(uniqueMembers(undefined)).toEqual([]);
  });

  it('move an exact total with live changes but leave a capped or missing one alone', () => {
    expect(shiftedTotal({ totalItems: 4 }, 1)).toEqual({ totalItems: 5 });
    expect(shiftedTotal({ totalItems: 0 }, -1)).toEqual({ totalItems: 0 });
    expect(shiftedTotal({}, 1)).toEqual({});
    const capped = { ...page(1), totalItems: undefined, totalItemsAtLeast: 1000 };
    const added = upsertNewest({ pages: [capped], pageParams: [0] }, { id: 2, v: 'v2' }, (a) => a);
    expect(added.pages[0]).toMatchObject({ totalItemsAtLeast: 1000 });
    expect(added.pages[0]!.totalItems).toBeUndefined();
  });
});
