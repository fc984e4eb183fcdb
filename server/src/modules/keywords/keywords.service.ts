import {
  KEYWORD_LIST_MAX,
  KEYWORD_UNPAGED_MAX,
  LISTING_MESSAGES,
  type TGenerateKeywordsResult,
  type TKeyword,
  type TKeywordCreate,
  type TKeywordListQuery,
} from '@cd/contracts/listings';
import type { TRequestContext } from '../../context';
import { runInScope } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, validationError } from '../../lib/errors';
import { resolveReadableCompanyId } from '../../tenant-scope';
import { findCompany } from '../companies/companies.api';
import { loadRealEstateCompany, requireKeywordAdmin, requireRealEstateUser } from './keywords.access';
import { randomKeywordNames } from './keywords.generate';
import { toKeywordResource } from './keywords.presenter';
import * as repo from './keywords.repository';

/** Keywords customers text in (docs/real-estate.md "Keywords"). */

const DEFAULT_PAGE = 30;
/** Rounds of top-up before giving up (each round only loses names a parallel call or an old keyword took). */
const GENERATE_ROUNDS = 20;

export interface TKeywordPage {
  member: TKeyword[];
  totalItems: number;
  page: number;
  itemsPerPage: number;
  paginated: boolean;
}

/** Super admins read any company's list (named or the one they work in); the real estate role its own company's. */
export async function listKeywords(opts: { ctx: TRequestContext; query: TKeywordListQuery }): Promise<TKeywordPage> {
  const { ctx, query } = opts;
  requireRealEstateUser(ctx);
  const companyId = resolveReadableCompanyId({ ctx, requested: query.company });
  const paginated = query.pagination !== 'false';
  const itemsPerPage = paginated ? Math.min(query.itemsPerPage ?? DEFAULT_PAGE, KEYWORD_LIST_MAX) : KEYWORD_UNPAGED_MAX;
  const page = paginated ? (query.page ?? 1) : 1;
  return runInScope(ctx.db, { companyId }, async (tx) => {
    if (!ctx.actor.isSuperAdmin) await loadRealEstateCompany(tx, companyId);
    const filter = { companyId, status: query.status, name: query.name || undefined };
    const rows = await repo.listKeywords(tx, { ...filter, limit: itemsPerPage, offset: (page - 1) * itemsPerPage });
    const totalItems = paginated ? await repo.countKeywords(tx, filter) : rows.length;
    return { member: rows.map(toKeywordResource), totalItems, page, itemsPerPage, paginated };
  });
}

export async function getKeyword(opts: { ctx: TRequestContext; id: number }): Promise<TKeyword> {
  const { ctx } = opts;
  requireRealEstateUser(ctx);
  const companyId = ctx.actor.isSuperAdmin ? null : resolveReadableCompanyId({ ctx });
  const scope = companyId === null ? { companyId: null, system: true } : { companyId };
  return runInScope(ctx.db, scope, async (tx) => {
    if (companyId !== null) await loadRealEstateCompany(tx, companyId);
    const row = await repo.findKeyword(tx, { companyId, id: opts.id });
    if (!row) throw new AppError('not_found', 'Keyword not found.');
    return toKeywordResource(row);
  });
}

export async function createKeyword(opts: { ctx: TRequestContext; body: TKeywordCreate }): Promise<TKeyword> {
  const { ctx, body } = opts;
  requireKeywordAdmin(ctx);
  const companyId = resolveReadableCompanyId({ ctx, requested: body.company });
  try {
    return await runInScope(ctx.db, { companyId }, async (tx) => {
      if (!(await findCompany(tx, companyId))) throw new AppError('not_found', 'Company not found.');
      const [id] = await repo.insertKeywords(tx, { companyId, names: [body.name] });
      if (id === undefined) throw validationError([{ propertyPath: 'name', message: LISTING_MESSAGES.keywordExists }]);
      return toKeywordResource((await repo.findKeyword(tx, { companyId, id }))!);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw validationError([{ propertyPath: 'name', message: LISTING_MESSAGES.keywordExists }]);
    throw err;
  }
}

/** Only an AVAILABLE keyword may go (409 while a listing holds it). */
export async function deleteKeyword(opts: { ctx: TRequestContext; id: number }): Promise<void> {
  const { ctx } = opts;
  requireKeywordAdmin(ctx);
  await runInScope(ctx.db, { companyId: null, system: true }, async (tx) => {
    const row = await repo.findKeyword(tx, { companyId: null, id: opts.id, forUpdate: true });
    if (!row) throw new AppError('not_found', 'Keyword not found.');
    if (row.status === 'USED' || !(await repo.deleteAvailableKeyword(tx, { companyId: row.companyId, id: row.id })))
      throw new AppError('conflict', LISTING_MESSAGES.keywordInUse);
  });
}

/**
 * `count` new keywords for a company. Random names may meet existing ones or a parallel call's: the insert skips
 * those (ON CONFLICT DO NOTHING) and the next round tops up, so two calls at once never yield a duplicate.
 */
export async function generateKeywords(opts: { ctx: TRequestContext; companyId: number; count: number }): Promise<TGenerateKeywordsResult> {
  const { ctx, companyId, count } = opts;
  requireKeywordAdmin(ctx);
  return runInScope(ctx.db, { companyId }, async (tx) => {
    if (!(await findCompany(tx, companyId))) throw new AppError('not_found', 'Company not found.');
    const ids: number[] = [];
    for (let round = 0; round < GENERATE_ROUNDS && ids.length < count; round++)
      ids.push(...(await repo.insertKeywords(tx, { companyId, names: randomKeywordNames(count - ids.length) })));
    if (ids.length < count) throw new AppError('conflict', 'Could not find enough unused keywords; try a smaller count.');
    const rows = await repo.findKeywordsByIds(tx, { companyId, ids });
    return { created: rows.length, keywords: rows.map(toKeywordResource) };
  });
}
