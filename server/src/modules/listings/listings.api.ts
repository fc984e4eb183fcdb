import type { TTx } from '../../db/client';
import * as repo from './listings.repository';
import type { TListingRow } from './listings.schema';

/**
 * What other modules (interests, leads, offers, listing page data) may use of listings; the repository stays private.
 * Every function reads inside the caller's transaction and scope.
 */

export type { TListingRow } from './listings.schema';
export { toListingResource, listingEvent } from './listings.presenter';

/** The unarchived listing a texted keyword names (any case, surrounding spaces ignored), or null. */
export function findListingByKeyword(opts: { tx: TTx; companyId: number; keyword: string }): Promise<TListingRow | null> {
  return repo.findListingByKeyword(opts.tx, { companyId: opts.companyId, keyword: opts.keyword });
}

export function findListingById(opts: { tx: TTx; companyId: number; id: number }): Promise<TListingRow | null> {
  return repo.findListing(opts.tx, { companyId: opts.companyId, id: opts.id });
}

/**
 * A URL compared the way people paste it: scheme and host lower-case, "www." dropped, no fragment, no trailing slash
 * on the path, default port dropped. Null when it is not an http(s) URL.
 */
export function normalizeListingUrl(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url.trim());
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  const host = u.hostname.toLowerCase().replace(/^www\./, '');
  const path = u.pathname.replace(/\/+$/, '');
  return `${host}${u.port ? `:${u.port}` : ''}${path}${u.search}`;
}

/** The newest unarchived listing whose URL matches once normalised (http and https alike), or null. */
export async function findListingByUrl(opts: { tx: TTx; companyId: number; url: string }): Promise<TListingRow | null> {
  const wanted = normalizeListingUrl(opts.url);
  if (!wanted) return null;
  const host = new URL(opts.url.trim()).hostname.toLowerCase().replace(/^www\./, '');
  const candidates = await repo.findListingsByHost(opts.tx, { companyId: opts.companyId, host });
  return candidates.find((l) => normalizeListingUrl(l.url) === wanted) ?? null;
}
