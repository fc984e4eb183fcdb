import {
  INTERESTS_LIST_MAX,
  INTERESTS_MESSAGES,
  INTERESTS_UNPAGED_MAX,
  type TCustomerInterest,
  type TCustomerInterestCreate,
  type TCustomerInterestListQuery,
  type TInterest,
  type TInterestCreate,
  type TInterestListQuery,
  type TInterestPatch,
} from '@cd/contracts/interests';
import type { TRequestContext } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, validationError } from '../../lib/errors';
import type { TListTotal } from '../../lib/hydra';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { findCustomer } from '../customers/customers.api';
import { checkInterestsModule, interestsCompanyOf } from './interests.access';
import { interestEvent, toCustomerInterestResource, toInterestResource } from './interests.presenter';
import * as repo from './interests.repository';
import type { TInterestsPageAsk } from './interests.schema';

/** Interest categories and their members (docs/real-estate.md "Interests"). */

const DEFAULT_PAGE = 30;

export interface TPage<T> {
  member: T[];
  total: TListTotal | null;
  full: boolean;
  last: { at: Date; id: number } | null;
}

/** The page a list query asks for: keyset by creation time, or everything up to a cap with `pagination=false`. */
export function pageAskOf(query: {
  pagination?: 'true' | 'false';
  itemsPerPage?: number;
  'createdAt[strictly_before]'?: string;
  'id[lt]'?: number;
}): TInterestsPageAsk {
  if (query.pagination === 'false') return { paginated: false, limit: INTERESTS_UNPAGED_MAX };
  const before = query['createdAt[strictly_before]'];
  return {
    paginated: true,
    limit: Math.min(query.itemsPerPage ?? DEFAULT_PAGE, INTERESTS_LIST_MAX),
    before: before ? new Date(before) : undefined,
    idLt: query['id[lt]'],
  };
}

export function pageOf<R, T>(opts: {
  rows: R[];
  ask: TInterestsPageAsk;
  total: TListTotal | null;
  present: (r: R) => T;
  cursor: (r: R) => { at: Date; id: number };
}): TPage<T> {
  const lastRow = opts.rows.at(-1);
  return {
    member: opts.rows.map(opts.present),
    total: opts.total,
    full: opts.ask.paginated && opts.rows.length === opts.ask.limit,
    last: lastRow ? opts.cursor(lastRow) : null,
  };
}

const DUPLICATE_NAME = () => validationError([{ propertyPath: 'name', message: INTERESTS_MESSAGES.duplicateName }]);

async function loadInterest(tx: TTx, opts: { companyId: number; id: number }) {
  const row = await repo.findInterest(tx, opts);
  if (!row) throw new AppError('not_found', INTERESTS_MESSAGES.notFound);
  return row;
}

export async function listInterests(opts: { ctx: TRequestContext; query: TInterestListQuery }): Promise<TPage<TInterest>> {
  const access = interestsCompanyOf(opts.ctx);
  const { companyId } = access;
  const ask = pageAskOf(opts.query);
  const name = opts.query.name || undefined;
  return runInScope(opts.ctx.db, { companyId }, async (tx) => {
    await checkInterestsModule(tx, access);
    const rows = await repo.listInterests(tx, { companyId, name, ask });
    const total = ask.before ? null : await repo.countInterests(tx, { companyId, name });
    return pageOf({ rows, ask, total, present: toInterestResource, cursor: (r) => ({ at: r.createdAt, id: r.id }) });
  });
}

export async function getInterest(opts: { ctx: TRequestContext; id: number }): Promise<TInterest> {
  const access = interestsCompanyOf(opts.ctx);
  return runInScope(opts.ctx.db, { companyId: access.companyId }, async (tx) => {
    await checkInterestsModule(tx, access);
    return toInterestResource(await loadInterest(tx, { companyId: access.companyId, id: opts.id }));
  });
}

export async function createInterest(opts: { ctx: TRequestContext; body: TInterestCreate }): Promise<TInterest> {
  const access = interestsCompanyOf(opts.ctx);
  const { companyId } = access;
  try {
    return await runWithLiveEvents({
      deps: opts.ctx,
      scope: { companyId },
      fn: async (tx, emit) => {
        await checkInterestsModule(tx, access);
        const row = await repo.insertInterest(tx, { companyId, name: opts.body.name, description: opts.body.description ?? '' });
        emit([interestEvent(row, 'created')]);
        return toInterestResource(row);
      },
    });
  } catch (err) {
    // The unique index on lower(name) decides, also between two parallel creates.
    if (isUniqueViolation(err)) throw DUPLICATE_NAME();
    throw err;
  }
}

