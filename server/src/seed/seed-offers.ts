import { sql } from 'drizzle-orm';
import type { TTx } from '../db/client';

/**
 * Demo Realty's offers (issue 18, docs/marketing-consent.md): marketing consent for most of its customers, an
 * interest-based audience, one offer already sent (delivered, one reply) through a group message like a real send,
 * and a draft to a tag. Called from seed.ts after seedRealEstate.
 */
export async function seedDemoOffers(tx: TTx, opts: { realtyId: number }): Promise<void> {
  const companyId = opts.realtyId;
  const rowsOf = async (q: ReturnType<typeof sql>) => (await tx.execute(q)).rows as Record<string, unknown>[];
  const customers = (await rowsOf(sql`select id::int as id from customers where company_id = ${companyId} and not opt_out order by id limit 4`)).map((r) =>
    Number(r.id),
  );
  if (!customers.length) return;
  const consented = customers.slice(0, Math.max(1, customers.length - 1));
  const owner = Number(
    (await rowsOf(sql`select id::int as id from users where company_id = ${companyId} and lower(email) = 'admin@realty.example.com'`))[0]?.id ?? 0,
  );
  const ownerId = owner || null;
  for (const c of consented)
    await tx.execute(sql`insert into marketing_consents (company_id, customer_id, source, wording, granted_at, recorded_by_id, evidence)
      values (${companyId}, ${c}, 'web_form', 'Yes, text me new listings and offers from Demo Realty. Reply STOP to opt out.',
              now() - interval '20 days', ${ownerId}, '{"form": "open-house sign-in"}'::jsonb)
      on conflict do nothing`);
  // The interest-based audience (the interests module may seed the same name: reuse it then).
  await tx.execute(sql`insert into interests (company_id, name, description) values (${companyId}, 'Beach homes under $2M', 'Buyers looking near the beach.')
    on conflict (company_id, lower(name)) do nothing`);
  const interestId = Number(
    (await rowsOf(sql`select id::int as id from interests where company_id = ${companyId} and lower(name) = lower('Beach homes under $2M')`))[0]!.id,
  );
  for (const c of customers)
    await tx.execute(
      sql`insert into customer_interests (company_id, customer_id, interest_id) values (${companyId}, ${c}, ${interestId}) on conflict do nothing`,
    );

  const message = 'Demo Realty: new beach listings this week, open house Sat 10-2 at 1420 Ocean Park Blvd. Reply for details, STOP to opt out.';
  const sentAt = sql`now() - interval '2 days'`;
  const gm = Number(
    (
      await rowsOf(sql`insert into group_messages (company_id, group_id, user_id, source, content, status, recipients_total, expanded_at, created_at)
        values (${companyId}, null, ${ownerId}, 'OFFER', ${message}, 'sent', ${consented.length}, ${sentAt}, ${sentAt}) returning id::int as id`)
    )[0]!.id,
  );
  const offerId = Number(
    (
      await rowsOf(sql`insert into offers (company_id, name, message, audience, status, sent_at, group_message_id, created_by_id, created_at, updated_at)
        values (${companyId}, 'Beach open house weekend', ${message}, ${JSON.stringify({ interestIds: [interestId], tagIds: [], groupIds: [] })}::jsonb,
                'sent', ${sentAt}, ${gm}, ${ownerId}, now() - interval '3 days', ${sentAt}) returning id::int as id`)
    )[0]!.id,
  );
  for (const [n, c] of customers.entries()) {
    if (!consented.includes(c)) {
      await tx.execute(sql`insert into offer_recipients (company_id, offer_id, customer_id, status, skip_reason, created_at)
        values (${companyId}, ${offerId}, ${c}, 'skipped', 'no_marketing_consent', ${sentAt})`);
      continue;
    }
    const messageId = Number(
      (
        await rowsOf(sql`insert into messages (company_id, customer_id, user_id, direction, status, type, channel, sender, content, group_message_id, created_at)
          values (${companyId}, ${c}, ${ownerId}, 'OUTBOUND', 'DELIVERED', 'STANDARD', 'simulator', 'agent', ${message}, ${gm}, ${sentAt}) returning id::int as id`)
      )[0]!.id,
    );
    await tx.execute(sql`insert into offer_recipients (company_id, offer_id, customer_id, message_id, status, sent_at, replied_at, created_at)
      values (${companyId}, ${offerId}, ${c}, ${messageId}, 'sent', ${sentAt}, ${n === 0 ? sql`now() - interval '1 day'` : null}, ${sentAt})`);
  }
  await tx.execute(sql`insert into offers (company_id, name, message, audience, status, created_by_id)
    values (${companyId}, 'Spring price drops', 'Demo Realty: prices just dropped on three homes near you. Reply YES for the list.',
            ${JSON.stringify({ interestIds: [interestId], tagIds: ['buyer'], groupIds: [] })}::jsonb, 'draft', ${ownerId})`);
}
