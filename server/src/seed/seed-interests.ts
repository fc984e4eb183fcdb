import { sql } from 'drizzle-orm';
import type { TTx } from '../db/client';

/**
 * Demo Realty's interests (issue 18, docs/real-estate.md "Interests"): buyer categories with a few members, and
 * those buyers' interest in listings (one archived, one not interested), so the screens have something to show.
 */

const CATEGORIES: [string, string][] = [
  ['3-bed under $2M', 'Families looking for three bedrooms or more.'],
  ['Beach rentals', 'Renters who want to be near the ocean.'],
  ['Investors', 'Buyers of lots and fixer-uppers.'],
];

/** [first name, last name, phone, categories, listings by keyword with state and source] */
const BUYERS: [string, string, string, string[], [string, 'active' | 'archived' | 'not_interested', 'keyword' | 'landing_page' | 'manual'][]][] = [
  ['Maya', 'Lopez', '+13105550141', ['3-bed under $2M'], [['CEDAR', 'active', 'keyword']]],
  [
    'Derek',
    'Okafor',
    '+13105550142',
    ['Beach rentals'],
    [
      ['HAVEN', 'active', 'landing_page'],
      ['PARK', 'archived', 'keyword'],
    ],
  ],
  [
    'Priya',
    'Shah',
    '+13105550143',
    ['Investors', '3-bed under $2M'],
    [
      ['CREEK', 'active', 'manual'],
      ['DUNE', 'not_interested', 'keyword'],
    ],
  ],
];

/** Called from seedRealEstate (after the listings) inside the demo data's transaction. */
export async function seedDemoInterests(tx: TTx, opts: { realtyId: number }): Promise<void> {
  const companyId = opts.realtyId;
  for (const [name, description] of CATEGORIES)
    await tx.execute(sql`insert into interests (company_id, name, description) values (${companyId}, ${name}, ${description}) on conflict do nothing`);
  for (const [firstName, lastName, phone, categories, listings] of BUYERS) {
    await tx.execute(
      sql`insert into customers (company_id, first_name, last_name, phone) values (${companyId}, ${firstName}, ${lastName}, ${phone}) on conflict do nothing`,
    );
    const customer = sql`(select id from customers where company_id = ${companyId} and phone = ${phone})`;
    for (const category of categories)
      await tx.execute(sql`insert into customer_interests (company_id, customer_id, interest_id)
        select ${companyId}, ${customer}, id from interests where company_id = ${companyId} and lower(name) = lower(${category}) on conflict do nothing`);
    for (const [keyword, state, source] of listings)
      await tx.execute(sql`insert into listing_interests (company_id, listing_id, customer_id, agent_id, source, state)
        select ${companyId}, l.id, ${customer}, l.agent_id, ${source}, ${state}
        from listings l join keywords k on k.company_id = l.company_id and k.id = l.keyword_id
        where l.company_id = ${companyId} and k.name = ${keyword} on conflict do nothing`);
  }
}
