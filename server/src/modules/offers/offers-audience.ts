import { sql } from 'drizzle-orm';
import type { TOfferAudience, TOfferAudienceSize } from '@cd/contracts/offers';
import type { TTx } from '../../db/client';
import { validationError } from '../../lib/errors';
import { customerIdsOfInterests, interestsExist } from '../interests/interests.api';
import { marketingRuleOf, nextMarketingTime } from '../marketing/marketing.api';
import * as repo from './offers.repository';
import type { TStoredAudience } from './offers.schema';

/** audience_size reads at most this many members (a larger audience is still sent in full, batch by batch). */
const AUDIENCE_SIZE_SCAN = 50_000;

export function isEmptyAudience(a: TStoredAudience): boolean {
  return !a.interestIds.length && !a.tagIds.length && !a.groupIds.length;
}

/** The input audience as stored (ids as numbers, tag names deduplicated), with every interest and group checked. */
export async function storedAudienceOf(tx: TTx, opts: { companyId: number; audience: TOfferAudience }): Promise<TStoredAudience> {
  const ids = (refs: number[]) => [...new Set(refs)];
  const stored: TStoredAudience = {
    interestIds: ids(opts.audience.interestIds),
    tagIds: [...new Set(opts.audience.tagIds)],
    groupIds: ids(opts.audience.groupIds),
  };
  const found = async (table: 'customer_groups', wanted: number[]) => {
    if (!wanted.length) return 0;
    const res = await tx.execute(
      sql`select count(*)::int as n from ${sql.raw(table)} where company_id = ${opts.companyId} and id = any(${sql.param(wanted)}::bigint[])`,
    );
    return Number((res.rows[0] as { n: number }).n);
  };
  const violations = [];
  if (!(await interestsExist({ tx, companyId: opts.companyId, interestIds: stored.interestIds })))
    violations.push({ propertyPath: 'audience.interestIds', message: 'An interest was not found.' });
  if ((await found('customer_groups', stored.groupIds)) !== stored.groupIds.length)
    violations.push({ propertyPath: 'audience.groupIds', message: 'A customer group was not found.' });
  if (violations.length) throw validationError(violations);
  return stored;
}

/** Customers reached through the audience's interests (the interests module owns who belongs to which). */
export async function interestCustomerIdsOf(tx: TTx, opts: { companyId: number; audience: TStoredAudience }): Promise<number[]> {
  if (!opts.audience.interestIds.length) return [];
  return customerIdsOfInterests({ tx, companyId: opts.companyId, interestIds: opts.audience.interestIds });
}

/** Who would get the offer now: eligible (some deferred to their state window), and who is left out and why. */
export async function measureAudience(tx: TTx, opts: { companyId: number; audience: TStoredAudience; now: Date }): Promise<TOfferAudienceSize> {
  const size: TOfferAudienceSize = { total: 0, eligible: 0, deferred: 0, excluded: { noMarketingConsent: 0, optedOut: 0, dailyCap: 0 } };
  if (isEmptyAudience(opts.audience)) return size;
  const interestCustomerIds = await interestCustomerIdsOf(tx, opts);
  const members = await repo.listAudienceMembers(tx, { companyId: opts.companyId, audience: opts.audience, interestCustomerIds, limit: AUDIENCE_SIZE_SCAN });
  for (const m of members) {
    size.total++;
    if (m.optOut) size.excluded.optedOut++;
    else if (!m.consent) size.excluded.noMarketingConsent++;
    else {
      const rule = marketingRuleOf({ address: m.address, phone: m.phone });
      if (rule && m.sentLastDay >= rule.dailyCap) size.excluded.dailyCap++;
      else {
        size.eligible++;
        if (nextMarketingTime({ now: opts.now, rule, customerTimeZone: m.timezone })) size.deferred++;
      }
    }
  }
  return size;
}
