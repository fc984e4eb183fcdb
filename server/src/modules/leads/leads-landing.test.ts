import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { leadsOf, newListing, repliesTo, rowsOf, setRealEstateSettings, testPhone } from '../../../test/lead-fixtures';

let t: TTestApp;
let s: TSeededCompany;
let ipSeq = 0;

const SETTINGS = {
  beforePhoneInputText: 'Leave your number',
  optInviteMessage: 'Yes, text me new listings and offers.',
  phoneNumberSubmittedText: 'Thanks, we will text you shortly.',
  landingPageLeadMessage: 'Thanks for your interest in {company_name}!',
};

/** Each test posts from its own address so the per-address limit of one test never blocks another. */
const freshIp = () => `10.1.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

function submit(slug: string, body: unknown, ip = freshIp()) {
  return t.app.inject({
    method: 'POST',
    url: `/api/public/lead-pages/${slug}/leads`,
    remoteAddress: ip,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

const consentsOf = (companyId: number, phone: string) =>
  rowsOf<{ source: string; wording: string }>(
    t,
    sql`select m.source, m.wording from marketing_consents m join customers c on c.company_id = m.company_id and c.id = m.customer_id where m.company_id = ${companyId} and c.phone = ${phone}`,
  );

beforeAll(async () => {
  t = await createTestApp();
  s = await seedCompany(t.db, { modules: { realEstate: true } });
  await setRealEstateSettings(t, s.companyId, SETTINGS);
});
afterAll(() => t.close());

describe('the landing page', () => {
  it('shows the company and its real-estate texts; an unknown slug or a company without the module is 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/public/lead-pages/${s.slug}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: `Company ${s.slug}`,
      slug: s.slug,
      texts: { beforePhoneInputText: 'Leave your number', optInviteMessage: SETTINGS.optInviteMessage },
    });
    expect(res.body).not.toContain('landingPageLeadMessage');
    expect((await t.app.inject({ method: 'GET', url: '/api/public/lead-pages/no-such-company' })).statusCode).toBe(404);
    const off = await seedCompany(t.db);
    expect((await t.app.inject({ method: 'GET', url: `/api/public/lead-pages/${off.slug}` })).statusCode).toBe(404);
    expect((await submit(off.slug, { phone: testPhone() })).statusCode).toBe(404);
  });

  it('records a lead, the consent with its wording when the box is ticked, and texts the lead message', async () => {
    const l = await newListing(t, { companyId: s.companyId, agentId: s.agent.id });
    const phone = testPhone();
    const res = await submit(s.slug, { phone, listingUrl: l.url, marketingConsent: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ ok: true, message: SETTINGS.phoneNumberSubmittedText });
    expect(await leadsOf(t, { companyId: s.companyId, phone })).toMatchObject([{ source: 'landing_page', listingId: l.id, agentId: s.agent.id }]);
    expect(await consentsOf(s.companyId, phone)).toEqual([{ source: 'web_form', wording: SETTINGS.optInviteMessage }]);
    expect((await repliesTo(t, { companyId: s.companyId, phone })).map((r) => r.content)).toEqual([`Thanks for your interest in Company ${s.slug}!`]);
  });

  it('records no consent when the box is not ticked, and a URL of no listing makes a lead without a listing', async () => {
    const phone = testPhone();
    const res = await submit(s.slug, { phone, listingUrl: 'https://elsewhere.example/house', marketingConsent: false });
    expect(res.statusCode, res.body).toBe(201);
    expect(await leadsOf(t, { companyId: s.companyId, phone })).toMatchObject([{ source: 'landing_page', listingId: null }]);
    expect(await consentsOf(s.companyId, phone)).toEqual([]);
    const phone2 = testPhone();
    expect((await submit(s.slug, { phone: phone2 })).statusCode).toBe(201);
    expect(await consentsOf(s.companyId, phone2)).toEqual([]);
  });

  it('answers the same for a known phone, keeps one lead and sends one text a day', async () => {
    const phone = testPhone();
    const first = await submit(s.slug, { phone });
    const second = await submit(s.slug, { phone, marketingConsent: true });
    expect(second.statusCode).toBe(201);
    expect(second.body).toBe(first.body);
    expect(await leadsOf(t, { companyId: s.companyId, phone })).toHaveLength(1);
    expect(await repliesTo(t, { companyId: s.companyId, phone })).toHaveLength(1);
    // Consent is recorded once, on the submit that ticked it.
    expect(await consentsOf(s.companyId, phone)).toHaveLength(1);
    expect((await submit(s.slug, { phone, marketingConsent: true })).statusCode).toBe(201);
    expect(await consentsOf(s.companyId, phone)).toHaveLength(1);
  });

  it('refuses a bad phone, a bad body or a huge URL with 422, never 500', async () => {
    for (const body of [
      { phone: '12' },
      { phone: 'not a phone' },
      {},
      { phone: testPhone(), marketingConsent: 'yes' },
      { phone: testPhone(), listingUrl: 'x'.repeat(2001) },
      { phone: testPhone(), extra: 1 },
      { phone: testPhone(), listingUrl: 'a\u0007b' },
    ])
      expect((await submit(s.slug, body)).statusCode, JSON.stringify(body).slice(0, 60)).toBe(422);
    expect((await submit('Bad Slug!', { phone: testPhone() })).statusCode).toBe(400);
  });

  it('limits submits per address and per phone (429)', async () => {
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) codes.push((await submit(s.slug, { phone: testPhone() }, ip)).statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.at(-1)).toBe(429);
    const phone = testPhone();
    const perPhone: number[] = [];
    for (let i = 0; i < 4; i++) perPhone.push((await submit(s.slug, { phone })).statusCode);
    expect(perPhone).toEqual([201, 201, 201, 429]);
  });

  it('texts nothing to an opted-out phone and records no consent for it', async () => {
    const phone = testPhone();
    await rowsOf(t, sql`insert into customers (company_id, phone, opt_out, opted_out_at) values (${s.companyId}, ${phone}, true, now())`);
    expect((await submit(s.slug, { phone, marketingConsent: true })).statusCode).toBe(201);
    expect(await repliesTo(t, { companyId: s.companyId, phone })).toEqual([]);
    expect(await consentsOf(s.companyId, phone)).toEqual([]);
    expect(await leadsOf(t, { companyId: s.companyId, phone })).toHaveLength(1);
  });
});
