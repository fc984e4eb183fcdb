import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInScope } from '../../db/client';
import { createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';

let t: TTestApp;
let s: TSeededCompany;
let other: TSeededCompany;
let admin: string;
let agent: string;
let otherAdmin: string;
let widgetKey: string;
const ORIGIN = 'https://dealer.example.com';
const OTHER_ORIGIN = 'https://other.example.com';

const system = <T>(fn: Parameters<typeof runInScope<T>>[2]) => runInScope(t.db, { companyId: null, system: true }, fn);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const json = { 'content-type': 'application/json' };
const drain = () => t.app.deps.jobs.drain();

async function start(opts: { key?: string; origin?: string | null } = {}) {
  const headers: Record<string, string> = { ...json };
  const origin = opts.origin === undefined ? ORIGIN : opts.origin;
  if (origin) headers.origin = origin;
  return t.app.inject({ method: 'POST', url: '/api/public/webchat/sessions', headers, payload: JSON.stringify({ key: opts.key ?? widgetKey }) });
}

/** A started session, aged past the time-to-first-message guard. */
async function visitor(): Promise<string> {
  const res = await start();
  expect(res.statusCode, res.body).toBe(201);
  const token = res.json().token as string;
  await system((tx) =>
    tx.execute(sql`update webchat_sessions set created_at = created_at - interval '1 minute' where visitor_id = (
    select visitor_id from webchat_sessions order by created_at desc, id desc limit 1)`),
  );
  return token;
}

const post = (url: string, token: string, body: unknown, origin = ORIGIN) =>
  t.app.inject({ method: 'POST', url, headers: { ...json, ...bearer(token), origin }, payload: JSON.stringify(body) });
const say = (token: string, body: string, extra: Record<string, unknown> = {}) => post('/api/public/webchat/messages', token, { body, ...extra });
const list = async (token: string, origin = ORIGIN) =>
  t.app.inject({ method: 'GET', url: '/api/public/webchat/messages', headers: { ...bearer(token), origin } });

async function customerOfToken(token: string): Promise<{ id: number; phone: string | null; webchat_visitor_id: string | null } | undefined> {
  const { sha256 } = await import('../../lib/crypto');
  return system(async (tx) => {
    const rows = (
      await tx.execute(sql`select c.id::int as id, c.phone, c.webchat_visitor_id from webchat_sessions w join customers c on c.company_id = w.company_id and c.id = w.customer_id
        where w.token_hash = ${sha256(token)}`)
    ).rows as { id: number; phone: string | null; webchat_visitor_id: string | null }[];
    return rows[0];
  });
}

beforeAll(async () => {
  t = await createTestApp();
  s = await seedCompany(t.db);
  other = await seedCompany(t.db);
  admin = (await login(t.app, s.admin.email)).token;
  agent = (await login(t.app, s.agent.email)).token;
  otherAdmin = (await login(t.app, other.admin.email)).token;
  const res = await t.app.inject({
    method: 'PATCH',
    url: '/api/webchat/settings',
    headers: { ...bearer(admin), 'content-type': 'application/merge-patch+json' },
    // The welcome reply has its own tests (own company); here each visitor's list holds only what the test wrote.
    payload: JSON.stringify({
      enabled: true,
      allowedOrigins: [ORIGIN, 'http://localhost:3000'],
      greeting: 'Hi! How can we help?',
      color: '#aa3300',
      welcomeEnabled: false,
    }),
  });
  expect(res.statusCode, res.body).toBe(200);
  widgetKey = res.json().widgetKey;
});
afterAll(() => t.close());

describe('webchat settings', () => {
  it('are company-admin only, validated, and per company', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/webchat/settings', headers: bearer(agent) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/webchat/settings' })).statusCode).toBe(401);
    const mine = (await t.app.inject({ method: 'GET', url: '/api/webchat/settings', headers: bearer(admin) })).json();
    expect(mine).toMatchObject({ enabled: true, allowedOrigins: [ORIGIN, 'http://localhost:3000'], color: '#aa3300' });
    const theirs = (await t.app.inject({ method: 'GET', url: '/api/webchat/settings', headers: bearer(otherAdmin) })).json();
    expect(theirs.enabled).toBe(false);
    expect(theirs.widgetKey).not.toBe(mine.widgetKey);
    for (const bad of [
      { allowedOrigins: ['https://x.com/path'] },
      { allowedOrigins: ['*'] },
      { color: 'red' },
      { greeting: 'a\u0000b' },
      { enabled: 'yes' },
      { nope: 1 },
    ]) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/webchat/settings',
        headers: { ...bearer(otherAdmin), 'content-type': 'application/merge-patch+json' },
        payload: JSON.stringify(bad),
      });
      expect([400, 422], `${JSON.stringify(bad)} → ${res.body}`).toContain(res.statusCode);
    }
  });
});

