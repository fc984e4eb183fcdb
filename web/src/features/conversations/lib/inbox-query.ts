import type { TQuery } from '../../../lib/api-client';

export const CUSTOMERS_PER_PAGE = 15;

export type TSpan = 'last_hour' | 'today' | 'this_week' | 'this_month' | 'next_2_hours';

export interface TInboxFilters {
  search: string;
  /** Owner user id (company admins only). */
  user: number | null;
  unread: boolean;
  tags: string[];
  span: TSpan | null;
  archived: boolean;
  /** The unassigned queue (issue 21): conversations nobody owns, for admins and communication agents to take. */
  unassigned: boolean;
}

export const EMPTY_INBOX_FILTERS: TInboxFilters = { search: '', user: null, unread: false, tags: [], span: null, archived: false, unassigned: false };

/**
 * Query string of GET /api/customers (or /api/archived_customers). Spec part 1 §5: searching drops the user and
 * the conversation-span filters.
 */
export function buildInboxQuery(f: TInboxFilters): TQuery {
  // The queue has no filters of its own: newest first, keyset paged.
  if (f.unassigned) return { itemsPerPage: CUSTOMERS_PER_PAGE };
  const search = f.search.trim();
  const q: TQuery = { itemsPerPage: CUSTOMERS_PER_PAGE };
  if (search) q.search = search;
  if (!search && f.user !== null) q.user = f.user;
  if (f.unread) q.unread = 'true';
  if (f.tags.length) q['tags[]'] = [...f.tags].sort();
  if (!search && f.span) q.span = f.span;
  return q;
}

export function inboxPath(f: Pick<TInboxFilters, 'archived'> & { unassigned?: boolean }): string {
  if (f.unassigned) return '/api/routing/unassigned';
  return f.archived ? '/api/archived_customers' : '/api/customers';
}

/** The filters that actually reach the server (for the cache key: equal queries share a cache entry). */
export function effectiveFilters(f: TInboxFilters): TInboxFilters {
  if (f.unassigned) return { ...EMPTY_INBOX_FILTERS, unassigned: true };
  const search = f.search.trim();
  return {
    search,
    user: search ? null : f.user,
    unread: f.unread,
    tags: [...f.tags].sort(),
    span: search ? null : f.span,
    archived: f.archived,
    unassigned: false,
  };
}

/** How many filters besides search and archive are active (for the filter button badge). */
export function activeFilterCount(f: TInboxFilters): number {
  if (f.unassigned) return 0;
  const search = f.search.trim();
  return (!search && f.user !== null ? 1 : 0) + (f.unread ? 1 : 0) + (f.tags.length ? 1 : 0) + (!search && f.span ? 1 : 0);
}
