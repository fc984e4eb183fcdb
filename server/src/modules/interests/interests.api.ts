import type { TListingInterestSource } from '@cd/contracts/interests';
import type { TTx } from '../../db/client';
import * as repo from './interests.repository';
import type { TListingInterestRow } from './interests.schema';

/**
 * What other modules (leads, offers) and app.ts use of interests; the repository stays private. Functions run in the
 * caller's transaction and scope.
 */

export { interestsRoutes } from './interests.routes';
export type { TListingInterestRow } from './interests.schema';
export { listingInterestEvent, toListingInterestResource } from './interests.presenter';

/**
 * Records that a customer is interested in a listing (texted its keyword, left a number on its landing page, replied to
 * an offer). One row per customer and listing (race-safe through the unique key): `created` false when it was there;
 * an archived or not-interested one becomes active again (the customer asked again), keeps its first source, and
 * takes `agentId` when one is given.
 */
export async function upsertListingInterest(opts: {
  tx: TTx;
  companyId: number;
  listingId: number;
  customerId: number;
  agentId?: number | null;
  source: TListingInterestSource;
}): Promise<{ row: TListingInterestRow; created: boolean }> {
  const { id, created } = await repo.upsertListingInterest(opts.tx, {
    companyId: opts.companyId,
    listingId: opts.listingId,
    customerId: opts.customerId,
    agentId: opts.agentId ?? null,
    source: opts.source,
  });
  const row = await repo.findListingInterest(opts.tx, { companyId: opts.companyId, id });
  return { row: row!, created };
}

/** The distinct customers in any of these categories (an offer's audience); opt-outs are the sender's business. */
export function customerIdsOfInterests(opts: { tx: TTx; companyId: number; interestIds: readonly number[] }): Promise<number[]> {
  return repo.customerIdsOfInterests(opts.tx, { companyId: opts.companyId, interestIds: opts.interestIds });
}

/** Whether every id names a category of the company (an offer's audience is checked before saving). */
export async function interestsExist(opts: { tx: TTx; companyId: number; interestIds: readonly number[] }): Promise<boolean> {
  for (const id of new Set(opts.interestIds)) if (!(await repo.findInterest(opts.tx, { companyId: opts.companyId, id }))) return false;
  return true;
}