describe('webchat visitor API', () => {
  it('starts only for an enabled widget from an allowed origin, with CORS for that origin only', async () => {
    const ok = await start();
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(ok.json()).toMatchObject({ greeting: 'Hi! How can we help?', color: '#aa3300' });
    const bad = await start({ origin: 'https://evil.example.net' });
    expect(bad.statusCode).toBe(403);
    expect(bad.headers['access-control-allow-origin']).toBeUndefined();
    expect((await start({ origin: null })).statusCode).toBe(403);
    expect((await start({ key: 'wk_unknownunknownunknown' })).statusCode).toBe(404);
    expect((await start({ key: '<script>' })).statusCode).toBe(422);
    const theirs = (await t.app.inject({ method: 'GET', url: '/api/webchat/settings', headers: bearer(otherAdmin) })).json();
    expect((await start({ key: theirs.widgetKey })).statusCode).toBe(404); // disabled
    const pre = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/public/webchat/messages',
      headers: { origin: ORIGIN, 'access-control-request-method': 'POST' },
    });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe(ORIGIN);
    const preBad = await t.app.inject({ method: 'OPTIONS', url: '/api/public/webchat/messages', headers: { origin: OTHER_ORIGIN } });
    expect(preBad.statusCode).toBe(403);
  });

  it('refuses unknown tokens, other origins, bad input and huge bodies', async () => {
    const token = await visitor();
    expect((await say('wct_' + 'x'.repeat(43), 'hello')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/public/webchat/messages', headers: { origin: ORIGIN } })).statusCode).toBe(401);
    expect((await list(token, OTHER_ORIGIN)).statusCode).toBe(403);
    expect((await list(token, 'http://localhost:3000')).statusCode).toBe(403); // another allowed site, not this session's
    expect((await say(token, '')).statusCode).toBe(422);
    expect((await say(token, 'x'.repeat(1001))).statusCode).toBe(422);
    expect((await say(token, 'bad \u0001 char')).statusCode).toBe(422);
    expect((await post('/api/public/webchat/messages', token, { body: 'hi', extra: 1 })).statusCode).toBe(422);
    const huge = await post('/api/public/webchat/messages', token, { body: 'y'.repeat(20_000) });
    expect(huge.statusCode).toBe(413);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/public/webchat/messages', headers: { ...bearer(token), origin: ORIGIN, ...json }, payload: '{"body":' }))
        .statusCode,
    ).toBe(400);
  });

  it('guards against spam: honeypot, too soon, too many links', async () => {
    const fresh = (await start()).json().token as string;
    expect((await say(fresh, 'hello fast')).statusCode).toBe(429);
    const token = await visitor();
    const trap = await say(token, 'buy now', { website: 'http://spam' });
    expect(trap.statusCode).toBe(202);
    expect(trap.json().id).toBeNull();
    expect(await customerOfToken(token)).toBeUndefined(); // nothing reached the inbox
    expect((await say(token, 'see http://a.com http://b.com www.c.com')).statusCode).toBe(422);
    expect((await say(token, 'see http://a.com')).statusCode).toBe(202);
  });

  it('rate limits a burst on one token', async () => {
    const token = await visitor();
    const results = await Promise.all(Array.from({ length: 16 }, (_, i) => say(token, `burst ${i}`)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 202).length).toBeLessThanOrEqual(10);
    expect(codes).toContain(429);
    expect(codes.every((c) => c === 202 || c === 429)).toBe(true);
    const msgs = (await list(token)).json().messages as unknown[];
    expect(msgs.length).toBe(codes.filter((c) => c === 202).length);
  });

  it('lands in the inbox live, one customer per visitor; the agent reply reaches only that visitor, and is read', async () => {
    const a = await visitor();
    const b = await visitor();
    const sent = await say(a, 'Do you have the blue one?');
    expect(sent.statusCode, sent.body).toBe(202);
    await say(b, 'Another visitor here');
    const ca = (await customerOfToken(a))!;
    const cb = (await customerOfToken(b))!;
    expect(ca.id).not.toBe(cb.id);
    expect(ca.phone).toBeNull();
    const events = await system(
      async (tx) =>
        (
          await tx.execute(sql`select payload from live_events where company_id = ${s.companyId} and payload->>'entity' = 'message'
          and (payload->'data'->>'id')::bigint = ${sent.json().id}`)
        ).rows as { payload: { data: { channel: string; direction: string } } }[],
    );
    expect(events[0]?.payload.data).toMatchObject({ channel: 'webchat', direction: 'INBOUND' });
    // The agent sees it in the conversation and answers on the webchat channel (the customer's preferred one).
    const thread = await t.app.inject({ method: 'GET', url: `/api/messages?customer=${ca.id}`, headers: bearer(admin) });
    expect(thread.json().member.map((m: { content: string }) => m.content)).toContain('Do you have the blue one?');
    const heard: { topics: string[]; data: { id: number; body: string } }[] = [];
    const off = t.app.deps.live.onEvent((e) => {
      if (e.payload.entity === 'webchat_message') heard.push({ topics: e.topics, data: e.payload.data as { id: number; body: string } });
    });
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: bearer(admin),
      payload: { customerId: ca.id, content: 'Yes, come by!' },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json().channel).toBe('webchat');
    await drain();
    off();
    expect(heard).toHaveLength(1);
    expect(heard[0]!.data.body).toBe('Yes, come by!');
    expect(heard[0]!.topics).toEqual([`/webchat/visitors/${ca.webchat_visitor_id}`]);
    const listA = (await list(a)).json().messages as { id: number; direction: string; body: string }[];
    expect(listA.map((m) => m.body)).toEqual(['Do you have the blue one?', 'Yes, come by!']);
    expect(((await list(b)).json().messages as { body: string }[]).map((m) => m.body)).toEqual(['Another visitor here']);
    const replyId = listA[1]!.id;
    expect((await post('/api/public/webchat/read', a, { upToId: replyId })).statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: `/api/messages?customer=${ca.id}`, headers: bearer(admin) });
    expect(after.json().member.find((m: { id: number }) => m.id === replyId).status).toBe('READ');
  });

  it('streams the agent reply over SSE to that visitor only', async () => {
    const a = await visitor();
    const b = await visitor();
    await say(a, 'stream me');
    await say(b, 'not me');
    const ca = (await customerOfToken(a))!;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address() as { port: number };
    const open = (token: string, ctrl: AbortController) =>
      fetch(`http://127.0.0.1:${address.port}/api/public/webchat/stream`, { headers: { ...bearer(token), origin: ORIGIN }, signal: ctrl.signal });
    const ca1 = new AbortController();
    const cb1 = new AbortController();
    const resA = await open(a, ca1);
    const resB = await open(b, cb1);
    expect(resA.status).toBe(200);
    expect(resA.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const readUntil = async (res: Response, needle: string, ms: number) => {
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      const deadline = Date.now() + ms;
      while (Date.now() < deadline && !text.includes(needle)) {
        const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), Math.max(1, deadline - Date.now())))]);
        if (!chunk || chunk.done) break;
        text += decoder.decode(chunk.value);
      }
      return text;
    };
    await t.app.inject({ method: 'POST', url: '/api/messages', headers: bearer(admin), payload: { customerId: ca.id, content: 'Live answer 42' } });
    await drain();
    expect(await readUntil(resA, 'Live answer 42', 5000)).toContain('Live answer 42');
    expect(await readUntil(resB, 'Live answer 42', 500)).not.toContain('Live answer 42');
    ca1.abort();
    cb1.abort();
  });

  it('hands over to text: a new number joins the chat customer; a known number merges into that customer, history not shown', async () => {
    const a = await visitor();
    expect((await post('/api/public/webchat/phone', a, { phone: '+15555550100', consent: true })).statusCode).toBe(409); // nothing written yet
    await say(a, 'call me maybe');
    expect((await post('/api/public/webchat/phone', a, { phone: 'not a phone', consent: true })).statusCode).toBe(422);
    expect((await post('/api/public/webchat/phone', a, { phone: '+15555550100' })).statusCode).toBe(422);
    const fresh = `+1555${String(Date.now()).slice(-7)}`;
    const ok = await post('/api/public/webchat/phone', a, { phone: fresh, consent: true });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().phoneLeft).toBe(true);
    const ca = (await customerOfToken(a))!;
    expect(ca.phone).toBe(fresh);
    expect(ca.webchat_visitor_id).toBeNull();
    expect((await say(a, 'more')).statusCode).toBe(409);
    expect((await post('/api/public/webchat/phone', a, { phone: fresh, consent: true })).statusCode).toBe(409);

    // A known customer: merged into it; the visitor never sees that customer's other messages.
    const known = `+1555${String(Date.now() + 7).slice(-7)}`;
    const kid = await system(async (tx) =>
      Number(
        (
          (await tx.execute(sql`insert into customers (company_id, first_name, phone) values (${s.companyId}, 'Known', ${known}) returning id`)).rows[0] as {
            id: number;
          }
        ).id,
      ),
    );
    await t.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: bearer(admin),
      payload: { customerId: kid, content: 'Private SMS history', channel: 'simulator' },
    });
    const b = await visitor();
    await say(b, 'I am known');
    const before = (await customerOfToken(b))!;
    const merged = await post('/api/public/webchat/phone', b, { phone: known, consent: true });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json().messages.map((m: { body: string }) => m.body)).toEqual(['I am known']);
    const cb = (await customerOfToken(b))!;
    expect(cb.id).toBe(kid);
    const gone = await system(
      async (tx) => (await tx.execute(sql`select 1 from customers where company_id = ${s.companyId} and id = ${before.id}`)).rows.length,
    );
    expect(gone).toBe(0);
    const thread = await t.app.inject({ method: 'GET', url: `/api/messages?customer=${kid}`, headers: bearer(admin) });
    expect(thread.json().member.map((m: { content: string }) => m.content)).toEqual(expect.arrayContaining(['I am known', 'Private SMS history']));
    // Replies now go by text, never to the website chat.
    const reply = await t.app.inject({ method: 'POST', url: '/api/messages', headers: bearer(admin), payload: { customerId: kid, content: 'Texting you' } });
    expect(reply.json().channel).not.toBe('webchat');
  });
});

