import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isKeywordName } from '@cd/contracts/listings';
import { runInScope } from '../db/client';
import { createTestApp, login, type TTestApp } from '../../test/helpers';
import { DEMO_PASSWORD, seedDemoData } from './seed';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData({ db: t.db, publicUrl: 'http://demo.test' });
}, 120_000);
afterAll(() => t.close());

describe('demo seed: real estate', () => {
  it('gives Demo Realty keywords of the alphabet, listings on distinct keywords and one archived listing', async () => {
    const rows = await runInScope(t.db, { companyId: null, system: true }, async (tx) => {
      const realty = (await tx.execute(sql`select id::int as id from companies where slug = 'demo-realty'`)).rows[0] as { id: number };
      const keywords = (await tx.execute(sql`select name from keywords where company_id = ${realty.id}`)).rows as { name: string }[];
      const listings = (await tx.execute(sql`select keyword_id::int as k, archived_at, agent_id::int as a from listings where company_id = ${realty.id}`))
        .rows as { k: number | null; archived_at: unknown; a: number | null }[];
      return { keywords, listings };
    });
    expect(rows.keywords.length).toBeGreaterThanOrEqual(10);
    for (const k of rows.keywords) expect(isKeywordName(k.name), k.name).toBe(true);
    const active = rows.listings.filter((l) => l.archived_at === null);
    expect(active.length).toBeGreaterThanOrEqual(5);
    expect(new Set(active.map((l) => l.k)).size).toBe(active.length);
    expect(active.every((l) => l.k !== null && l.a !== null)).toBe(true);
    expect(rows.listings.filter((l) => l.archived_at !== null).map((l) => l.k)).toEqual([null]);
    // The seeded agent works the listings screen.
    const token = (await login(t.app, 'agent@realty.example.com', DEMO_PASSWORD)).token;
    const res = await t.app.inject({ method: 'GET', url: '/api/listings?itemsPerPage=3', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().member).toHaveLength(3);
  });

  it('gives /marketing/leads leads of each source: keyword, landing page and an offer reply', async () => {
    const token = (await login(t.app, 'marketing@realty.example.com', DEMO_PASSWORD)).token;
    const res = await t.app.inject({ method: 'GET', url: '/api/marketing/leads?pagination=false', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode, res.body).toBe(200);
    const sources = new Set((res.json().member as { source: string }[]).map((l) => l.source));
    expect([...sources].sort()).toEqual(['keyword', 'landing_page', 'offer_reply']);
  });
});
