import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { leadsOf, newListing, repliesTo, rowsOf, sendInbound, setRealEstateSettings, testPhone } from '../../../test/lead-fixtures';

let t: TTestApp;
let s: TSeededCompany;

const SETTINGS = {
  propertyInterestMessage: 'Hi {customer_name}! {listing_name} is {listing_price}: {listing_url} ({agent_name})',
  genericUrlMessage: 'About {listing_name}: {agent_name} will call you.',
  invalidPropertyRequestedMessage: 'We could not find that property code.',
};

beforeAll(async () => {
  t = await createTestApp();
  s = await seedCompany(t.db, { modules: { realEstate: true } });
  await setRealEstateSettings(t, s.companyId, SETTINGS);
});
afterAll(() => t.close());

describe('keyword texts', () => {
  it.each([
    ['lower case', (k: string) => k.toLowerCase()],
    ['trimmed of punctuation and spaces', (k: string) => `  ${k}!!  `],
    ['quoted', (k: string) => `"${k}".`],
    ['first word of a sentence', (k: string) => `${k.toLowerCase()}, is it still available?`],
  ])('answers a listing keyword (%s) with the rendered text, a lead, an interest and a note to the agent', async (_label, spell) => {
    const l = await newListing(t, { companyId: s.companyId, agentId: s.agent.id, priceCents: 45_000_000 });
    const phone = testPhone();
    await sendInbound(t, { companyId: s.companyId, phone, body: spell(l.keyword) });
    const replies = await repliesTo(t, { companyId: s.companyId, phone });
    expect(replies.map((r) => r.content)).toEqual([`Hi there! ${l.name} is $450,000: ${l.url} (agent ${s.slug})`]);
    const leads = await leadsOf(t, { companyId: s.companyId, phone });
    expect(leads).toMatchObject([{ source: 'keyword', listingId: l.id, agentId: s.agent.id, status: 'new' }]);
    const interests = await rowsOf<{ state: string; source: string }>(
      t,
      sql`select i.state, i.source from listing_interests i join customers c on c.company_id = i.company_id and c.id = i.customer_id where i.listing_id = ${l.id} and c.phone = ${phone}`,
    );
    expect(interests).toEqual([{ state: 'active', source: 'keyword' }]);
    const notes = await rowsOf<{ kind: string }>(t, sql`select kind from notifications where user_id = ${s.agent.id} and data->>'listingId' = ${String(l.id)}`);
    expect(notes).toEqual([{ kind: 'listing_lead' }]);
  });

  it('works the same on another channel (WhatsApp)', async () => {
    const l = await newListing(t, { companyId: s.companyId });
    const phone = testPhone();
    await sendInbound(t, { companyId: s.companyId, phone, body: l.keyword, channel: 'whatsapp' });
    expect(await leadsOf(t, { companyId: s.companyId, phone })).toMatchObject([{ source: 'keyword', listingId: l.id, agentId: null }]);
    const replies = await repliesTo(t, { companyId: s.companyId, phone });
    expect(replies).toHaveLength(1);
    expect(replies[0]!.channel).toBe('whatsapp');
    // No agent: the company's name stands in.
    expect(replies[0]!.content).toContain(`(${`Company ${s.slug}`})`);
  });

  it('does not read a keyword in the middle of a sentence, nor an archived listing', async () => {
    const l = await newListing(t, { companyId: s.companyId });
    const phone = testPhone();
    await sendInbound(t, { companyId: s.companyId, phone, body: `I saw ${l.keyword} yesterday` });
    expect(await leadsOf(t, { companyId: s.companyId, phone })).toEqual([]);
    await rowsOf(t, sql`update listings set archived_at = now(), keyword_id = null where id = ${l.id}`);
    await sendInbound(t, { companyId: s.companyId, phone, body: l.keyword });
    expect(await leadsOf(t, { companyId: s.companyId, phone })).toEqual([]);
  });

  it('answers once per customer and listing within the window, even for two texts at the same moment', async () => {
    const l = await newListing(t, { companyId: s.companyId, agentId: s.agent.id });
    const phone = testPhone();
    await sendInbound(t, { companyId: s.companyId, phone, body: 'Hello' });
    await Promise.all([
      sendInbound(t, { companyId: s.companyId, phone, body: l.keyword }),
      sendInbound(t, { companyId: s.companyId, phone, body: l.keyword.toLowerCase() }),
    ]);
    expect(await repliesTo(t, { companyId: s.companyId, phone })).toHaveLength(1);
    expect(await leadsOf(t, { companyId: s.companyId, phone })).toHaveLength(1);
    const notes = await rowsOf(t, sql`select 1 from notifications where user_id = ${s.agent.id} and data->>'listingId' = ${String(l.id)}`);
    expect(notes).toHaveLength(1);
    // After the window a new text is answered again.
    await rowsOf(t, sql`update lead_auto_replies set sent_at = now() - interval '25 hours' where listing_id = ${l.id}`);
    await sendInbound(t, { companyId: s.companyId, phone, body: l.keyword });
    expect(await repliesTo(t, { companyId: s.companyId, phone })).toHaveLength(2);
    expect(await leadsOf(t, { companyId: s.companyId, phone })).toHaveLength(1);
  });

  it('sends nothing to an opted-out customer, but still records the lead', async () => {
    const l = await newListing(t, { companyId: s.companyId });
    const phone = testPhone();
    await sendInbound(t, { companyId: s.companyId, phone, body: 'STOP' });
    const before = (await repliesTo(t, { companyId: s.companyId, phone })).length;
    await sendInbound(t, { companyId: s.companyId, phone, body: l.keyword });
    expect(await repliesTo(t, { companyId: s.companyId, phone })).toHaveLength(before);
    expect(await leadsOf(t, { companyId: s.companyId, phone })).toHaveLength(1);
  });

  it('records the lead without a reply when the setting is empty, and does nothing without the module', async () => {
    const quiet = await seedCompany(t.db, { modules: { realEstate: true } });
    const l = await newListing(t, { companyId: quiet.companyId });
    const phone = testPhone();
    await sendInbound(t, { companyId: quiet.companyId, phone, body: l.keyword });
    expect(await repliesTo(t, { companyId: quiet.companyId, phone })).toEqual([]);
    expect(await leadsOf(t, { companyId: quiet.companyId, phone })).toHaveLength(1);

    const off = await seedCompany(t.db, { modules: { realEstate: false } });
    await setRealEstateSettings(t, off.companyId, SETTINGS);
    const l2 = await newListing(t, { companyId: off.companyId });
    await sendInbound(t, { companyId: off.companyId, phone, body: l2.keyword });
    expect(await repliesTo(t, { companyId: off.companyId, phone })).toEqual([]);
    expect(await leadsOf(t, { companyId: off.companyId, phone })).toEqual([]);
  });

  it("never matches another company's keyword", async () => {
    const other = await seedCompany(t.db, { modules: { realEstate: true } });
    const l = await newListing(t, { companyId: other.companyId });
    const phone = testPhone();
    await sendInbound(t, { companyId: s.companyId, phone, body: l.keyword });
    expect(await leadsOf(t, { companyId: s.companyId, phone })).toEqual([]);
  });
});