describe('webchat welcome reply', () => {
  // Its own company and client address: the other tests' settings and per-IP limits stay untouched.
  const ip = '10.9.8.7';
  const as = (token: string) => ({ ...bearer(token), 'content-type': 'application/merge-patch+json' });

  async function setUp() {
    const w = await seedCompany(t.db);
    const wAdmin = (await login(t.app, w.admin.email)).token;
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/webchat/settings',
      headers: as(wAdmin),
      payload: JSON.stringify({ enabled: true, allowedOrigins: [ORIGIN] }),
    });
    expect(res.statusCode, res.body).toBe(200);
    return { w, wAdmin, key: res.json().widgetKey as string };
  }
  async function newVisitor(key: string): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/webchat/sessions',
      remoteAddress: ip,
      headers: { ...json, origin: ORIGIN },
      payload: JSON.stringify({ key }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const token = res.json().token as string;
    const { sha256 } = await import('../../lib/crypto');
    await system((tx) => tx.execute(sql`update webchat_sessions set created_at = created_at - interval '1 minute' where token_hash = ${sha256(token)}`));
    return token;
  }
  const write = (token: string, body: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/public/webchat/messages',
      remoteAddress: ip,
      headers: { ...json, ...bearer(token), origin: ORIGIN },
      payload: JSON.stringify({ body }),
    });
  const bodies = async (token: string) =>
    (
      (await t.app.inject({ method: 'GET', url: '/api/public/webchat/messages', remoteAddress: ip, headers: { ...bearer(token), origin: ORIGIN } })).json()
        .messages as { body: string; direction: string }[]
    ).map((m) => `${m.direction}:${m.body}`);

  it('answers a new visitor once, after the first message, in the company language; the agent sees it and the widget gets it live', async () => {
    const { w, wAdmin, key } = await setUp();
    const settings = (await t.app.inject({ method: 'GET', url: '/api/webchat/settings', headers: bearer(wAdmin) })).json();
    expect(settings).toMatchObject({ welcomeEnabled: true, welcomeMessage: '' });
    const company = await system(async (tx) => (await tx.execute(sql`select name from companies where id = ${w.companyId}`)).rows[0] as { name: string });
    expect(settings.welcomeDefault).toBe(`Thanks for your message! Someone from ${company.name} will reply here shortly.`);

    const token = await newVisitor(key);
    const heard: { topics: string[]; body: string }[] = [];
    const off = t.app.deps.live.onEvent((e) => {
      if (e.payload.entity === 'webchat_message') heard.push({ topics: e.topics, body: (e.payload.data as { body: string }).body });
    });
    expect((await write(token, 'Hello there')).statusCode).toBe(202);
    await drain();
    off();
    expect(heard.map((h) => h.body)).toEqual([settings.welcomeDefault]);
    expect(await bodies(token)).toEqual(['INBOUND:Hello there', `OUTBOUND:${settings.welcomeDefault}`]);
    expect((await write(token, 'Second question')).statusCode).toBe(202);
    await drain();
    expect(await bodies(token)).toEqual(['INBOUND:Hello there', `OUTBOUND:${settings.welcomeDefault}`, 'INBOUND:Second question']);

    const customer = (await customerOfToken(token))!;
    const thread = await t.app.inject({ method: 'GET', url: `/api/messages?customer=${customer.id}`, headers: bearer(wAdmin) });
    const welcome = (thread.json().member as { type: string; direction: string; channel: string; status: string; content: string }[]).filter(
      (m) => m.type === 'WELCOME_MESSAGE',
    );
    expect(welcome).toHaveLength(1);
    expect(welcome[0]).toMatchObject({ direction: 'OUTBOUND', channel: 'webchat', status: 'DELIVERED', content: settings.welcomeDefault });

    // The company's language picks the default text.
    await system((tx) => tx.execute(sql`update companies set language = 'hr' where id = ${w.companyId}`));
    const hr = await newVisitor(key);
    await write(hr, 'Dobar dan');
    await drain();
    expect((await bodies(hr))[1]).toBe(`OUTBOUND:Hvala na poruci! Netko iz tvrtke ${company.name} uskoro će vam odgovoriti ovdje.`);
  });

  it("sends the company's own text, nothing when switched off, and nothing after a STOP", async () => {
    const { wAdmin, key } = await setUp();
    const custom = await t.app.inject({
      method: 'PATCH',
      url: '/api/webchat/settings',
      headers: as(wAdmin),
      payload: JSON.stringify({ welcomeMessage: '  Hi, we answer within the hour.\nSales team  ' }),
    });
    expect(custom.json().welcomeMessage).toBe('Hi, we answer within the hour.\nSales team');
    const a = await newVisitor(key);
    await write(a, 'Price of the red one?');
    await drain();
    expect(await bodies(a)).toEqual(['INBOUND:Price of the red one?', 'OUTBOUND:Hi, we answer within the hour.\nSales team']);

    const stop = await newVisitor(key);
    await write(stop, 'STOP');
    await drain();
    expect((await bodies(stop)).filter((b) => b.includes('we answer within the hour'))).toEqual([]);

    const off = await t.app.inject({ method: 'PATCH', url: '/api/webchat/settings', headers: as(wAdmin), payload: JSON.stringify({ welcomeEnabled: false }) });
    expect(off.json()).toMatchObject({ welcomeEnabled: false, welcomeMessage: 'Hi, we answer within the hour.\nSales team' });
    const b = await newVisitor(key);
    await write(b, 'Anyone?');
    await drain();
    expect(await bodies(b)).toEqual(['INBOUND:Anyone?']);
  });

  it('refuses a bad welcome setting with 422', async () => {
    const { wAdmin } = await setUp();
    for (const bad of [{ welcomeMessage: 'x'.repeat(501) }, { welcomeMessage: 'a\u0007b' }, { welcomeMessage: 5 }, { welcomeEnabled: 'yes' }]) {
      const res = await t.app.inject({ method: 'PATCH', url: '/api/webchat/settings', headers: as(wAdmin), payload: JSON.stringify(bad) });
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
    }
    const kept = (await t.app.inject({ method: 'GET', url: '/api/webchat/settings', headers: bearer(wAdmin) })).json();
    expect(kept).toMatchObject({ welcomeEnabled: true, welcomeMessage: '' });
  });
});

