import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { KEYWORD_GENERATED_ALPHABET } from '@cd/contracts/listings';
import { runInScope } from '../src/db/client';
import type { TTestApp } from './helpers';
import { receiveInbound } from '../src/modules/messages/messages.api';

/** Test data of the leads tests, written straight to the database (listings are H1's; only their rows are needed). */

let seq = 0;

/** A valid, unique US number (the landing page checks phones). */
export function testPhone(): string {
  return `+1202${randomInt(200, 999)}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
}

export function testKeyword(): string {
  let k = '';
  for (let i = 0; i < 6; i++) k += KEYWORD_GENERATED_ALPHABET[randomInt(0, KEYWORD_GENERATED_ALPHABET.length)];
  return k;
}

const system = { companyId: null, system: true } as const;

export async function setRealEstateSettings(t: TTestApp, companyId: number, settings: Record<string, unknown>) {
  await runInScope(t.db, system, (tx) =>
    tx.execute(sql`update companies set real_estate_settings = ${JSON.stringify(settings)}::jsonb where id = ${companyId}`),
  );
}

export async function setModules(t: TTestApp, companyId: number, modules: Record<string, boolean>) {
  await runInScope(t.db, system, (tx) => tx.execute(sql`update companies set modules = modules || ${JSON.stringify(modules)}::jsonb where id = ${companyId}`));
}

export async function newListing(
  t: TTestApp,
  opts: { companyId: number; agentId?: number | null; keyword?: string; url?: string; priceCents?: number | null; name?: string },
): Promise<{ id: number; keyword: string; url: string; name: string }> {
  const keyword = opts.keyword ?? testKeyword();
  const url = opts.url ?? `https://homes.example/listing/${++seq}-${randomInt(0, 1e9)}`;
  const name = opts.name ?? `12 Oak Street ${seq}`;
  return runInScope(t.db, system, async (tx) => {
    const k = (await tx.execute(sql`insert into keywords (company_id, name) values (${opts.companyId}, ${keyword}) returning id::int as id`)).rows[0] as {
      id: number;
    };
    const l = (
      await tx.execute(
        sql`insert into listings (company_id, name, url, keyword_id, price_cents, agent_id) values (${opts.companyId}, ${name}, ${url}, ${k.id}, ${opts.priceCents === undefined ? 45_000_000 : opts.priceCents}, ${opts.agentId ?? null}) returning id::int as id`,
      )
    ).rows[0] as { id: number };
    return { id: Number(l.id), keyword, url, name };
  });
}

/** A customer's text, exactly as a webhook delivers it. */
export function sendInbound(t: TTestApp, opts: { companyId: number; phone: string; body: string; channel?: 'simulator' | 'whatsapp' | 'sms_provider' }) {
  return receiveInbound({
    deps: t.app.deps,
    inbound: {
      companyId: opts.companyId,
      channel: opts.channel ?? 'simulator',
      from: { phone: opts.phone },
      body: opts.body,
      providerMessageId: `lead-${++seq}-${randomInt(0, 1e9)}`,
      media: [],
    },
  });
}

/** Rows read back in system scope (bigints as ints). */
export async function rowsOf<T>(t: TTestApp, query: ReturnType<typeof sql>): Promise<T[]> {
  return runInScope(t.db, system, async (tx) => (await tx.execute(query)).rows as T[]);
}

export async function repliesTo(t: TTestApp, opts: { companyId: number; phone: string }): Promise<{ content: string; channel: string }[]> {
  return rowsOf(
    t,
    sql`select m.content, m.channel from messages m join customers c on c.company_id = m.company_id and c.id = m.customer_id
        where m.company_id = ${opts.companyId} and c.phone = ${opts.phone} and m.direction = 'OUTBOUND' order by m.id`,
  );
}

export async function leadsOf(t: TTestApp, opts: { companyId: number; phone: string }) {
  return rowsOf<{ id: number; source: string; listingId: number | null; offerId: number | null; agentId: number | null; status: string }>(
    t,
    sql`select l.id::int as id, l.source, l.listing_id::int as "listingId", l.offer_id::int as "offerId", l.agent_id::int as "agentId", l.status
        from marketing_leads l join customers c on c.company_id = l.company_id and c.id = l.customer_id
        where l.company_id = ${opts.companyId} and c.phone = ${opts.phone} order by l.id`,
  );
}
