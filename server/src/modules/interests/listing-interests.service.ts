import {
  INTERESTS_MESSAGES,
  type TInterestedLeadsQuery,
  type TListingInterest,
  type TListingInterestListQuery,
  type TListingInterestPatch,
} from '@cd/contracts/interests';
import type { TRequestContext } from '../../context';
import { runInScope } from '../../db/client';
import { AppError } from '../../lib/errors';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { findListingById } from '../listings/listings.api';
import { checkInterestsModule, listingInterestsCompanyOf } from './interests.access';
import { listingInterestEvent, toListingInterestResource } from './interests.presenter';
import * as repo from './interests.repository';
import { pageAskOf, pageOf, type TPage } from './interests.service';

/** Customers' interest in listings: the leads of a listing and their state (docs/real-estate.md "Interests"). */

const cursor = (r: { createdAt: Date; id: number }) => ({ at: r.createdAt, id: r.id });

export async function listListingInterests(opts: { ctx: TRequestContext; query: TListingInterestListQuery }): Promise<TPage<TListingInterest>> {
  const access = listingInterestsCompanyOf(opts.ctx);
  const { companyId } = access;
  const ask = pageAskOf(opts.query);
  const filter = { companyId, listingId: opts.query.listing, customerId: opts.query.customer, state: opts.query.state };
  return runInScope(opts.ctx.db, { companyId }, async (tx) => {
    await checkInterestsModule(tx, access);
    const rows = await repo.listListingInterests(tx, { ...filter, ask });
    const total = ask.before ? null : await repo.countListingInterests(tx, filter);
    return pageOf({ rows, ask, total, present: toListingInterestResource, cursor });
  });
}

/** GET /api/listings/{id}/interested_leads: 404 when the listing is not the company's. */
export async function listInterestedLeads(opts: { ctx: TRequestContext; listingId: number; query: TInterestedLeadsQuery }): Promise<TPage<TListingInterest>> {
  const access = listingInterestsCompanyOf(opts.ctx);
  const { companyId } = access;
  const ask = pageAskOf(opts.query);
  const filter = { companyId, listingId: opts.listingId, state: opts.query.state };
  return runInScope(opts.ctx.db, { companyId }, async (tx) => {
    await checkInterestsModule(tx, access);
    if (!(await findListingById({ tx, companyId, id: opts.listingId }))) throw new AppError('not_found', INTERESTS_MESSAGES.listingNotFound);
    const rows = await repo.listListingInterests(tx, { ...filter, ask });
    const total = ask.before ? null : await repo.countListingInterests(tx, filter);
    return pageOf({ rows, ask, total, present: toListingInterestResource, cursor });
  });
}

export async function getListingInterest(opts: { ctx: TRequestContext; id: number }): Promise<TListingInterest> {
  const access = listingInterestsCompanyOf(opts.ctx);
  return runInScope(opts.ctx.db, { companyId: access.companyId }, async (tx) => {
    await checkInterestsModule(tx, access);
    const row = await repo.findListingInterest(tx, { companyId: access.companyId, id: opts.id });
    if (!row) throw new AppError('not_found', INTERESTS_MESSAGES.listingInterestNotFound);
    return toListingInterestResource(row);
  });
}

/** Archive, mark not interested, or reactivate (a later text of the keyword reactivates it too). */
export async function changeListingInterest(opts: { ctx: TRequestContext; id: number; body: TListingInterestPatch }): Promise<TListingInterest> {
  const access = listingInterestsCompanyOf(opts.ctx);
  const { companyId } = access;
  return runWithLiveEvents({
    deps: opts.ctx,
    scope: { companyId },
    fn: async (tx, emit) => {
      await checkInterestsModule(tx, access);
      if (!(await repo.updateListingInterestState(tx, { companyId, id: opts.id, state: opts.body.state })))
        throw new AppError('not_found', INTERESTS_MESSAGES.listingInterestNotFound);
      const row = (await repo.findListingInterest(tx, { companyId, id: opts.id }))!;
      emit([listingInterestEvent(row, 'updated')]);
      return toListingInterestResource(row);
    },
  });
}
