import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { companyAdminsTopic, type TLiveEvent } from '@cd/contracts/live';
import { bearer, createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from '../../test/helpers';
import { metricsRegistry } from '../lib/metrics';
import type { TStoredLiveEvent } from './live.types';
import { createMercurePublisher } from './mercure-publisher';
import { matchAnyTopic } from './topic-match';

const SUBSCRIBER_KEY = randomBytes(36).toString('base64url');
const PUBLISHER_KEY = randomBytes(36).toString('base64url');
const enc = (s: string) => new TextEncoder().encode(s);

interface TUpdate {
  topics: string[];
  data: string;
  private: boolean;
  id: string | null;
  type: string | null;
}

/**
 * A faithful fake of a Mercure v0.x hub's publish endpoint: checks the publisher JWS (HS256, publisher key,
 * `mercure.publish` covering every topic), the form encoding and the topic; answers 200 text/plain with the update
 * id like the reference hub. `receives` tells which updates a subscriber token would get (private rules).
 */
async function startFakeHub() {
  const updates: TUpdate[] = [];
  const state = { failNext: 0, failStatus: 503, hold: null as Promise<void> | null };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      void (async () => {
        const answer = (status: number, text: string) => res.writeHead(status, { 'content-type': 'text/plain' }).end(text);
        if (req.method !== 'POST' || req.url !== '/.well-known/mercure') return answer(404, 'Not Found');
        if (state.hold) await state.hold;
        if (state.failNext > 0) {
          state.failNext--;
          return answer(state.failStatus, 'Service Unavailable');
        }
        const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
        let publish: string[] = [];
        try {
          const { payload } = await jwtVerify(token ?? '', enc(PUBLISHER_KEY), { algorithms: ['HS256'] });
          publish = ((payload.mercure as { publish?: string[] } | undefined)?.publish ?? []).filter((s) => typeof s === 'string');
        } catch {
          return answer(401, 'Unauthorized');
        }
        if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) return answer(400, 'Bad Request');
        const form = new URLSearchParams(body);
        const topics = form.getAll('topic');
        if (!topics.length) return answer(400, 'Missing "topic" parameter');
        if (!publish.length || !topics.every((t) => matchAnyTopic({ selectors: publish, topics: [t] }))) return answer(401, 'Unauthorized');
        const id = form.get('id');
        if (id?.startsWith('#')) return answer(400, 'Bad Request');
        updates.push({ topics, data: form.get('data') ?? '', private: form.has('private'), id, type: form.get('type') });
        answer(200, id ?? `urn:uuid:${randomBytes(16).toString('hex')}`);
      })();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const addr = server.address();
  if (!addr || typeof addr === 'string') throw new Error('no address');
  const url = `http://127.0.0.1:${addr.port}/.well-known/mercure`;
  async function receives(subscriberToken: string, update: TUpdate): Promise<boolean> {
    try {
      const { payload } = await jwtVerify(subscriberToken, enc(SUBSCRIBER_KEY), { algorithms: ['HS256'] });
      const subscribe = (payload.mercure as { subscribe?: string[] }).subscribe ?? [];
      return !update.private || matchAnyTopic({ selectors: subscribe, topics: update.topics });
    } catch {
      return false;
    }
  }
  return { url, updates, state, receives, close: () => new Promise<void>((r) => server.close(() => r())) };
}

async function waitUntil(check: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function publishCount(outcome: string): Promise<number> {
  const metric = await metricsRegistry.getSingleMetric('courier_mercure_publish_total')!.get();
  return metric.values.find((v) => v.labels.outcome === outcome)?.value ?? 0;
}

let hub: Awaited<ReturnType<typeof startFakeHub>>;
let t: TTestApp;
let a: TSeededCompany;
let b: TSeededCompany;
const PUBLIC_HUB = 'https://hub.example.test/.well-known/mercure';

beforeAll(async () => {
  hub = await startFakeHub();
  t = await createTestApp({
    MERCURE_JWT_SECRET: SUBSCRIBER_KEY,
    MERCURE_PUBLISHER_JWT_SECRET: PUBLISHER_KEY,
    MERCURE_HUB_URL: PUBLIC_HUB,
    MERCURE_PUBLISH_URL: hub.url,
  });
  a = await seedCompany(t.db);
  b = await seedCompany(t.db);
});
afterAll(async () => {
  await t?.close();
  await hub?.close();
});
beforeEach(() => {
  hub.state.failNext = 0;
  hub.state.hold = null;
});

async function createCustomer(token: string, firstName: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/customers',
    headers: bearer(token),
    payload: { phone: `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`, firstName },
  });
}

const updatesAbout = (name: string) => hub.updates.filter((u) => (JSON.parse(u.data) as TLiveEvent<{ firstName?: string }>).data?.firstName === name);

