import {
  LISTING_LIST_MAX,
  LISTING_MESSAGES,
  LISTING_UNPAGED_MAX,
  type TListing,
  type TListingCreate,
  type TListingListQuery,
  type TListingLiveEvent,
  type TListingPatch,
  type TListingStatus,
} from '@cd/contracts/listings';
import type { TRequestContext } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors';
import { AppError, validationError } from '../../lib/errors';
import type { TListTotal } from '../../lib/hydra';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { findKeyword, loadRealEstateCompany } from '../keywords/keywords.api';
import { realEstateCompanyOf } from './listings.access';
import { listingEvent, toListingResource } from './listings.presenter';
import * as repo from './listings.repository';
import type { TListingPageAsk, TListingRow } from './listings.schema';

/** What one change of a listing writes. */
type TListingChange = Parameters<typeof repo.updateListing>[1]['values'];

/** Listings (docs/real-estate.md "Listings"): CRUD, keyword assignment, agent, archive and unarchive. */

const DEFAULT_PAGE = 30;

export interface TListingPage {
  member: TListing[];
  total: TListTotal | null;
  full: boolean;
  last: { at: Date; id: number } | null;
}

function pageAskOf(query: TListingListQuery): TListingPageAsk {
  if (query.pagination === 'false') return { paginated: false, limit: LISTING_UNPAGED_MAX };
  const before = query['createdAt[strictly_before]'];
  return {
    paginated: true,
    limit: Math.min(query.itemsPerPage ?? DEFAULT_PAGE, LISTING_LIST_MAX),
    before: before ? new Date(before) : undefined,
    idLt: query['id[lt]'],
  };
}

export async function listListings(opts: { ctx: TRequestContext; query: TListingListQuery }): Promise<TListingPage> {
  const { ctx, query } = opts;
  const companyId = realEstateCompanyOf(ctx);
  const ask = pageAskOf(query);
  const filter: repo.TListingFilter = { companyId, archived: query.archived ?? false, status: query.status, agentId: query.agent, q: query.q || undefined };
  return runInScope(ctx.db, { companyId }, async (tx) => {
    await loadRealEstateCompany(tx, companyId);
    const rows = await repo.listListings(tx, { ...filter, ask });
    const total = ask.paginated && ask.before ? null : await repo.countListings(tx, filter);
    const lastRow = rows.at(-1);
    return {
      member: rows.map(toListingResource),
      total,
      full: ask.paginated && rows.length === ask.limit,
      last: lastRow ? { at: lastRow.createdAt, id: lastRow.id } : null,
    };
  });
}

async function loadListing(tx: TTx, opts: { companyId: number; id: number; forUpdate?: boolean }): Promise<TListingRow> {
  const row = await repo.findListing(tx, opts);
  if (!row) throw new AppError('not_found', 'Listing not found.');
  return row;
}

export async function getListing(opts: { ctx: TRequestContext; id: number }): Promise<TListing> {
  const companyId = realEstateCompanyOf(opts.ctx);
  return runInScope(opts.ctx.db, { companyId }, async (tx) => {
    await loadRealEstateCompany(tx, companyId);
    return toListingResource(await loadListing(tx, { companyId, id: opts.id }));
  });
}

/** The keyword exists in this company (422 on `field`) and no listing holds it (409). Locked until the commit. */
async function checkKeywordAvailable(tx: TTx, opts: { companyId: number; keywordId: number; field: string; listingId?: number }): Promise<void> {
  const keyword = await findKeyword(tx, { companyId: opts.companyId, id: opts.keywordId, forUpdate: true });
  if (!keyword) throw validationError([{ propertyPath: opts.field, message: LISTING_MESSAGES.keywordNotFound }]);
  if (keyword.listingId !== null && keyword.listingId !== opts.listingId) throw new AppError('conflict', LISTING_MESSAGES.keywordTaken);
}

/** An agent is an enabled user of the same company (422 on `field`). */
async function checkAgent(tx: TTx, opts: { companyId: number; agentId: number | null | undefined; field: string }): Promise<void> {
  if (opts.agentId === null || opts.agentId === undefined) return;
  if (!(await repo.isEnabledCompanyUser(tx, { companyId: opts.companyId, userId: opts.agentId })))
    throw validationError([{ propertyPath: opts.field, message: LISTING_MESSAGES.agentNotFound }]);
}

/**
 * Runs a listing change with its live event. The partial unique index on (company_id, keyword_id) is the last word on
 * "one keyword, one listing": the loser of two requests racing for a keyword gets 409, never a second holder.
 */
