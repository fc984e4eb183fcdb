import { sql } from 'drizzle-orm';
import type { TListingStatus } from '@cd/contracts/listings';
import type { TTx } from '../db/client';
import { seedDemoInterests } from './seed-interests';
import { seedDemoQuestionnaires } from './seed-questionnaires';

/**
 * Demo Realty's real estate data (issue 18): keywords, listings (one archived) and — added by the other parts of the
 * issue below — interests, leads, offers and questionnaires. Each part adds its own function call at the end of
 * seedRealEstate and keeps its rows in its own helper.
 */

/** Keywords of the unambiguous alphabet (docs/real-estate.md "Keywords"): the first six are on listings. */
const KEYWORDS = ['CEDAR', 'VENTURA', 'HAVEN', 'DUNE', 'PARK', 'CREEK', 'TERRACE', 'HARPER', 'MEADE', 'ACRE', 'DCTKR', 'FHMNP'];

/** [name, keyword, location, price in cents, negotiable, status, agent email, days ago] */
const LISTINGS: [string, string | null, string, number | null, boolean, TListingStatus, string, number][] = [
  ['Ocean view 3-bed craftsman', 'CEDAR', '1420 Ocean Park Blvd, Santa Monica, CA', 189_500_000, true, 'for_sale', 'agent@realty.example.com', 2],
  ['Downtown loft with parking', 'VENTURA', '220 Main St #5, Venice, CA', 112_000_000, false, 'for_sale', 'agent@realty.example.com', 6],
  ['Garden 2-bed near the pier', 'HAVEN', '88 Pier Ave, Santa Monica, CA', 425_000, false, 'for_lease', 'admin@realty.example.com', 9],
  ['Family home with pool', 'DUNE', '3311 Sunset Park Dr, Los Angeles, CA', 245_000_000, true, 'sale_pending', 'agent@realty.example.com', 15],
  ['Studio by the college', 'PARK', '1900 Pico Blvd #12, Santa Monica, CA', 310_000, false, 'for_lease', 'admin@realty.example.com', 20],
  ['Hillside lot with views', 'CREEK', 'Topanga Canyon Rd, Topanga, CA', null, true, 'off_market', 'agent@realty.example.com', 30],
  ['Beach cottage (sold)', null, '17 Rose Ave, Venice, CA', 134_900_000, false, 'sold', 'agent@realty.example.com', 60],
];

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

async function seedDemoListings(tx: TTx, opts: { realtyId: number }): Promise<void> {
  const companyId = opts.realtyId;
  for (const name of KEYWORDS) await tx.execute(sql`insert into keywords (company_id, name) values (${companyId}, ${name}) on conflict do nothing`);
  const now = Date.now();
  for (const [name, keyword, location, price, negotiable, status, agentEmail, daysAgo] of LISTINGS) {
    const at = new Date(now - daysAgo * 86_400_000).toISOString();
    // An archived listing holds no keyword (archiving freed it).
    await tx.execute(sql`insert into listings (company_id, name, url, keyword_id, location, price_cents, negotiable, status, agent_id, photo_url,
        description, archived_at, created_at, updated_at)
      values (${companyId}, ${name}, ${`https://realty.example.com/listings/${slugOf(name)}`},
        (select id from keywords where company_id = ${companyId} and name = ${keyword}),
        ${location}, ${price}, ${negotiable}, ${status},
        (select id from users where company_id = ${companyId} and lower(email) = ${agentEmail}),
        null, ${`${name}. Call or text the keyword to learn more.`}, ${keyword === null ? at : null}, ${at}, ${at})`);
  }
}

/** Called once from seed.ts inside the demo data's transaction. */
export async function seedRealEstate(tx: TTx, opts: { realtyId: number }): Promise<void> {
  await seedDemoListings(tx, opts);
  await seedDemoInterests(tx, opts);
  await seedDemoQuestionnaires(tx, opts);
}