describe('external Mercure hub', () => {
  it('get_mercure_jwt hands out the external hub URL and a token the hub verifies with the subscriber key', async () => {
    const api = (await login(t.app, a.admin.email)).token;
    const res = await t.app.inject({ method: 'GET', url: '/api/get_mercure_jwt', headers: bearer(api) });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { token: string; hubUrl: string; topics: string[] };
    expect(body.hubUrl).toBe(PUBLIC_HUB);
    const { payload } = await jwtVerify(body.token, enc(SUBSCRIBER_KEY), { algorithms: ['HS256'] });
    expect((payload.mercure as { subscribe: string[] }).subscribe).toEqual(body.topics);
    // A subscriber token cannot publish: the hub refuses it as a publisher key would not verify it.
    await expect(jwtVerify(body.token, enc(PUBLISHER_KEY))).rejects.toThrow();
  });

  it('publishes a committed change as a private update with its topics, id and payload, signed with the publisher key', async () => {
    const api = (await login(t.app, a.admin.email)).token;
    const name = `Hub${randomBytes(4).toString('hex')}`;
    const created = await createCustomer(api, name);
    expect(created.statusCode).toBe(201);
    await waitUntil(() => updatesAbout(name).length > 0);
    const [update] = updatesAbout(name);
    const payload = JSON.parse(update!.data) as TLiveEvent;
    expect(payload).toMatchObject({ event: 'created', entity: 'customer', id: update!.id });
    expect(update!.private).toBe(true);
    expect(update!.type).toBeNull();
    expect(update!.topics).toContain(companyAdminsTopic(a.companyId));
    expect(update!.topics.every((topic) => topic.startsWith(`/api/companies/${a.companyId}`) || topic.startsWith('/api/users/'))).toBe(true);

    // Private delivery: company A's admin token covers it, company B's admin token does not.
    const tokenOf = async (email: string) => {
      const api2 = (await login(t.app, email)).token;
      return ((await t.app.inject({ method: 'GET', url: '/api/get_mercure_jwt', headers: bearer(api2) })).json() as { token: string }).token;
    };
    expect(await hub.receives(await tokenOf(a.admin.email), update!)).toBe(true);
    expect(await hub.receives(await tokenOf(b.admin.email), update!)).toBe(false);
  });

  it('never holds the request for the hub, and publishes once the hub answers', async () => {
    let release!: () => void;
    hub.state.hold = new Promise<void>((r) => (release = r));
    const api = (await login(t.app, a.admin.email)).token;
    const name = `Slow${randomBytes(4).toString('hex')}`;
    const created = await createCustomer(api, name);
    expect(created.statusCode).toBe(201);
    expect(updatesAbout(name)).toHaveLength(0);
    release();
    await waitUntil(() => updatesAbout(name).length === 1);
  });

  it('a hub that is down does not fail the request; the failure is logged and counted', async () => {
    hub.state.failNext = 1000;
    const failedBefore = await publishCount('failed');
    const api = (await login(t.app, a.admin.email)).token;
    const name = `Down${randomBytes(4).toString('hex')}`;
    expect((await createCustomer(api, name)).statusCode).toBe(201);
    await waitUntilCount('failed', failedBefore + 1);
    expect(updatesAbout(name)).toHaveLength(0);
  });
});

async function waitUntilCount(outcome: string, atLeast: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await publishCount(outcome)) < atLeast) {
    if (Date.now() > deadline) throw new Error(`${outcome} count stayed below ${atLeast}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('createMercurePublisher', () => {
  const event = (id: string, topics: string[]): TStoredLiveEvent => ({
    companyId: 1,
    topics,
    payload: { id, event: 'updated', entity: 'customer', action: null, data: { n: id }, changes: null, extra: null },
  });
  const makeLog = () => {
    const warnings: string[] = [];
    return { warnings, warn: (_o: object, msg: string) => void warnings.push(msg) };
  };

  it('retries a failing hub briefly and keeps the order of updates', async () => {
    const publisher = createMercurePublisher({ publishUrl: hub.url, secret: enc(PUBLISHER_KEY), log: makeLog(), retryDelayMs: 10 });
    hub.state.failNext = 2;
    const before = hub.updates.length;
    const okBefore = await publishCount('ok');
    publisher.publish([event('9000001', ['/api/companies/1', '/api/users/7']), event('9000002', ['/api/companies/1'])]);
    await publisher.flush();
    expect(hub.updates.slice(before).map((u) => [u.id, u.topics])).toEqual([
      ['9000001', ['/api/companies/1', '/api/users/7']],
      ['9000002', ['/api/companies/1']],
    ]);
    expect(await publishCount('ok')).toBe(okBefore + 2);
    await publisher.close();
  });

  it('gives up on a refused publisher token without retrying, and logs it', async () => {
    const log = makeLog();
    const publisher = createMercurePublisher({ publishUrl: hub.url, secret: enc(randomBytes(36).toString('base64url')), log, retryDelayMs: 10 });
    const failedBefore = await publishCount('failed');
    const before = hub.updates.length;
    publisher.publish([event('9000003', ['/api/companies/1'])]);
    await publisher.flush();
    expect(hub.updates.length).toBe(before);
    expect(await publishCount('failed')).toBe(failedBefore + 1);
    expect(log.warnings).toEqual(['publishing a live update to the Mercure hub failed']);
    await publisher.close();
  });

  it('drops updates beyond its queue bound instead of growing without limit', async () => {
    const log = makeLog();
    let release!: () => void;
    hub.state.hold = new Promise<void>((r) => (release = r));
    const publisher = createMercurePublisher({ publishUrl: hub.url, secret: enc(PUBLISHER_KEY), log, maxQueue: 2 });
    const droppedBefore = await publishCount('dropped');
    publisher.publish([event('9000004', ['/a']), event('9000005', ['/a']), event('9000006', ['/a']), event('9000007', ['/a'])]);
    expect(await publishCount('dropped')).toBeGreaterThanOrEqual(droppedBefore + 1);
    expect(log.warnings).toContain('Mercure publish queue full, live updates dropped');
    release();
    await publisher.flush();
    await publisher.close();
  });
});
