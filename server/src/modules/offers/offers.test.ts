import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFER_MESSAGES } from '@cd/contracts/offers';
import { bearer, createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { runInScope } from '../../db/client';
import { nextMarketingTime, STRICT_MARKETING_STATES } from '../marketing/marketing-windows';
import { saveMediaFromBuffer } from '../media/media.service';
import { receiveInbound } from '../messages/messages.api';
import { TINY_PNG } from '../../../test/multipart';
import { findRecentOfferFor } from './offers.api';

let t: TTestApp;
let s: TSeededCompany;
let other: TSeededCompany;
let off: TSeededCompany;
let admin: string;
let offersUser: string;
let marketingUser: string;
let plain: string;
let otherAdmin: string;
let offAdmin: string;
let seq = 7300000;
const phone = () => `+1555${String(seq++).padStart(7, '0')}`;

type TMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: TMethod, url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
const drain = () => t.app.deps.jobs.drain();
const sys = <T>(fn: Parameters<typeof runInScope<T>>[2]) => runInScope(t.db, { companyId: null, system: true }, fn);

async function setRoles(userId: number, roles: string[]) {
  await sys((tx) => tx.execute(sql`update users set roles = ${sql.param(roles)}::text[] where id = ${userId}`));
}

async function customer(opts: { tags?: string[]; consent?: boolean; optOut?: boolean; company?: TSeededCompany; token?: string } = {}) {
  const res = await call('POST', '/api/customers', opts.token ?? admin, { phone: phone(), firstName: 'Offer', tags: opts.tags ?? [] });
  expect(res.statusCode, res.body).toBe(201);
  const c = res.json() as { id: number; phone: string };
  if (opts.consent !== false) {
    const r = await call('POST', `/api/customers/${c.id}/marketing_consent`, opts.token ?? admin, {
      source: 'staff',
      wording: 'Yes, text me offers from this agency.',
    });
    expect(r.statusCode, r.body).toBe(201);
  }
  if (opts.optOut) await call('PATCH', `/api/customers/${c.id}`, opts.token ?? admin, { optOut: true });
  return c;
}

async function group(customerIds: number[]) {
  const res = await call('POST', '/api/customer_groups', admin, { name: `G ${randomBytes(3).toString('hex')}`, customers: customerIds });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

async function interest(customerIds: number[], companyId = s.companyId) {
  return sys(async (tx) => {
    const res = await tx.execute(
      sql`insert into interests (company_id, name) values (${companyId}, ${`I ${randomBytes(4).toString('hex')}`}) returning id::int as id`,
    );
    const id = (res.rows[0] as { id: number }).id;
    for (const c of customerIds)
      await tx.execute(sql`insert into customer_interests (company_id, customer_id, interest_id) values (${companyId}, ${c}, ${id})`);
    return id;
  });
}

async function newOffer(audience: Record<string, unknown>, extra: Record<string, unknown> = {}, token = admin) {
  const res = await call('POST', '/api/offers', token, {
    name: 'Spring open house',
    message: 'Open house Saturday 10-2. Reply for details.',
    audience,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; status: string };
}

const messagesOf = async (offerId: number) =>
  (
    await sys((tx) =>
      tx.execute(sql`select m.customer_id::int as c, count(*)::int as n from messages m join offers o on o.company_id = m.company_id and o.group_message_id = m.group_message_id
        where o.id = ${offerId} group by m.customer_id`),
    )
  ).rows as { c: number; n: number }[];

/** A time zone whose local time is outside (or inside) the 08:00–20:00 window right now. */
function zoneWhere(open: boolean): string {
  for (let h = -12; h <= 14; h++) {
    const zone = h === 0 ? 'Etc/GMT' : `Etc/GMT${h > 0 ? '-' : '+'}${Math.abs(h)}`;
    const closed = nextMarketingTime({ now: new Date(), rule: STRICT_MARKETING_STATES.FL!, customerTimeZone: zone }) !== null;
    if (closed !== open) return zone;
  }
  throw new Error('no zone');
}

beforeAll(async () => {
  t = await createTestApp();
  s = await seedCompany(t.db, { modules: { offers: true } });
  other = await seedCompany(t.db, { modules: { offers: true } });
  off = await seedCompany(t.db);
  await setRoles(s.agent.id, ['ROLE_USER', 'ROLE_OFFERS']);
  await setRoles(s.user2.id, ['ROLE_USER', 'ROLE_MARKETING']);
  admin = (await login(t.app, s.admin.email)).token;
  offersUser = (await login(t.app, s.agent.email)).token;
  marketingUser = (await login(t.app, s.user2.email)).token;
  otherAdmin = (await login(t.app, other.admin.email)).token;
  offAdmin = (await login(t.app, off.admin.email)).token;
  const plainUser = await sys(async (tx) => {
    await tx.execute(sql`insert into users (company_id, email, password_hash, first_name, last_name, roles, dms)
      select company_id, ${`plain.${s.slug}@test.example`}, password_hash, 'Plain', 'User', array['ROLE_USER','ROLE_COMMUNICATION'], '{}'::jsonb from users where id = ${s.admin.id}`);
    return `plain.${s.slug}@test.example`;
  });
  plain = (await login(t.app, plainUser)).token;
});
afterAll(() => t.close());

describe('roles and module', () => {
  it('lets admins and the offers role in; marketing reads /api/marketing/offers; others get 403', async () => {
    expect((await call('GET', '/api/offers', admin)).statusCode).toBe(200);
    expect((await call('GET', '/api/offers', offersUser)).statusCode).toBe(200);
    expect((await call('GET', '/api/offers', marketingUser)).statusCode).toBe(403);
    expect((await call('GET', '/api/marketing/offers', marketingUser)).statusCode).toBe(200);
    expect((await call('GET', '/api/marketing/offers', offersUser)).statusCode).toBe(403);
    for (const url of ['/api/offers', '/api/marketing/offers', '/api/offers/1/audience_size'])
      expect((await call('GET', url, plain)).statusCode, url).toBe(403);
    expect((await call('POST', '/api/offers', plain, { name: 'x', message: 'y', audience: { tagIds: ['a'] } })).statusCode).toBe(403);
    const c = await customer({ consent: false });
    expect((await call('GET', `/api/customers/${c.id}/marketing_consent`, plain)).statusCode).toBe(403);
    expect((await call('GET', `/api/customers/${c.id}/marketing_consent`, marketingUser)).statusCode).toBe(200);
    const res = await call('GET', '/api/offers', offAdmin);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(OFFER_MESSAGES.moduleOff);
  });
});

describe('marketing consent', () => {
  it('records with source and wording, refuses a second active grant under a race, revokes, and never follows STOP', async () => {
    const c = await customer({ consent: false });
    const url = `/api/customers/${c.id}/marketing_consent`;
    expect((await call('GET', url, offersUser)).json()).toMatchObject({ active: false, source: null });
    for (const body of [
      {},
      { source: 'staff' },
      { source: 'staff', wording: 'short' },
      { source: 'bogus', wording: 'I agree to get offers.' },
      { source: 'staff', wording: 'I agree to offers.', x: 1 },
    ])
      expect([400, 422], JSON.stringify(body)).toContain((await call('POST', url, offersUser, body)).statusCode);
    const body = { source: 'web_form', wording: 'I agree to receive marketing texts.', evidence: { form: 'open-house-7' } };
    const [a, b] = await Promise.all([call('POST', url, offersUser, body), call('POST', url, offersUser, body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect((await call('GET', url, offersUser)).json()).toMatchObject({
      active: true,
      source: 'web_form',
      wording: body.wording,
      evidence: { form: 'open-house-7' },
    });
    expect((await call('DELETE', url, offersUser)).statusCode).toBe(204);
    expect((await call('GET', url, offersUser)).json()).toMatchObject({ active: false, revokedAt: expect.any(String) });
    // A STOP revokes it through the inbound hook.
    expect((await call('POST', url, offersUser, body)).statusCode).toBe(201);
    await receiveInbound({
      deps: t.app.deps,
      inbound: {
        companyId: s.companyId,
        channel: 'simulator',
        from: { phone: c.phone },
        body: 'STOP',
        providerMessageId: `p-${randomBytes(6).toString('hex')}`,
        media: [],
      },
    });
    expect((await call('GET', url, offersUser)).json()).toMatchObject({ active: false, optedOut: true });
    expect((await call('POST', url, offersUser, body)).statusCode).toBe(409);
    expect((await call('GET', `/api/customers/99999999/marketing_consent`, offersUser)).statusCode).toBe(404);
    expect((await call('GET', url, otherAdmin)).statusCode).toBe(404);
  });
});

describe('sending', () => {
  it('sends once under a race, to each recipient once, only with marketing consent; tracks replies and opt-outs', async () => {
    const tag = `vip-${randomBytes(3).toString('hex')}`;
    const everywhere = await customer({ tags: [tag] });
    const tagged = await customer({ tags: [tag] });
    const noConsent = await customer({ tags: [tag], consent: false });
    const stopped = await customer({ tags: [tag], optOut: true });
    const outsider = await customer();
    const g = await group([everywhere.id, noConsent.id]);
    const i = await interest([everywhere.id, stopped.id]);
    const offer = await newOffer({ interestIds: [`/api/interests/${i}`], tagIds: [`/api/customer_tags/${tag}`], groupIds: [g] });
    expect(offer.status).toBe('draft');
    const size = (await call('GET', `/api/offers/${offer.id}/audience_size`, offersUser)).json();
    expect(size).toEqual({ total: 4, eligible: 2, deferred: 0, excluded: { noMarketingConsent: 1, optedOut: 1, dailyCap: 0 } });

    const [r1, r2] = await Promise.all([
      call('GET', `/api/offers/${offer.id}/send_immediately`, offersUser),
      call('POST', `/api/offers/${offer.id}/send_immediately`, offersUser),
    ]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
    await drain();
    expect((await call('GET', `/api/offers/${offer.id}/send_immediately`, offersUser)).statusCode).toBe(409);
    const sent = await messagesOf(offer.id);
    expect(sent.map((m) => m.c).sort()).toEqual([everywhere.id, tagged.id].sort());
    expect(sent.every((m) => m.n === 1)).toBe(true);
    expect(sent.map((m) => m.c)).not.toContain(outsider.id);

    const got = (await call('GET', `/api/offers/${offer.id}`, offersUser)).json();
    expect(got).toMatchObject({
      status: 'sent',
      sentAt: expect.any(String),
      results: { recipients: 4, sent: 2, skipped: 2, queued: 0, replied: 0, optedOut: 0 },
    });
    const recips = (await call('GET', `/api/offers/${offer.id}/recipients`, offersUser)).json().member as {
      customer: string;
      status: string;
      skipReason: string | null;
    }[];
    expect(recips.find((r) => r.customer === `/api/customers/${noConsent.id}`)).toMatchObject({ status: 'skipped', skipReason: 'no_marketing_consent' });
    expect(recips.find((r) => r.customer === `/api/customers/${stopped.id}`)).toMatchObject({ status: 'skipped', skipReason: 'opted_out' });

    // A reply marks the offer; a STOP after it counts as opted out and revokes consent.
    const inbound = (from: string, body: string) =>
      receiveInbound({
        deps: t.app.deps,
        inbound: {
          companyId: s.companyId,
          channel: 'simulator',
          from: { phone: from },
          body,
          providerMessageId: `p-${randomBytes(6).toString('hex')}`,
          media: [],
        },
      });
    await inbound(everywhere.phone, 'Is the 3-bed still available?');
    await inbound(tagged.phone, 'STOP');
    const after = (await call('GET', `/api/marketing/offers`, marketingUser)).json().member.find((o: { id: number }) => o.id === offer.id);
    expect(after.results).toMatchObject({ replied: 1, optedOut: 1 });
    expect((await call('GET', `/api/customers/${tagged.id}/marketing_consent`, offersUser)).json().active).toBe(false);
    const recent = await runInScope(t.db, { companyId: s.companyId }, (tx) =>
      findRecentOfferFor({ tx, companyId: s.companyId, customerId: everywhere.id, withinDays: 7 }),
    );
    expect(recent?.id).toBe(offer.id);
    expect((await call('PATCH', `/api/offers/${offer.id}`, offersUser, { name: 'Too late' })).statusCode).toBe(409);
    expect((await call('DELETE', `/api/offers/${offer.id}`, offersUser)).statusCode).toBe(409);
  });

  it('resumes after a crash mid-batch without texting anyone twice', async () => {
    const tag = `crash-${randomBytes(3).toString('hex')}`;
    const one = await customer({ tags: [tag] });
    const two = await customer({ tags: [tag] });
    const offer = await newOffer({ tagIds: [tag] });
    expect((await call('POST', `/api/offers/${offer.id}/send_immediately`, offersUser)).statusCode).toBe(200);
    // As if a run had written the first message and died before marking its recipient.
    await sys((tx) =>
      tx.execute(sql`insert into messages (company_id, customer_id, direction, status, type, channel, sender, content, group_message_id)
        select company_id, ${one.id}, 'OUTBOUND', 'SENDING', 'STANDARD', 'simulator', 'agent', message, group_message_id from offers where id = ${offer.id}`),
    );
    await drain();
    const sent = await messagesOf(offer.id);
    expect(sent.map((m) => m.c).sort()).toEqual([one.id, two.id].sort());
    expect(sent.every((m) => m.n === 1)).toBe(true);
    expect((await call('GET', `/api/offers/${offer.id}`, offersUser)).json()).toMatchObject({ status: 'sent', results: { sent: 2, queued: 0 } });
  });

  it('fails with the reason when nobody may get it, and can be fixed and sent', async () => {
    const c = await customer({ consent: false, tags: ['nobody-yet'] });
    const offer = await newOffer({ tagIds: ['nobody-yet'] });
    const res = await call('POST', `/api/offers/${offer.id}/send_immediately`, offersUser);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ detail: OFFER_MESSAGES.notSent, violations: [{ propertyPath: 'audience', message: OFFER_MESSAGES.noRecipients }] });
    expect((await call('GET', `/api/offers/${offer.id}`, offersUser)).json()).toMatchObject({ status: 'failed', failureReason: OFFER_MESSAGES.noRecipients });
    await call('POST', `/api/customers/${c.id}/marketing_consent`, offersUser, { source: 'paper', wording: 'Signed the open-house sheet for offers.' });
    expect((await call('POST', `/api/offers/${offer.id}/send_immediately`, offersUser)).statusCode).toBe(200);
    await drain();
    expect((await call('GET', `/api/offers/${offer.id}`, offersUser)).json()).toMatchObject({ status: 'sent', failureReason: null, results: { sent: 1 } });
  });

  it('defers recipients outside their state window (not dropped) and skips past the daily cap', async () => {
    const closed = await customer();
    const open = await customer();
    await sys((tx) =>
      tx.execute(sql`update customers set address = '{"state":"FL"}'::jsonb, timezone = case id when ${closed.id} then ${zoneWhere(false)} else ${zoneWhere(true)} end
        where company_id = ${s.companyId} and id in (${closed.id}, ${open.id})`),
    );
    const g = await group([closed.id, open.id]);
    const size = (await call('POST', '/api/offers/audience_size', offersUser, { audience: { groupIds: [g] } })).json();
    expect(size).toMatchObject({ total: 2, eligible: 2, deferred: 1 });
    const offer = await newOffer({ groupIds: [g] });
    expect((await call('GET', `/api/offers/${offer.id}/send_immediately`, offersUser)).statusCode).toBe(200);
    await drain();
    expect((await messagesOf(offer.id)).map((m) => m.c)).toEqual([open.id]);
    const got = (await call('GET', `/api/offers/${offer.id}`, offersUser)).json();
    expect(got).toMatchObject({ status: 'sending', results: { sent: 1, queued: 1 } });
    const recips = (await call('GET', `/api/offers/${offer.id}/recipients`, offersUser)).json().member as { customer: string; deferredUntil: string | null }[];
    const deferred = recips.find((r) => r.customer === `/api/customers/${closed.id}`)!;
    expect(new Date(deferred.deferredUntil!).getTime()).toBeGreaterThan(Date.now());

    // Three offers in 24 hours reach the cap: a fourth is skipped with the reason (and fails: nobody reached).
    const capped = await customer();
    await sys((tx) =>
      tx.execute(
        sql`update customers set address = '{"state":"OK"}'::jsonb, timezone = ${zoneWhere(true)} where company_id = ${s.companyId} and id = ${capped.id}`,
      ),
    );
    const g2 = await group([capped.id]);
    for (let n = 0; n < 3; n++) {
      const o = await newOffer({ groupIds: [g2] });
      expect((await call('GET', `/api/offers/${o.id}/send_immediately`, offersUser)).statusCode).toBe(200);
      await drain();
    }
    expect((await call('GET', `/api/offers/${offer.id}/audience_size`, offersUser)).statusCode).toBe(200);
    expect((await call('POST', '/api/offers/audience_size', offersUser, { audience: { groupIds: [g2] } })).json()).toMatchObject({
      eligible: 0,
      excluded: { dailyCap: 1 },
    });
    const fourth = await newOffer({ groupIds: [g2] });
    expect((await call('GET', `/api/offers/${fourth.id}/send_immediately`, offersUser)).statusCode).toBe(200);
    await drain();
    const last = (await call('GET', `/api/offers/${fourth.id}`, offersUser)).json();
    expect(last).toMatchObject({ status: 'failed', failureReason: expect.stringContaining('daily'), results: { skipped: 1 } });
  });
});

describe('scheduled send', () => {
  it('starts when its time comes, sends the image with the text, and tells the offers and marketing roles', async () => {
    const tag = `sch-${randomBytes(3).toString('hex')}`;
    const c = await customer({ tags: [tag] });
    const image = await saveMediaFromBuffer({
      deps: t.app.deps,
      companyId: s.companyId,
      userId: s.agent.id,
      file: { filename: 'house.png', mimetype: 'image/png', buffer: TINY_PNG },
    });
    const offer = await newOffer({ tagIds: [tag] }, { scheduledAt: new Date(Date.now() + 3600_000).toISOString(), image: `/api/media_objects/${image.id}` });
    await drain();
    expect((await call('GET', `/api/offers/${offer.id}`, offersUser)).json()).toMatchObject({
      status: 'scheduled',
      image: `/api/media_objects/${image.id}`,
      imageUrl: expect.any(String),
    });
    // Its time comes (moved into the past directly; the job queued for it is made due too).
    await sys((tx) => tx.execute(sql`update offers set scheduled_at = now() - interval '1 second' where company_id = ${s.companyId} and id = ${offer.id}`));
    await sys((tx) =>
      tx.execute(sql`update outbox_jobs set run_at = now() where kind = 'send_offer' and (payload->>'offerId')::bigint = ${offer.id} and done_at is null`),
    );
    await drain();
    expect((await call('GET', `/api/offers/${offer.id}`, offersUser)).json()).toMatchObject({ status: 'sent', results: { sent: 1 } });
    const thread = (await call('GET', `/api/messages?customer=${c.id}`, admin)).json();
    expect(thread.member[0]).toMatchObject({ attachments: [expect.objectContaining({ mimeType: 'image/png' })] });
    const events = (
      await sys((tx) =>
        tx.execute(
          sql`select topics from live_events where company_id = ${s.companyId} and payload->>'entity' = 'offer' and (payload->'data'->>'id')::bigint = ${offer.id}`,
        ),
      )
    ).rows as { topics: string[] }[];
    expect(events.length).toBeGreaterThan(1);
    expect(events[0]!.topics.join(' ')).toMatch(/ROLE_OFFERS/);
    expect(events[0]!.topics.join(' ')).toMatch(/ROLE_MARKETING/);
  });
});

describe('drafts, schedule and input', () => {
  it('schedules, reschedules to draft, edits, deletes, and refuses bad input with 400/422', async () => {
    const c = await customer({ tags: ['sched'] });
    const at = new Date(Date.now() + 3600_000).toISOString();
    const offer = await newOffer({ tagIds: ['sched'] }, { scheduledAt: at });
    expect(offer.status).toBe('scheduled');
    await drain();
    expect((await call('GET', `/api/offers/${offer.id}`, offersUser)).json()).toMatchObject({ status: 'scheduled', results: { recipients: 0 } });
    const back = await call('PUT', `/api/offers/${offer.id}/schedule`, offersUser, { scheduledAt: null });
    expect(back.json()).toMatchObject({ status: 'draft', scheduledAt: null });
    const patched = await call('PATCH', `/api/offers/${offer.id}`, offersUser, {
      name: 'Renamed',
      audience: { tagIds: ['sched'], groupIds: [await group([c.id])] },
    });
    expect(patched.json()).toMatchObject({ name: 'Renamed', audience: { groupIds: [expect.stringMatching(/^\/api\/customer_groups\/\d+$/)] } });
    const bad: unknown[] = [
      {},
      { name: 'x', message: 'y' },
      { name: '', message: 'y', audience: {} },
      { name: 'x'.repeat(201), message: 'y', audience: {} },
      { name: 'x', message: 'y'.repeat(1601), audience: {} },
      { name: 'x', message: 'y', audience: { interestIds: ['(a+)+$'] } },
      { name: 'x', message: 'y', audience: { interestIds: [99999999] } },
      { name: 'x', message: 'y', audience: { groupIds: ['/api/users/1'] } },
      { name: 'x', message: 'y', audience: { tagIds: Array.from({ length: 101 }, (_, n) => `t${n}`) } },
      { name: 'x', message: 'y', audience: {}, scheduledAt: new Date(Date.now() - 60_000).toISOString() },
      { name: 'x', message: 'y', audience: {}, image: 99999999 },
      { name: 'x\u0000', message: 'y', audience: {} },
      { name: 'x', message: 'y', audience: {}, bogus: true },
    ];
    for (const body of bad) expect([400, 422], JSON.stringify(body).slice(0, 80)).toContain((await call('POST', '/api/offers', offersUser, body)).statusCode);
    expect([400, 422]).toContain((await call('GET', '/api/offers?status=nope', offersUser)).statusCode);
    expect([400, 422]).toContain((await call('GET', '/api/offers?itemsPerPage=0', offersUser)).statusCode);
    expect([400, 404]).toContain((await call('GET', '/api/offers/abc', offersUser)).statusCode);
    // An empty audience is a draft that cannot be sent.
    const empty = await newOffer({});
    const res = await call('GET', `/api/offers/${empty.id}/send_immediately`, offersUser);
    expect(res.statusCode).toBe(422);
    expect(res.json().violations[0].message).toBe(OFFER_MESSAGES.emptyAudience);
    expect((await call('DELETE', `/api/offers/${offer.id}`, offersUser)).statusCode).toBe(204);
    expect((await call('GET', `/api/offers/${offer.id}`, offersUser)).statusCode).toBe(404);
  });

  it('pages newest first and pagination=false follows next', async () => {
    const ids: number[] = [];
    for (let n = 0; n < 3; n++) ids.push((await newOffer({ tagIds: ['page'] }, {}, otherAdmin)).id);
    const first = (await call('GET', '/api/marketing/offers?itemsPerPage=2', otherAdmin)).json();
    expect(first.member.map((o: { id: number }) => o.id)).toEqual([ids[2], ids[1]]);
    const second = (await call('GET', first.view.next, otherAdmin)).json();
    expect(second.member.map((o: { id: number }) => o.id)).toEqual([ids[0]]);
    const all = (await call('GET', '/api/marketing/offers?pagination=false', otherAdmin)).json();
    expect(all.member.map((o: { id: number }) => o.id)).toEqual([...ids].reverse());
    expect(all.totalItems).toBe(3);
  });
});

describe('tenant isolation', () => {
  it("answers 404 for another company's offers, groups and interests", async () => {
    const mine = await newOffer({ tagIds: ['iso'] });
    for (const [m, url] of [
      ['GET', `/api/offers/${mine.id}`],
      ['PATCH', `/api/offers/${mine.id}`],
      ['DELETE', `/api/offers/${mine.id}`],
      ['GET', `/api/offers/${mine.id}/send_immediately`],
      ['GET', `/api/offers/${mine.id}/audience_size`],
      ['GET', `/api/offers/${mine.id}/recipients`],
      ['PUT', `/api/offers/${mine.id}/schedule`],
    ] as const) {
      const body = m === 'PATCH' ? { name: 'x' } : m === 'PUT' ? { scheduledAt: null } : undefined;
      expect((await call(m, url, otherAdmin, body)).statusCode, `${m} ${url}`).toBe(404);
    }
    const g = await group([]);
    const i = await interest([]);
    expect((await call('POST', '/api/offers', otherAdmin, { name: 'x', message: 'y', audience: { groupIds: [g] } })).statusCode).toBe(422);
    expect((await call('POST', '/api/offers', otherAdmin, { name: 'x', message: 'y', audience: { interestIds: [i] } })).statusCode).toBe(422);
    expect((await call('GET', `/api/offers/${mine.id}`, offersUser)).statusCode).toBe(200);
  });
});
