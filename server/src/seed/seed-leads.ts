import { sql } from 'drizzle-orm';
import type { TTx } from '../db/client';

/**
 * Demo Realty's marketing leads (issue 18, docs/leads.md): the buyers who texted a keyword or left their number on the
 * landing page (from the seeded listing interests) and the customer who answered the seeded offer, a few days old and
 * at different statuses, so /marketing/leads opens on real rows. Called after the interests and the offers.
 */
export async function seedDemoLeads(tx: TTx, opts: { realtyId: number }): Promise<void> {
  const companyId = opts.realtyId;
  await tx.execute(sql`insert into marketing_leads (company_id, customer_id, source, listing_id, agent_id, status, created_at, updated_at)
    select li.company_id, li.customer_id, li.source, li.listing_id, li.agent_id,
           case when li.state = 'active' then 'new' when li.state = 'archived' then 'contacted' else 'closed' end,
           now() - make_interval(days => 1 + (row_number() over (order by li.id))::int), now()
    from listing_interests li
    where li.company_id = ${companyId} and li.source in ('keyword', 'landing_page')
    on conflict do nothing`);
  await tx.execute(sql`insert into marketing_leads (company_id, customer_id, source, offer_id, status, created_at, updated_at)
    select r.company_id, r.customer_id, 'offer_reply', r.offer_id, 'qualified', r.replied_at, now()
    from offer_recipients r
    where r.company_id = ${companyId} and r.replied_at is not null
    on conflict do nothing`);
}
