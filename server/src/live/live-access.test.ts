import type { ServerResponse } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyAdminsTopic, companyTopic, userTopic } from '@cd/contracts/live';
import { bearer, createTestApp, login, seedCompany, seedSuperAdmin, type TSeededCompany, type TTestApp } from '../../test/helpers';
import { runInScope } from '../db/client';
import { fakeResponse, openStream } from '../../test/live-stream';
import { recordLiveEvents } from './live.repository';
import type { TLiveEventInput, TStoredLiveEvent } from './live.types';
import { createLocalLiveBus } from './local-live-bus';
import { MERCURE_TOKEN_TTL_SECONDS } from './mercure-jwt';
import { createSseHub } from './sse-hub';
import { MAX_SELECTOR_LENGTH, MAX_TOPIC_SELECTORS } from './topic-match';

let t: TTestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ LIVE_HEARTBEAT_SECONDS: '1' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no address');
  base = `http://127.0.0.1:${addr.port}`;
});
afterAll(async () => {
  // See live.test.ts: undici's spare connection after an aborted body would hold the graceful close.
  t.app.server.closeAllConnections();
  await t.close();
});

const hubUrl = (topics: string[]) => `${base}/.well-known/mercure?${topics.map((x) => `topic=${encodeURIComponent(x)}`).join('&')}`;

async function apiToken(email: string): Promise<string> {
  return (await login(t.app, email)).token;
}

async function liveToken(api: string): Promise<{ token: string; topics: string[] }> {
  const res = await t.app.inject({ method: 'GET', url: '/api/get_mercure_jwt', headers: bearer(api) });
  expect(res.statusCode).toBe(200);
  return res.json();
}

let marker = 0;
async function publish(input: Partial<TLiveEventInput> & { companyId: number; topics: string[] }): Promise<TStoredLiveEvent> {
  const full: TLiveEventInput = { event: 'updated', entity: 'customer', data: { marker: ++marker }, changes: ['bumpedAt'], ...input };
  const stored = await runInScope(t.db, { companyId: input.companyId }, (tx) => recordLiveEvents(tx, [full]));
  t.app.deps.live.broadcast(stored);
  return stored[0]!;
}