export async function changeInterest(opts: { ctx: TRequestContext; id: number; body: TInterestPatch }): Promise<TInterest> {
  const access = interestsCompanyOf(opts.ctx);
  const { companyId } = access;
  try {
    return await runWithLiveEvents({
      deps: opts.ctx,
      scope: { companyId },
      fn: async (tx, emit) => {
        await checkInterestsModule(tx, access);
        await loadInterest(tx, { companyId, id: opts.id });
        await repo.updateInterest(tx, { companyId, id: opts.id, name: opts.body.name, description: opts.body.description });
        const row = await loadInterest(tx, { companyId, id: opts.id });
        emit([interestEvent(row, 'updated')]);
        return toInterestResource(row);
      },
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw DUPLICATE_NAME();
    throw err;
  }
}

/** Deleting a category removes its memberships too (an offer's saved audience then simply no longer matches it). */
export async function deleteInterest(opts: { ctx: TRequestContext; id: number }): Promise<void> {
  const access = interestsCompanyOf(opts.ctx);
  const { companyId } = access;
  await runWithLiveEvents({
    deps: opts.ctx,
    scope: { companyId },
    fn: async (tx, emit) => {
      await checkInterestsModule(tx, access);
      const row = await loadInterest(tx, { companyId, id: opts.id });
      if (!(await repo.deleteInterest(tx, { companyId, id: opts.id }))) throw new AppError('not_found', INTERESTS_MESSAGES.notFound);
      emit([interestEvent(row, 'removed')]);
    },
  });
}

/* ---- Members ---- */

export async function listCustomerInterests(opts: { ctx: TRequestContext; query: TCustomerInterestListQuery }): Promise<TPage<TCustomerInterest>> {
  const access = interestsCompanyOf(opts.ctx);
  const { companyId } = access;
  const ask = pageAskOf(opts.query);
  const filter = { customerId: opts.query.customer, interestId: opts.query.interest };
  return runInScope(opts.ctx.db, { companyId }, async (tx) => {
    await checkInterestsModule(tx, access);
    const rows = await repo.listCustomerInterests(tx, { companyId, ...filter, ask });
    const total = ask.before ? null : await repo.countCustomerInterests(tx, { companyId, ...filter });
    const tie = filter.customerId !== undefined ? (r: { interestId: number }) => r.interestId : (r: { customerId: number }) => r.customerId;
    return pageOf({ rows, ask, total, present: toCustomerInterestResource, cursor: (r) => ({ at: r.createdAt, id: tie(r as never) }) });
  });
}

/** Adds a customer to a category; adding twice answers the existing membership (`created` false). */
export async function addCustomerInterest(opts: {
  ctx: TRequestContext;
  body: TCustomerInterestCreate;
}): Promise<{ resource: TCustomerInterest; created: boolean }> {
  const access = interestsCompanyOf(opts.ctx);
  const { companyId } = access;
  return runWithLiveEvents({
    deps: opts.ctx,
    scope: { companyId },
    fn: async (tx, emit) => {
      await checkInterestsModule(tx, access);
      const customer = await findCustomer(tx, { companyId, ownerId: null, id: opts.body.customer });
      if (!customer) throw validationError([{ propertyPath: 'customer', message: INTERESTS_MESSAGES.customerNotFound }]);
      const interest = await repo.findInterest(tx, { companyId, id: opts.body.interest });
      if (!interest) throw validationError([{ propertyPath: 'interest', message: INTERESTS_MESSAGES.notFound }]);
      const ids = { companyId, customerId: customer.id, interestId: interest.id };
      const created = await repo.insertCustomerInterest(tx, ids);
      const row = await repo.findCustomerInterest(tx, ids);
      if (created) emit([interestEvent({ ...interest, memberCount: interest.memberCount + 1 }, 'updated')]);
      return { resource: toCustomerInterestResource(row!), created };
    },
  });
}

export async function removeCustomerInterest(opts: { ctx: TRequestContext; customerId: number; interestId: number }): Promise<void> {
  const access = interestsCompanyOf(opts.ctx);
  const { companyId } = access;
  await runWithLiveEvents({
    deps: opts.ctx,
    scope: { companyId },
    fn: async (tx, emit) => {
      await checkInterestsModule(tx, access);
      const removed = await repo.deleteCustomerInterest(tx, { companyId, customerId: opts.customerId, interestId: opts.interestId });
      if (!removed) throw new AppError('not_found', INTERESTS_MESSAGES.customerInterestNotFound);
      const interest = await repo.findInterest(tx, { companyId, id: opts.interestId });
      if (interest) emit([interestEvent(interest, 'updated')]);
    },
  });
}
