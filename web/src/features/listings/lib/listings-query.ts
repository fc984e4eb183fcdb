import { LISTING_STATUSES, type TListingStatus } from '@cd/contracts/listings';
import type { TQuery } from '../../../lib/api-client';

/**
 * /listings and /archived-listings filters, kept in the address so a filtered list can be bookmarked: status, the
 * agent (a user id) and words of the name, location or keyword.
 */
export interface TListingFilters {
  status: TListingStatus | '';
  agent: number | null;
  search: string;
}

export const EMPTY_LISTING_FILTERS: TListingFilters = { status: '', agent: null, search: '' };

/** The server refuses longer searches; the box stops there too. */
export const LISTING_SEARCH_MAX = 100;

export function readListingFilters(params: URLSearchParams): TListingFilters {
  const status = params.get('status');
  const agent = params.get('agent');
  return {
    status: status && (LISTING_STATUSES as readonly string[]).includes(status) ? (status as TListingStatus) : '',
    agent: agent && /^[1-9]\d{0,15}$/.test(agent) ? Number(agent) : null,
    search: (params.get('q') ?? '').slice(0, LISTING_SEARCH_MAX),
  };
}

/** Only the filters that are set, so the plain page has a plain address. */
export function writeListingFilters(filters: TListingFilters): URLSearchParams {
  const p = new URLSearchParams();
  if (filters.status) p.set('status', filters.status);
  if (filters.agent !== null) p.set('agent', String(filters.agent));
  if (filters.search.trim()) p.set('q', filters.search.trim());
  return p;
}

/** The API's query: `archived=true` lists the archived ones (the server's default is unarchived only). */
export function listingApiQuery(filters: TListingFilters & { archived: boolean }): TQuery {
  const q: TQuery = { archived: filters.archived ? 'true' : 'false' };
  if (filters.status) q.status = filters.status;
  if (filters.agent !== null) q.agent = filters.agent;
  if (filters.search.trim()) q.q = filters.search.trim();
  return q;
}