describe('selector limits', () => {
  it(`answers 400 with a problem document for more than ${MAX_TOPIC_SELECTORS} selectors or one longer than ${MAX_SELECTOR_LENGTH} characters`, async () => {
    const a = await seedCompany(t.db);
    const { token } = await liveToken(await apiToken(a.agent.email));
    const many = Array.from({ length: MAX_TOPIC_SELECTORS + 1 }, (_, i) => `/api/x/${i}`);
    const tooMany = await t.app.inject({ method: 'GET', url: hubUrl(many).slice(base.length), headers: bearer(token) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.headers['content-type']).toContain('application/problem+json');
    expect(tooMany.json()).toMatchObject({ status: 400, detail: `At most ${MAX_TOPIC_SELECTORS} "topic" parameters are allowed.` });
    const long = await t.app.inject({ method: 'GET', url: hubUrl([`/api/${'{+a}'.repeat(70)}!`]).slice(base.length), headers: bearer(token) });
    expect(long.statusCode).toBe(400);
    expect(long.json().detail).toContain(`${MAX_SELECTOR_LENGTH} characters`);
    // At the limits the request is accepted.
    const atLimit = await t.app.inject({
      method: 'HEAD',
      url: hubUrl([...many.slice(2), 'x'.repeat(MAX_SELECTOR_LENGTH - 1) + '*']).slice(base.length),
      headers: bearer(token),
    });
    expect(atLimit.statusCode).toBe(200);
  });

  it('a hostile selector costs each event about what a plain one costs (measured in the same run)', () => {
    // Six `{+a}` parts: the former regex took about a second per topic (sixty with eight parts). It ends in an
    // expression and holds a literal no topic has, so no early prefix/suffix answer: every state is walked.
    const hostile = [`/api/${'{+a}'.repeat(6)}!{+z}`];
    const plain = ['/api/companies/{id}/customers/{c}/x{+z}'];
    const topics = ['/api/companies/123456/customers/987654321/messages/55555', '/api/companies/123456/admins'];
    const event = (n: number): TStoredLiveEvent => ({
      companyId: 1,
      topics,
      payload: { event: 'created', entity: 'message', action: null, data: { n }, changes: null, id: String(n), extra: null },
    });
    /** Best of 5 rounds of 200 events; a round that passes `limitMs` stops there, so a slow matcher fails in seconds. */
    const timeBroadcasts = (selectors: string[], limitMs = Infinity) => {
      const live = createLocalLiveBus();
      const hub = createSseHub({ live, heartbeatSeconds: 60 });
      const raw = fakeResponse({ slow: false });
      hub.openSubscription({ raw: raw as unknown as ServerResponse, selectors, allowed: ['*'], expiresAtMs: Date.now() + 60_000 }).start({ headers: {}, replay: [] });
      let best = Infinity;
      try {
        for (let round = 0; round < 5; round++) {
          const t0 = performance.now();
          let n = 0;
          while (n < 200 && performance.now() - t0 <= limitMs) live.broadcast([event(n++)]);
          if (n === 200) best = Math.min(best, performance.now() - t0);
        }
      } finally {
        hub.close();
      }
      // Neither selector selects the topics: each is matched to the end.
      expect(raw.chunks.filter((c) => c.startsWith('id:'))).toEqual([]);
      return best;
    };
    timeBroadcasts(plain);
    const plainMs = timeBroadcasts(plain);
    // The NFA's cost grows with the selector's states (here ~10× the plain one's live states), not exponentially.
    const hostileMs = timeBroadcasts(hostile, Math.max(plainMs * 100, 50));
    expect(hostileMs / plainMs).toBeLessThan(100);
  });
});

describe('streams follow account changes', () => {
  let a: TSeededCompany;
  let adminApi: string;
  beforeAll(async () => {
    a = await seedCompany(t.db);
    adminApi = await apiToken(a.admin.email);
  });

  it('lives 15 minutes at most', async () => {
    expect(MERCURE_TOKEN_TTL_SECONDS).toBeLessThanOrEqual(15 * 60);
    const { token } = await liveToken(adminApi);
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { iat: number; exp: number };
    expect(claims.exp - claims.iat).toBe(MERCURE_TOKEN_TTL_SECONDS);
  });

  it('a demoted admin loses the stream at once, and the old token no longer brings the admins topic', async () => {
    const b = await seedCompany(t.db);
    const bAdminApi = await apiToken(b.admin.email);
    const promote = await t.app.inject({ method: 'PUT', url: `/api/users/${b.user2.id}/roles`, headers: bearer(bAdminApi), payload: { roles: ['ROLE_USER', 'ROLE_COMPANY_ADMIN'] } });
    expect(promote.statusCode).toBe(200);
    const { token, topics } = await liveToken(await apiToken(b.user2.email));
    expect(topics).toContain(companyAdminsTopic(b.companyId));
    const s = await openStream(hubUrl(topics), bearer(token));
    try {
      const before = await publish({ companyId: b.companyId, topics: [companyAdminsTopic(b.companyId)] });
      await s.waitFor(() => s.hasEvent(before.payload.id));
      const demote = await t.app.inject({ method: 'PUT', url: `/api/users/${b.user2.id}/roles`, headers: bearer(bAdminApi), payload: { roles: ['ROLE_USER'] } });
      expect(demote.statusCode).toBe(200);
      await s.waitFor(() => s.state.ended);
      // The roles change itself reached the stream before it ended.
      expect(s.state.events.some((e) => e.data.entity === 'company_user' && e.data.changes?.includes('roles'))).toBe(true);
    } finally {
      s.close();
    }
    // Reconnecting with the still valid old token: topics come from the current roles, replay included.
    const secret = await publish({ companyId: b.companyId, topics: [companyAdminsTopic(b.companyId)] });
    const visible = await publish({ companyId: b.companyId, topics: [companyTopic(b.companyId)] });
    const again = await openStream(hubUrl(topics), { ...bearer(token), 'last-event-id': String(BigInt(secret.payload.id) - 1n) });
    try {
      expect(again.res.status).toBe(200);
      await again.waitFor(() => again.hasEvent(visible.payload.id));
      const live = await publish({ companyId: b.companyId, topics: [companyAdminsTopic(b.companyId), userTopic(b.admin.id)] });
      const marker2 = await publish({ companyId: b.companyId, topics: [userTopic(b.user2.id)] });
      await again.waitFor(() => again.hasEvent(marker2.payload.id));
      expect(again.hasEvent(secret.payload.id)).toBe(false);
      expect(again.hasEvent(live.payload.id)).toBe(false);
    } finally {
      again.close();
    }
  });

  it('a disabled user, a deleted user and a credentials change each end that user\'s open streams only', async () => {
    const open = async (email: string) => {
      const { token, topics } = await liveToken(await apiToken(email));
      const s = await openStream(hubUrl(topics), bearer(token));
      expect(s.res.status).toBe(200);
      await s.waitFor(() => s.state.comments >= 1);
      return s;
    };
    const c = await seedCompany(t.db);
    const cAdminApi = await apiToken(c.admin.email);
    const agent = await open(c.agent.email);
    const user2 = await open(c.user2.email);
    const admin = await open(c.admin.email);
    try {
      const disable = await t.app.inject({ method: 'PATCH', url: `/api/users/${c.agent.id}/enabled`, headers: bearer(cAdminApi), payload: { enabled: false } });
      expect(disable.statusCode).toBe(200);
      await agent.waitFor(() => agent.state.ended);
      // What the auth slice emits when a user's credentials change (token version bump).
      await publish({ companyId: c.companyId, topics: [userTopic(c.admin.id)], entity: 'user', data: { id: c.admin.id }, changes: ['credentials'] });
      await admin.waitFor(() => admin.state.ended);
      const remove = await t.app.inject({ method: 'DELETE', url: `/api/users/${c.user2.id}?transferTo=${c.admin.id}`, headers: bearer(cAdminApi) });
      expect(remove.statusCode).toBe(204);
      await user2.waitFor(() => user2.state.ended);
    } finally {
      agent.close();
      user2.close();
      admin.close();
    }
  });

  it('a change of other fields or of another user leaves the stream open', async () => {
    const d = await seedCompany(t.db);
    const { token, topics } = await liveToken(await apiToken(d.agent.email));
    const s = await openStream(hubUrl(topics), bearer(token));
    try {
      await publish({ companyId: d.companyId, topics: [companyTopic(d.companyId)], entity: 'company_user', data: { id: d.user2.id }, changes: ['roles'] });
      await publish({ companyId: d.companyId, topics: [companyTopic(d.companyId)], entity: 'company_user', data: { id: d.agent.id }, changes: ['firstName'] });
      const last = await publish({ companyId: d.companyId, topics: [companyTopic(d.companyId)] });
      await s.waitFor(() => s.hasEvent(last.payload.id));
      expect(s.state.ended).toBe(false);
    } finally {
      s.close();
    }
  });

  it("disabling a company ends its users' streams and refuses new ones; other companies keep theirs", async () => {
    const e = await seedCompany(t.db);
    const other = await seedCompany(t.db);
    const root = await seedSuperAdmin(t.db);
    const rootApi = await apiToken(root.email);
    const eTok = await liveToken(await apiToken(e.agent.email));
    const oTok = await liveToken(await apiToken(other.agent.email));
    const s = await openStream(hubUrl(eTok.topics), bearer(eTok.token));
    const o = await openStream(hubUrl(oTok.topics), bearer(oTok.token));
    try {
      await s.waitFor(() => s.state.comments >= 1);
      const res = await t.app.inject({ method: 'PATCH', url: `/api/companies/${e.companyId}`, headers: { ...bearer(rootApi), 'content-type': 'application/merge-patch+json' }, payload: { enabled: false } });
      expect(res.statusCode).toBe(200);
      await s.waitFor(() => s.state.ended);
      const again = await t.app.inject({ method: 'HEAD', url: hubUrl(eTok.topics).slice(base.length), headers: bearer(eTok.token) });
      expect(again.statusCode).toBe(401);
      const still = await publish({ companyId: other.companyId, topics: [companyTopic(other.companyId)] });
      await o.waitFor(() => o.hasEvent(still.payload.id));
      expect(o.state.ended).toBe(false);
    } finally {
      s.close();
      o.close();
    }
  });

  it('an impersonated stream also depends on the real user: their rights change ends it, their disabling refuses it', async () => {
    const f = await seedCompany(t.db);
    const root = await seedSuperAdmin(t.db);
    const rootApi = await apiToken(root.email);
    const res = await t.app.inject({ method: 'GET', url: `/api/get_mercure_jwt?impersonate=${encodeURIComponent(f.admin.email)}`, headers: bearer(rootApi) });
    const { token, topics } = res.json() as { token: string; topics: string[] };
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string; act?: { sub: string } };
    expect(claims).toMatchObject({ sub: String(f.admin.id), act: { sub: String(root.id) } });
    const s = await openStream(hubUrl(topics), bearer(token));
    try {
      expect(s.res.status).toBe(200);
      await s.waitFor(() => s.state.comments >= 1);
      await publish({ companyId: f.companyId, topics: [userTopic(root.id)], entity: 'user', data: { id: root.id }, changes: ['credentials'] });
      await s.waitFor(() => s.state.ended);
    } finally {
      s.close();
    }
    await runInScope(t.db, { companyId: null, system: true }, (tx) => tx.execute(sql`update users set enabled = false where id = ${root.id}`));
    const again = await t.app.inject({ method: 'HEAD', url: hubUrl(topics).slice(base.length), headers: bearer(token) });
    expect(again.statusCode).toBe(401);
    // The impersonated admin's own token still works: only the impersonation depended on the root account.
    const own = await liveToken(await apiToken(f.admin.email));
    const ok = await t.app.inject({ method: 'HEAD', url: hubUrl(own.topics).slice(base.length), headers: bearer(own.token) });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a connect whose account read may predate a revocation the hub just handled', async () => {
    const live = createLocalLiveBus();
    const hub = createSseHub({ live, heartbeatSeconds: 60 });
    const owner = { userIds: [424242], companyIds: [77] };
    const since = Date.now();
    expect(hub.wasRevokedSince({ owner, sinceMs: since })).toBe(false);
    live.broadcast([{ companyId: 77, topics: ['/x'], payload: { event: 'removed', entity: 'company_user', action: null, data: { id: 424242 }, changes: null, id: '1', extra: null } }]);
    expect(hub.wasRevokedSince({ owner, sinceMs: since })).toBe(true);
    expect(hub.wasRevokedSince({ owner: { userIds: [1], companyIds: [78] }, sinceMs: since })).toBe(false);
    expect(hub.wasRevokedSince({ owner, sinceMs: Date.now() + 1 })).toBe(false);
    hub.close();
  });
});