describe('webchat on a page of this app (same origin)', () => {
  it('takes the app origin for a same-origin GET without Origin, only when the company lists it', async () => {
    const w = await seedCompany(t.db);
    const wAdmin = (await login(t.app, w.admin.email)).token;
    const app = 'http://app.test'; // PUBLIC_URL of the test app
    const patch = (origins: string[]) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/webchat/settings',
        headers: { ...bearer(wAdmin), 'content-type': 'application/merge-patch+json' },
        payload: JSON.stringify({ enabled: true, allowedOrigins: origins }),
      });
    const key = (await patch([app])).json().widgetKey as string;
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/public/webchat/sessions',
      remoteAddress: '10.9.8.6',
      headers: { ...json, origin: app },
      payload: JSON.stringify({ key }),
    });
    expect(started.statusCode, started.body).toBe(201);
    const token = started.json().token as string;
    const get = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/public/webchat/messages', remoteAddress: '10.9.8.6', headers: { ...bearer(token), ...headers } });
    const same = await get({ 'sec-fetch-site': 'same-origin' });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.headers['access-control-allow-origin']).toBe(app);
    expect((await get({})).statusCode).toBe(403);
    expect((await get({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    // The app's own origin is a site like any other: off the list, refused.
    await patch([ORIGIN]);
    expect((await get({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(403);
  });
});