describe('unknown keywords and listing addresses', () => {
  it('answers a keyword-looking text that matches no listing, once, and ignores ordinary conversation', async () => {
    await newListing(t, { companyId: s.companyId });
    const phone = testPhone();
    for (const body of ['ok', 'Yes please', 'Thanks!', 'hey', 'HEY', 'hello there', 'Call me', '👍', '12'])
      await sendInbound(t, { companyId: s.companyId, phone, body });
    expect(await repliesTo(t, { companyId: s.companyId, phone })).toEqual([]);
    await sendInbound(t, { companyId: s.companyId, phone, body: 'QX7K9' });
    await sendInbound(t, { companyId: s.companyId, phone, body: 'MNP4' });
    expect((await repliesTo(t, { companyId: s.companyId, phone })).map((r) => r.content)).toEqual([SETTINGS.invalidPropertyRequestedMessage]);
    expect(await leadsOf(t, { companyId: s.companyId, phone })).toEqual([]);
  });

  it('stays silent on unknown keywords when the company has no listings', async () => {
    const empty = await seedCompany(t.db, { modules: { realEstate: true } });
    await setRealEstateSettings(t, empty.companyId, SETTINGS);
    const phone = testPhone();
    await sendInbound(t, { companyId: empty.companyId, phone, body: 'QX7K9' });
    expect(await repliesTo(t, { companyId: empty.companyId, phone })).toEqual([]);
  });

  it("answers a text holding one of the company's listing addresses with the generic URL text", async () => {
    const l = await newListing(t, { companyId: s.companyId, agentId: s.agent.id });
    const phone = testPhone();
    await sendInbound(t, { companyId: s.companyId, phone, body: `Is this one still available? ${l.url.replace('https://', 'http://')}.` });
    const replies = await repliesTo(t, { companyId: s.companyId, phone });
    expect(replies.map((r) => r.content)).toEqual([`About ${l.name}: agent ${s.slug} will call you.`]);
    expect(await leadsOf(t, { companyId: s.companyId, phone })).toMatchObject([{ source: 'keyword', listingId: l.id }]);
    // An address that is not a listing of the company: nothing.
    const phone2 = testPhone();
    await sendInbound(t, { companyId: s.companyId, phone: phone2, body: 'https://homes.example/listing/not-ours' });
    expect(await repliesTo(t, { companyId: s.companyId, phone: phone2 })).toEqual([]);
  });
});

describe('offer replies', () => {
  it('makes a text soon after an offer an offer_reply lead, once per offer, and only with the offers module', async () => {
    const co = await seedCompany(t.db, { modules: { offers: true } });
    const phone = testPhone();
    await sendInbound(t, { companyId: co.companyId, phone, body: 'Hello' });
    expect(await leadsOf(t, { companyId: co.companyId, phone })).toEqual([]);
    const [offer] = await rowsOf<{ id: number }>(
      t,
      sql`insert into offers (company_id, name, message, status, sent_at) values (${co.companyId}, 'Spring open house', 'Come by', 'sent', now()) returning id::int as id`,
    );
    await rowsOf(
      t,
      sql`insert into offer_recipients (company_id, offer_id, customer_id, status, sent_at) select ${co.companyId}, ${offer!.id}, id, 'sent', now() from customers where company_id = ${co.companyId} and phone = ${phone}`,
    );
    await sendInbound(t, { companyId: co.companyId, phone, body: 'Interested!' });
    await sendInbound(t, { companyId: co.companyId, phone, body: 'When can I visit?' });
    expect(await leadsOf(t, { companyId: co.companyId, phone })).toMatchObject([{ source: 'offer_reply', offerId: offer!.id, listingId: null }]);
    // STOP is not a reply.
    const phone2 = testPhone();
    await sendInbound(t, { companyId: co.companyId, phone: phone2, body: 'Hi' });
    await rowsOf(
      t,
      sql`insert into offer_recipients (company_id, offer_id, customer_id, status, sent_at) select ${co.companyId}, ${offer!.id}, id, 'sent', now() from customers where company_id = ${co.companyId} and phone = ${phone2}`,
    );
    await sendInbound(t, { companyId: co.companyId, phone: phone2, body: 'STOP' });
    expect(await leadsOf(t, { companyId: co.companyId, phone: phone2 })).toEqual([]);
  });
});
