import type { THydraCollection, THydraView } from '@cd/contracts/hydra';
import { decimalIntOf } from '@cd/contracts/ids';
import { z } from 'zod';

export const ZPageQuerySchema = z.object({
  page: decimalIntOf({ min: 1, max: 100000 }).default(1),
  itemsPerPage: decimalIntOf({ min: 1, max: 200 }).optional(),
  pagination: z.enum(['true', 'false']).optional(),
});

/** A list's total: exact, or known only to exceed a cap (db/capped-count.ts). */
export type TListTotal = { exact: number } | { atLeast: number };

export function iri(resource: string, id: number | string): string {
  return `/api/${resource}/${id}`;
}

/**
 * Builds a Hydra collection with page links that keep the request's other query parameters. A capped total
 * (`{ atLeast }`) has no `last` link and always a `next` one: more rows exist than the cap, which covers this page.
 */
interface TCollectionOptions<T> {
  path: string;
  query: Record<string, unknown>;
  member: T[];
  totalItems: number | TListTotal;
  page: number;
  itemsPerPage: number;
  paginated: boolean;
}
export function toCollection<T>(opts: TCollectionOptions<T> & { totalItems: number }): THydraCollection<T> & { totalItems: number };
export function toCollection<T>(opts: TCollectionOptions<T>): THydraCollection<T>;
export function toCollection<T>(opts: TCollectionOptions<T>): THydraCollection<T> {
  const { path, query, member, page, itemsPerPage, paginated } = opts;
  const total: TListTotal = typeof opts.totalItems === 'number' ? { exact: opts.totalItems } : opts.totalItems;
  const linkFor = (p: number) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) {
      if (k === 'page' || k === 'exactTotal' || v === undefined) continue;
      if (Array.isArray(v)) v.forEach((x) => params.append(k, String(x)));
      else params.set(k, String(v));
    }
    params.set('page', String(p));
    return `${path}?${params.toString()}`;
  };
  const collection = {
    '@context': '/api/contexts/Collection',
    '@id': path,
    '@type': 'Collection',
    member,
    ...totalFieldsOf(total),
  } as THydraCollection<T>;
  if (paginated) {
    const last = 'exact' in total ? Math.max(1, Math.ceil(total.exact / itemsPerPage)) : null;
    collection.view = {
      '@id': linkFor(page),
      '@type': 'PartialCollectionView',
      first: linkFor(1),
      ...(last !== null ? { last: linkFor(last) } : {}),
      ...(last === null || page < last ? { next: linkFor(page + 1) } : {}),
      ...(page > 1 ? { previous: linkFor(page - 1) } : {}),
    };
  }
  return collection;
}

/**
 * View of a list paged by time, newest first (`createdAt[strictly_before]` keyset): `next` asks for what is older
 * than `oldestShown`, given only when the page came back full.
 */
export function keysetView(opts: { base: string; before: Date | undefined; oldestShown: Date | null }): THydraView {
  const { base, before, oldestShown } = opts;
  const olderThan = (d: Date) => `${base}&createdAt[strictly_before]=${encodeURIComponent(d.toISOString())}`;
  return {
    '@id': before ? olderThan(before) : base,
    '@type': 'PartialCollectionView',
    first: base,
    ...(oldestShown ? { next: olderThan(oldestShown) } : {}),
  };
}

/**
 * A collection paged newest first by a time field with ties broken by id (`<field>[strictly_before]` + `id[lt]`):
 * the view's `@id` names the page asked for, `next` the page after the oldest row shown (only when the page is full).
 */
export function timeKeysetCollection<T>(opts: {
  path: string;
  context: string;
  /** The list's own filters, kept in every link. */
  params: URLSearchParams;
  timeField: string;
  strictlyBefore: string | undefined;
  idLt: number | undefined;
  /** `total` null: a later page, which carries none (partial pagination). */
  page: { member: T[]; total: TListTotal | null; full: boolean; last?: { at: Date; id: number } | null };
}) {
  const { path, page } = opts;
  const base = `${path}?${opts.params.toString()}`;
  const cursor = (at: string, id?: number) => `${base}&${opts.timeField}[strictly_before]=${encodeURIComponent(at)}${id ? `&id[lt]=${id}` : ''}`;
  return {
    '@context': opts.context,
    '@id': path,
    '@type': 'Collection' as const,
    member: page.member,
    ...totalFieldsOf(page.total),
    view: {
      '@id': opts.strictlyBefore ? cursor(new Date(opts.strictlyBefore).toISOString(), opts.idLt) : base,
      '@type': 'PartialCollectionView' as const,
      first: base,
      ...(page.full && page.last ? { next: cursor(page.last.at.toISOString(), page.last.id) } : {}),
    },
  };
}

/** The collection fields a list total becomes: `totalItems` when exact, `totalItemsAtLeast` when capped. */
export function totalFieldsOf(total: TListTotal | null): { totalItems?: number; totalItemsAtLeast?: number } {
  if (!total) return {};
  return 'exact' in total ? { totalItems: total.exact } : { totalItemsAtLeast: total.atLeast };
}

/** A list's own filters, kept in every page link: the query without its cursor keys (an array repeats its key). */
export function listFilterParams(opts: { query: Record<string, unknown>; cursorKeys: readonly string[] }): URLSearchParams {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(opts.query)) {
    if (v === undefined || opts.cursorKeys.includes(k)) continue;
    if (Array.isArray(v)) v.forEach((x) => params.append(k, String(x)));
    else params.set(k, String(v));
  }
  return params;
}

/**
 * A list paged newest first by a time field (`<timeField>[strictly_before]` + `id[lt]`), or with `pagination=false`
 * one unpaged collection of what the service returned.
 */
export function keysetListCollection<T>(opts: {
  path: string;
  context: string;
  query: Record<string, unknown>;
  page: { member: T[]; total: TListTotal | null; full: boolean; last?: { at: Date; id: number } | null };
  /** Default `createdAt`. */
  timeField?: string;
}) {
  const { path, query, page } = opts;
  if (query.pagination === 'false')
    return toCollection({ path, query, member: page.member, totalItems: page.member.length, page: 1, itemsPerPage: page.member.length, paginated: false });
  const timeField = opts.timeField ?? 'createdAt';
  const cursorKey = `${timeField}[strictly_before]`;
  const idLt = query['id[lt]'];
  return timeKeysetCollection({
    path,
    context: opts.context,
    params: listFilterParams({ query, cursorKeys: [cursorKey, 'id[lt]', 'exactTotal'] }),
    timeField,
    strictlyBefore: query[cursorKey] as string | undefined,
    idLt: typeof idLt === 'number' ? idLt : idLt === undefined ? undefined : Number(idLt),
    page,
  });
}
