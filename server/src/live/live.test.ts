import type { ServerResponse } from 'node:http';
import { eq, sql } from 'drizzle-orm';
import { decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyAdminsTopic, companyTopic, SUPER_ADMINS_TOPIC, userTopic } from '@cd/contracts/live';
import { bearer, createTestApp, login, seedCompany, seedSuperAdmin, type TSeededCompany, type TTestApp } from '../../test/helpers';
import { runInScope } from '../db/client';
import { users } from '../modules/users/users.schema';
import { createLocalLiveBus } from './local-live-bus';
import { recordLiveEvents } from './live.repository';
import type { TLiveEventInput, TStoredLiveEvent } from './live.types';
import { MERCURE_TOKEN_TTL_SECONDS, signMercureToken } from './mercure-jwt';
import { createRedisLiveBus } from './redis-live-bus';
import { fakeResponse, openStream } from '../../test/live-stream';
import { createSseHub, formatSseEvent } from './sse-hub';
import { matchTopic } from './topic-match';

let t: TTestApp;
let base: string;
let a: TSeededCompany;
let b: TSeededCompany;

beforeAll(async () => {
  t = await createTestApp({ LIVE_HEARTBEAT_SECONDS: '1' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no address');
  base = `http://127.0.0.1:${addr.port}`;
  a = await seedCompany(t.db);
  b = await seedCompany(t.db);
});
afterAll(async () => {
  // Node's fetch (undici) opens a spare connection after an aborted body; it never carries a request, so the
  // server's graceful close would wait on it forever. Every stream of this file is finished by now.
  t.app.server.closeAllConnections();
  await t.close();
});

async function mercureToken(email: string, query = ''): Promise<{ token: string; topics: string[]; hubUrl: string }> {
  const api = (await login(t.app, email)).token;
  const res = await t.app.inject({ method: 'GET', url: `/api/get_mercure_jwt${query}`, headers: bearer(api) });
  expect(res.statusCode).toBe(200);
  return res.json();
}

let marker = 0;
/** Records events the way services do (same transaction as the change), then broadcasts the committed ones. */
async function publish(companyId: number, topics: string[], data: Record<string, unknown> = {}): Promise<TStoredLiveEvent> {
  const input: TLiveEventInput = { companyId, topics, event: 'updated', entity: 'customer', data: { marker: ++marker, ...data }, changes: ['bumpedAt'] };
  const stored = await runInScope(t.db, { companyId }, (tx) => recordLiveEvents(tx, [input]));
  t.app.deps.live.broadcast(stored);
  return stored[0]!;
}

function hubUrl(topics: string[], extra = ''): string {
  return `${base}/.well-known/mercure?${topics.map((x) => `topic=${encodeURIComponent(x)}`).join('&')}${extra}`;
}

describe('GET /api/get_mercure_jwt', () => {
  it('gives an agent its company and user topics in a token signed with the Mercure secret', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await mercureToken(a.agent.email);
    expect(res.hubUrl).toBe('/.well-known/mercure');
    expect(res.topics).toEqual([companyTopic(a.companyId), userTopic(a.agent.id)]);
    const claims = decodeJwt(res.token);
    expect(claims).toMatchObject({
      sub: String(a.agent.id),
      mercure: { subscribe: res.topics, payload: { user: `/api/users/${a.agent.id}` } },
    });
    expect(claims.exp! - before).toBeGreaterThanOrEqual(MERCURE_TOKEN_TTL_SECONDS - 5);
    expect(claims.exp! - before).toBeLessThanOrEqual(MERCURE_TOKEN_TTL_SECONDS + 5);
    await expect(jwtVerify(res.token, t.app.deps.config.mercureJwtSecret)).resolves.toBeTruthy();
    // Never valid as an API token: signed with another secret.
    await expect(jwtVerify(res.token, t.app.deps.config.jwtSecret)).rejects.toThrow();
    const asApi = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(res.token) });
    expect(asApi.statusCode).toBe(401);
  });

  it('adds the admins topic for a company admin, also when a super admin impersonates one', async () => {
    const admin = await mercureToken(a.admin.email);
    expect(admin.topics).toEqual([companyTopic(a.companyId), userTopic(a.admin.id), companyAdminsTopic(a.companyId)]);
    const root = await seedSuperAdmin(t.db);
    const own = await mercureToken(root.email);
    // The super admin's own token also covers the system topic (scheduled-job runs); an impersonated one never does.
    expect(own.topics).toEqual([userTopic(root.id), SUPER_ADMINS_TOPIC]);
    const asAdmin = await mercureToken(root.email, `?impersonate=${encodeURIComponent(a.admin.email)}`);
    expect(asAdmin.topics).toEqual(admin.topics);
    expect(decodeJwt(asAdmin.token).sub).toBe(String(a.admin.id));
    const asAgent = await mercureToken(root.email, `?impersonate=${encodeURIComponent(a.agent.email)}`);
    expect(asAgent.topics).toEqual([companyTopic(a.companyId), userTopic(a.agent.id)]);
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/get_mercure_jwt' });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /.well-known/mercure refusals', () => {
  it('answers 401 without a token, with a bad or expired one, or one signed with the API secret', async () => {
    const topic = `topic=${encodeURIComponent(userTopic(a.agent.id))}`;
    const none = await t.app.inject({ method: 'GET', url: `/.well-known/mercure?${topic}` });
    expect(none.statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'GET', url: `/.well-known/mercure?${topic}`, headers: bearer('not.a.jwt') });
    expect(bad.statusCode).toBe(401);
    const secret = t.app.deps.config.mercureJwtSecret;
    const expired = await signMercureToken({ secret, userId: a.agent.id, topics: ['*'], now: Math.floor(Date.now() / 1000) - 7 * 3600 });
    const exp = await t.app.inject({ method: 'GET', url: `/.well-known/mercure?${topic}`, headers: bearer(expired.token) });
    expect(exp.statusCode).toBe(401);
    const apiSigned = await signMercureToken({ secret: t.app.deps.config.jwtSecret, userId: a.agent.id, topics: ['*'] });
    const wrong = await t.app.inject({ method: 'GET', url: `/.well-known/mercure?${topic}`, headers: bearer(apiSigned.token) });
    expect(wrong.statusCode).toBe(401);
    // The API's own access token is not a live token either.
    const api = (await login(t.app, a.agent.email)).token;
    const apiTok = await t.app.inject({ method: 'GET', url: `/.well-known/mercure?${topic}`, headers: bearer(api) });
    expect(apiTok.statusCode).toBe(401);
  });

  it('answers 400 without a topic', async () => {
    const { token } = await mercureToken(a.agent.email);
    const res = await t.app.inject({ method: 'GET', url: '/.well-known/mercure', headers: bearer(token) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, detail: 'Missing "topic" parameter.' });
  });

  it('answers HEAD without holding a stream open', async () => {
    const { token, topics } = await mercureToken(a.agent.email);
    const res = await t.app.inject({ method: 'HEAD', url: `/.well-known/mercure?topic=${encodeURIComponent(topics[0]!)}`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
  });

  it('refuses a disabled user with a still valid token', async () => {
    const { token } = await mercureToken(a.user2.email);
    await runInScope(t.db, { companyId: a.companyId }, (tx) => tx.update(users).set({ enabled: false }).where(eq(users.id, a.user2.id)));
    const res = await t.app.inject({
      method: 'GET',
      url: `/.well-known/mercure?topic=${encodeURIComponent(userTopic(a.user2.id))}`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('live delivery', () => {
  it('streams with the SSE headers, an opening comment and the exact wire format', async () => {
    const { token, topics } = await mercureToken(a.agent.email);
    const s = await openStream(hubUrl(topics), bearer(token));
    try {
      expect(s.res.status).toBe(200);
      expect(s.res.headers.get('content-type')).toBe('text/event-stream');
      expect(s.res.headers.get('cache-control')).toBe('no-cache');
      expect(s.res.headers.get('x-accel-buffering')).toBe('no');
      await s.waitFor(() => s.state.comments >= 1);
      expect(s.state.raw.startsWith(':\n\n')).toBe(true);
      const e = await publish(a.companyId, [userTopic(a.agent.id)], { text: 'line one\nline two' });
      await s.waitFor(() => s.hasEvent(e.payload.id));
      expect(s.state.raw).toContain(`id: ${e.payload.id}\ndata: ${JSON.stringify(e.payload)}\n\n`);
      expect(s.state.events.find((x) => x.id === e.payload.id)!.data).toEqual(e.payload);
    } finally {
      s.close();
    }
  });

  it('accepts the token from the authorization query parameter and from the mercureAuthorization cookie', async () => {
    const { token, topics } = await mercureToken(a.agent.email);
    const q = await openStream(hubUrl(topics, `&authorization=${token}`));
    const c = await openStream(hubUrl(topics), { cookie: `other=1; mercureAuthorization=${token}` });
    try {
      expect(q.res.status).toBe(200);
      expect(c.res.status).toBe(200);
      const e = await publish(a.companyId, [companyTopic(a.companyId)]);
      await q.waitFor(() => q.hasEvent(e.payload.id));
      await c.waitFor(() => c.hasEvent(e.payload.id));
    } finally {
      q.close();
      c.close();
    }
  });

  it("an agent gets its own events, not the admins' or another company's; an admin gets the admins topic", async () => {
    const agent = await mercureToken(a.agent.email);
    const admin = await mercureToken(a.admin.email);
    const sAgent = await openStream(hubUrl(agent.topics), bearer(agent.token));
    const sAdmin = await openStream(hubUrl(admin.topics), bearer(admin.token));
    try {
      const adminsOnly = await publish(a.companyId, [companyAdminsTopic(a.companyId)]);
      const otherUser = await publish(a.companyId, [userTopic(a.user2.id), companyAdminsTopic(a.companyId)]);
      const otherCompany = await publish(b.companyId, [companyTopic(b.companyId), userTopic(b.agent.id), companyAdminsTopic(b.companyId)]);
      const mine = await publish(a.companyId, [userTopic(a.agent.id), companyAdminsTopic(a.companyId)]);
      // Delivery follows broadcast order, so once the last one is in, the earlier ones would have been too.
      await sAgent.waitFor(() => sAgent.hasEvent(mine.payload.id));
      expect(sAgent.ids()).toEqual([mine.payload.id]);
      await sAdmin.waitFor(() => sAdmin.hasEvent(mine.payload.id));
      expect(sAdmin.ids()).toEqual([adminsOnly.payload.id, otherUser.payload.id, mine.payload.id]);
      expect(sAdmin.ids()).not.toContain(otherCompany.payload.id);
    } finally {
      sAgent.close();
      sAdmin.close();
    }
  });

  it("a company A token gets nothing of company B, even when it asks for B's topics or everything", async () => {
    const { token } = await mercureToken(a.admin.email);
    const asked = ['*', companyTopic(b.companyId), companyAdminsTopic(b.companyId), userTopic(b.agent.id), '/api/users/{id}'];
    const s = await openStream(hubUrl(asked, '&lastEventID=earliest'), bearer(token));
    try {
      expect(s.res.status).toBe(200);
      const bEvent = await publish(b.companyId, [companyTopic(b.companyId), companyAdminsTopic(b.companyId), userTopic(b.agent.id)]);
      const aEvent = await publish(a.companyId, [companyTopic(a.companyId)]);
      await s.waitFor(() => s.hasEvent(aEvent.payload.id));
      expect(s.ids()).not.toContain(bEvent.payload.id);
      // The replayed history (earliest) is company A's only as well.
      expect(s.state.events.length).toBeGreaterThan(1);
      const bIds = await runInScope(t.db, { companyId: b.companyId }, async (tx) => {
        const r = await tx.execute(sql`select id::text as id from live_events`);
        return (r.rows as { id: string }[]).map((x) => x.id);
      });
      expect(bIds.length).toBeGreaterThan(0);
      for (const id of bIds) expect(s.ids()).not.toContain(id);
    } finally {
      s.close();
    }
  });

  it('sends a heartbeat comment every LIVE_HEARTBEAT_SECONDS', async () => {
    const { token, topics } = await mercureToken(a.agent.email);
    const s = await openStream(hubUrl(topics), bearer(token));
    try {
      await s.waitFor(() => s.state.comments >= 3, 4000);
    } finally {
      s.close();
    }
  });

  it('ends the stream when the token expires', async () => {
    const { token } = await signMercureToken({
      secret: t.app.deps.config.mercureJwtSecret,
      userId: a.agent.id,
      topics: [userTopic(a.agent.id)],
      ttlSeconds: 2,
    });
    const s = await openStream(hubUrl([userTopic(a.agent.id)]), bearer(token));
    try {
      expect(s.res.status).toBe(200);
      await s.waitFor(() => s.state.ended, 5000);
    } finally {
      s.close();
    }
  });
});

describe('replay', () => {
  it('Last-Event-ID replays the missed events in order, then continues live without duplicates', async () => {
    const { token, topics } = await mercureToken(a.agent.email);
    const e1 = await publish(a.companyId, [userTopic(a.agent.id)]);
    const e2 = await publish(a.companyId, [userTopic(a.agent.id)]);
    await publish(a.companyId, [companyAdminsTopic(a.companyId)]); // not the agent's
    const e3 = await publish(a.companyId, [companyTopic(a.companyId)]);
    const s = await openStream(hubUrl(topics), { ...bearer(token), 'last-event-id': e1.payload.id });
    try {
      expect(s.res.headers.get('last-event-id')).toBe(e1.payload.id);
      await s.waitFor(() => s.hasEvent(e3.payload.id));
      const e4 = await publish(a.companyId, [userTopic(a.agent.id)]);
      await s.waitFor(() => s.hasEvent(e4.payload.id));
      expect(s.ids()).toEqual([e2.payload.id, e3.payload.id, e4.payload.id]);
      expect(s.state.events[0]!.data).toEqual(e2.payload);
    } finally {
      s.close();
    }
  });

  it('the header wins over the lastEventID query parameter; the query parameter works alone; earliest replays all', async () => {
    const { token, topics } = await mercureToken(a.agent.email);
    const e1 = await publish(a.companyId, [userTopic(a.agent.id)]);
    const e2 = await publish(a.companyId, [userTopic(a.agent.id)]);
    const both = await openStream(hubUrl(topics, `&lastEventID=${e1.payload.id}`), { ...bearer(token), 'last-event-id': e2.payload.id });
    const query = await openStream(hubUrl(topics, `&lastEventID=${e1.payload.id}`), bearer(token));
    const earliest = await openStream(hubUrl(topics, '&lastEventID=earliest'), bearer(token));
    try {
      const e3 = await publish(a.companyId, [userTopic(a.agent.id)]);
      await both.waitFor(() => both.hasEvent(e3.payload.id));
      expect(both.ids()).toEqual([e3.payload.id]);
      await query.waitFor(() => query.hasEvent(e3.payload.id));
      expect(query.ids()).toEqual([e2.payload.id, e3.payload.id]);
      expect(earliest.res.headers.get('last-event-id')).toBe('earliest');
      await earliest.waitFor(() => earliest.hasEvent(e3.payload.id));
      const ids = earliest.ids().map(Number);
      expect(ids).toEqual([...ids].sort((x, y) => x - y));
      expect(new Set(ids).size).toBe(ids.length);
      expect(earliest.ids()).toEqual(expect.arrayContaining([e1.payload.id, e2.payload.id, e3.payload.id]));
    } finally {
      both.close();
      query.close();
      earliest.close();
    }
  });

  it('an id it never issued replays nothing and answers a different Last-Event-ID (the client refetches)', async () => {
    const { token, topics } = await mercureToken(a.agent.email);
    // An event of its own, so the hub has a latest id to answer with (on an empty log it says "earliest").
    await publish(a.companyId, [userTopic(a.agent.id)]);
    const s = await openStream(hubUrl(topics), { ...bearer(token), 'last-event-id': 'urn:uuid:1234' });
    try {
      expect(s.res.status).toBe(200);
      expect(s.res.headers.get('last-event-id')).toMatch(/^\d+$/);
      await s.waitFor(() => s.state.comments >= 1);
      expect(s.ids()).toEqual([]);
    } finally {
      s.close();
    }
  });
});

describe('sse hub', () => {
  const stored = (id: number, topics = ['/t']): TStoredLiveEvent => ({
    companyId: 1,
    topics,
    payload: { event: 'created', entity: 'message', action: null, data: { n: id }, changes: null, id: String(id), extra: null },
  });

  it('drops a subscriber whose buffer passes the cap, and keeps serving the others', () => {
    const live = createLocalLiveBus();
    const hub = createSseHub({ live, heartbeatSeconds: 60, maxBufferedBytes: 10_000 });
    const slow = fakeResponse({ slow: true });
    const fast = fakeResponse({ slow: false });
    hub
      .openSubscription({ raw: slow as unknown as ServerResponse, selectors: ['*'], allowed: ['/t'], expiresAtMs: Date.now() + 60_000 })
      .start({ headers: {}, replay: [] });
    hub
      .openSubscription({ raw: fast as unknown as ServerResponse, selectors: ['*'], allowed: ['/t'], expiresAtMs: Date.now() + 60_000 })
      .start({ headers: {}, replay: [] });
    expect(hub.size()).toBe(2);
    const big = 'x'.repeat(2000);
    for (let i = 1; i <= 20; i++) live.broadcast([{ ...stored(i), payload: { ...stored(i).payload, data: big } }]);
    expect(slow.destroyed).toBe(true);
    expect(hub.size()).toBe(1);
    expect(fast.chunks.filter((c) => c.startsWith('id: '))).toHaveLength(20);
    hub.close();
  });

  it('holds live events back during the replay and sends each event once', () => {
    const live = createLocalLiveBus();
    const hub = createSseHub({ live, heartbeatSeconds: 60 });
    const raw = fakeResponse({ slow: false });
    const sub = hub.openSubscription({ raw: raw as unknown as ServerResponse, selectors: ['/t'], allowed: ['/t'], expiresAtMs: Date.now() + 60_000 });
    // Committed while the history query ran: 3 is also in the replay, 5 committed late with a lower id than 6.
    live.broadcast([stored(3), stored(6), stored(5), stored(7, ['/other'])]);
    expect(raw.chunks).toEqual([]);
    sub.start({ headers: {}, replay: [stored(2).payload, stored(3).payload] });
    live.broadcast([stored(8)]);
    const ids = raw.chunks.filter((c) => c.startsWith('id: ')).map((c) => c.split('\n')[0]!.slice(4));
    expect(ids).toEqual(['2', '3', '6', '5', '8']);
    expect(raw.chunks[0]).toBe(':\n\n');
    raw.emit('close');
    expect(hub.size()).toBe(0);
    hub.close();
  });

  it('splits multi-line data into several data lines', () => {
    const text = formatSseEvent(stored(9).payload);
    expect(text).toBe(`id: 9\ndata: ${JSON.stringify(stored(9).payload)}\n\n`);
  });

  it('matches exact topics, * and URI templates', () => {
    expect(matchTopic({ selector: '*', topic: '/api/users/1' })).toBe(true);
    expect(matchTopic({ selector: '/api/users/1', topic: '/api/users/1' })).toBe(true);
    expect(matchTopic({ selector: '/api/users/1', topic: '/api/users/10' })).toBe(false);
    expect(matchTopic({ selector: '/api/users/{id}', topic: '/api/users/10' })).toBe(true);
    expect(matchTopic({ selector: '/api/users/{id}', topic: '/api/users/10/x' })).toBe(false);
    expect(matchTopic({ selector: '/api/companies/{id}/admins', topic: '/api/companies/3/admins' })).toBe(true);
    expect(matchTopic({ selector: 'https://e.x/books/{id}{?topic}', topic: 'https://e.x/books/1?topic=a' })).toBe(true);
    expect(matchTopic({ selector: '/a.b/{x}', topic: '/aXb/1' })).toBe(false);
  });
});

describe('redis live bus', () => {
  it('keeps delivering locally when Redis is unreachable', async () => {
    const logs: string[] = [];
    const bus = await createRedisLiveBus({ redisUrl: 'redis://127.0.0.1:1', connectTimeoutMs: 300, log: (_l, m) => logs.push(m) });
    const got: string[] = [];
    bus.onEvent((e) => got.push(e.payload.id));
    bus.broadcast([{ companyId: 1, topics: ['/t'], payload: { event: 'created', entity: 'x', action: null, data: {}, changes: null, id: '1', extra: null } }]);
    expect(got).toEqual(['1']);
    expect(logs.length).toBeGreaterThan(0);
    await bus.close();
  });

  it.skipIf(!process.env.REDIS_URL)('fans out between two buses exactly once each', async () => {
    const channel = `courier:live:test:${process.pid}:${Date.now()}`;
    const one = await createRedisLiveBus({ redisUrl: process.env.REDIS_URL!, channel });
    const two = await createRedisLiveBus({ redisUrl: process.env.REDIS_URL!, channel });
    const gotOne: string[] = [];
    const gotTwo: string[] = [];
    one.onEvent((e) => gotOne.push(e.payload.id));
    two.onEvent((e) => gotTwo.push(e.payload.id));
    const ev = (id: string): TStoredLiveEvent => ({
      companyId: 1,
      topics: ['/t'],
      payload: { event: 'created', entity: 'x', action: null, data: { id }, changes: null, id, extra: null },
    });
    one.broadcast([ev('1'), ev('2')]);
    two.broadcast([ev('3')]);
    const deadline = Date.now() + 5000;
    while ((gotOne.length < 3 || gotTwo.length < 3) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    // Time for a duplicate to show up if a bus delivered its own message again.
    await new Promise((r) => setTimeout(r, 200));
    expect(gotOne).toEqual(['1', '2', '3']);
    expect(gotTwo).toEqual(['3', '1', '2']);
    await one.close();
    await two.close();
  });
});