async function changeWithEvent(opts: {
  ctx: TRequestContext;
  companyId: number;
  kind: TListingLiveEvent;
  fn: (tx: TTx) => Promise<number>;
}): Promise<TListing> {
  const { ctx, companyId } = opts;
  try {
    return await runWithLiveEvents({
      deps: ctx,
      scope: { companyId },
      fn: async (tx, emit) => {
        await loadRealEstateCompany(tx, companyId);
        const id = await opts.fn(tx);
        const row = await loadListing(tx, { companyId, id });
        emit([listingEvent(row, opts.kind)]);
        return toListingResource(row);
      },
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('conflict', LISTING_MESSAGES.keywordTaken);
    throw err;
  }
}

export async function createListing(opts: { ctx: TRequestContext; body: TListingCreate }): Promise<TListing> {
  const { ctx, body } = opts;
  const companyId = realEstateCompanyOf(ctx);
  return changeWithEvent({
    ctx,
    companyId,
    kind: 'listing.created',
    fn: async (tx) => {
      await checkKeywordAvailable(tx, { companyId, keywordId: body.keyword, field: 'keyword' });
      await checkAgent(tx, { companyId, agentId: body.agent, field: 'agent' });
      return repo.insertListing(tx, {
        companyId,
        values: {
          name: body.name,
          url: body.url,
          keywordId: body.keyword,
          location: body.location ?? '',
          priceCents: body.priceCents ?? null,
          negotiable: body.negotiable ?? false,
          status: body.status ?? 'for_sale',
          agentId: body.agent ?? null,
          photoUrl: body.photoUrl || null,
          description: body.description ?? '',
        },
      });
    },
  });
}

/**
 * One change of an existing listing: lock its row, let `valuesOf` check the action's rules and name the new values,
 * write them and publish `kind`.
 */
async function changeLockedListing(opts: {
  ctx: TRequestContext;
  id: number;
  kind?: TListingLiveEvent;
  valuesOf: (tx: TTx, listing: TListingRow, companyId: number) => Promise<TListingChange>;
}): Promise<TListing> {
  const companyId = realEstateCompanyOf(opts.ctx);
  return changeWithEvent({
    ctx: opts.ctx,
    companyId,
    kind: opts.kind ?? 'listing.updated',
    fn: async (tx) => {
      const listing = await loadListing(tx, { companyId, id: opts.id, forUpdate: true });
      await repo.updateListing(tx, { companyId, id: listing.id, values: await opts.valuesOf(tx, listing, companyId) });
      return listing.id;
    },
  });
}

/** PUT and PATCH: only what the body carries changes. */
export async function changeListing(opts: { ctx: TRequestContext; id: number; body: TListingPatch }): Promise<TListing> {
  return changeLockedListing({
    ...opts,
    valuesOf: async (tx, _listing, companyId) => {
      await checkAgent(tx, { companyId, agentId: opts.body.agent, field: 'agent' });
      const { agent, photoUrl, ...rest } = opts.body;
      return { ...rest, agentId: agent, photoUrl: photoUrl === undefined ? undefined : photoUrl || null };
    },
  });
}

export async function assignKeyword(opts: { ctx: TRequestContext; id: number; keywordId: number }): Promise<TListing> {
  return changeLockedListing({
    ...opts,
    valuesOf: async (tx, listing, companyId) => {
      if (listing.archivedAt) throw new AppError('conflict', LISTING_MESSAGES.archived);
      await checkKeywordAvailable(tx, { companyId, keywordId: opts.keywordId, field: 'keyword_id', listingId: listing.id });
      return { keywordId: opts.keywordId };
    },
  });
}

export async function changeAgent(opts: { ctx: TRequestContext; id: number; agentId: number | null }): Promise<TListing> {
  return changeLockedListing({
    ...opts,
    valuesOf: async (tx, _listing, companyId) => {
      await checkAgent(tx, { companyId, agentId: opts.agentId, field: 'agent_id' });
      return { agentId: opts.agentId };
    },
  });
}

/** Archiving frees the keyword (keyword_id null) for another listing and records the new status. */
export async function archiveListing(opts: { ctx: TRequestContext; id: number; newStatus: TListingStatus }): Promise<TListing> {
  return changeLockedListing({
    ...opts,
    kind: 'listing.archived',
    valuesOf: async (_tx, listing) => {
      if (listing.archivedAt) throw new AppError('conflict', 'This listing is already archived.');
      return { keywordId: null, status: opts.newStatus, archivedAt: new Date() };
    },
  });
}

/** Unarchiving needs an AVAILABLE keyword: the old one may be on another listing by now. */
export async function unarchiveListing(opts: { ctx: TRequestContext; id: number; keywordId: number; newStatus: TListingStatus }): Promise<TListing> {
  return changeLockedListing({
    ...opts,
    valuesOf: async (tx, listing, companyId) => {
      if (!listing.archivedAt) throw new AppError('conflict', LISTING_MESSAGES.notArchived);
      await checkKeywordAvailable(tx, { companyId, keywordId: opts.keywordId, field: 'keyword_id' });
      return { keywordId: opts.keywordId, status: opts.newStatus, archivedAt: null };
    },
  });
}

export async function deleteListing(opts: { ctx: TRequestContext; id: number }): Promise<void> {
  const { ctx } = opts;
  const companyId = realEstateCompanyOf(ctx);
  try {
    await runWithLiveEvents({
      deps: ctx,
      scope: { companyId },
      fn: async (tx, emit) => {
        await loadRealEstateCompany(tx, companyId);
        const listing = await loadListing(tx, { companyId, id: opts.id, forUpdate: true });
        await repo.deleteListing(tx, { companyId, id: listing.id });
        emit([listingEvent(listing, 'listing.deleted')]);
      },
    });
  } catch (err) {
    // Interests, leads or offers name it: archiving keeps that history.
    if (isForeignKeyViolation(err)) throw new AppError('conflict', 'This listing has interested customers or leads: archive it instead.');
    throw err;
  }
}
