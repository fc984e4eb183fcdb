import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_LIMITS } from '@cd/contracts/outgoing-webhooks';
import { runInScope } from '../../db/client';
import { flushOutsideCalls } from '../../lib/outside-calls/recorder';
import { createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { caller } from '../../../test/repair-order-fixtures';
import { setWebhookResolverForTests } from './outgoing-webhooks.service';
import { verifyWebhookSignature } from './webhook-signature';
import { startReceiver } from './webhook-receiver.test-helper';
import { uniqueTestPhone } from '../../../test/test-phone';

let t: TTestApp;
let s: TSeededCompany;
let other: TSeededCompany;
let admin: string;
let agent: string;
let otherAdmin: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, body?: unknown) => caller(t)(method, url, token, body);
const system = <T>(fn: Parameters<typeof runInScope<T>>[2]) => runInScope(t.db, { companyId: null, system: true }, fn);
const rows = async <T>(q: ReturnType<typeof sql>) => system(async (tx) => (await tx.execute(q)).rows as T[]);
const phone = () => uniqueTestPhone({ prefix: '+1202555', digits: 4 });

type TEndpoint = { id: number; secret: string; enabled: boolean; disabledReason: string | null; url: string };
type TDelivery = {
  id: number;
  eventId: string;
  type: string;
  status: string;
  attempts: number;
  responseStatus: number | null;
  nextAttemptAt: string | null;
  lastAttemptAt: string | null;
  payload: { id: string; type: string; data: { object: { id: number } } };
};

async function createEndpoint(body: Record<string, unknown>, token = admin): Promise<TEndpoint> {
  const res = await call('POST', '/api/webhook_endpoints', token, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TEndpoint;
}

async function deliveries(endpointId: number): Promise<TDelivery[]> {
  const res = await call('GET', `/api/webhook_endpoints/${endpointId}/deliveries`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { member: TDelivery[] }).member;
}

/** Makes every parked or retrying delivery job of the company due now, then runs the outbox. */
async function runDue(companyId = s.companyId) {
  await system((tx) =>
    tx.execute(sql`update outbox_jobs set run_at = now() where company_id = ${companyId} and kind = 'outgoing_webhook.deliver' and done_at is null`),
  );
  await t.app.deps.jobs.drain();
}

/** A live event as services record it: the trigger turns it into webhook deliveries in the same transaction. */
async function liveEvent(companyId: number, entity: string, event: string, data: Record<string, unknown>, changes: string[] | null = null) {
  await runInScope(t.db, { companyId }, (tx) =>
    tx.execute(sql`insert into live_events (company_id, topics, payload)
      values (${companyId}, array['t'], ${JSON.stringify({ event, entity, action: null, data, changes, extra: null })}::jsonb)`),
  );
}

beforeAll(async () => {
  t = await createTestApp({ SAFE_FETCH_ALLOW_HOSTS: '127.0.0.1' });
  s = await seedCompany(t.db);
  other = await seedCompany(t.db);
  admin = (await login(t.app, s.admin.email)).token;
  agent = (await login(t.app, s.agent.email)).token;
  otherAdmin = (await login(t.app, other.admin.email)).token;
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});
afterEach(async () => {
  receiver.setAnswer(() => 200);
  setWebhookResolverForTests(undefined);
  // Each test starts without endpoints, so earlier tests' endpoints take no events.
  await system((tx) => tx.execute(sql`delete from webhook_endpoints where company_id in (${s.companyId}, ${other.companyId})`));
});

describe('signature (the verification snippet of docs/outgoing-webhooks.md)', () => {
  it('accepts the genuine body and refuses a tampered body, a wrong secret, an old timestamp and a malformed header', async () => {
    const { signWebhook } = await import('./webhook-signature');
    const body = '{"id":"evt_1","type":"ping"}';
    const now = 1_800_000_000;
    const header = signWebhook({ secret: 'whsec_a', body, timestamp: now });
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature({ secret: 'whsec_a', rawBody: body, header, now })).toBe(true);
    expect(verifyWebhookSignature({ secret: 'whsec_a', rawBody: body.replace('ping', 'pong'), header, now })).toBe(false);
    expect(verifyWebhookSignature({ secret: 'whsec_b', rawBody: body, header, now })).toBe(false);
    expect(verifyWebhookSignature({ secret: 'whsec_a', rawBody: body, header, now: now + 301 })).toBe(false);
    expect(verifyWebhookSignature({ secret: 'whsec_a', rawBody: body, header: 'v1=abc', now })).toBe(false);
    // While a secret rolls a receiver may list several signatures; one matching is enough.
    expect(verifyWebhookSignature({ secret: 'whsec_a', rawBody: body, header: `${header},v1=${'0'.repeat(64)}`, now })).toBe(true);
  });
});

/** The verification snippet exactly as docs/outgoing-webhooks.md shows it (between its markers). */
function docSnippet(): (secret: string, rawBody: string, header: string, now?: number) => boolean {
  const doc = readFileSync(path.join(__dirname, '../../../../docs/outgoing-webhooks.md'), 'utf8');
  const block = /<!-- verification-snippet:start -->\s*```js\n([\s\S]*?)```\s*<!-- verification-snippet:end -->/.exec(doc);
  if (!block) throw new Error('no verification snippet in docs/outgoing-webhooks.md');
  return new Function('require', `${block[1]}\nreturn verifyCourierSignature;`)(createRequire(import.meta.url)) as ReturnType<typeof docSnippet>;
}

describe('the snippet in docs/outgoing-webhooks.md', () => {
  it('verifies a real delivery and refuses a tampered one, a wrong secret and an old one', async () => {
    const verify = docSnippet();
    const ep = await createEndpoint({ url: receiver.url('/doc'), events: ['customer.created'] });
    const before = receiver.received.length;
    await call('POST', `/api/webhook_endpoints/${ep.id}/test`, admin);
    await t.app.deps.jobs.drain();
    const got = receiver.received.slice(before).find((r) => r.path === '/doc')!;
    const header = String(got.headers['x-courier-signature']);
    expect(verify(ep.secret, got.body, header)).toBe(true);
    expect(verify(ep.secret, got.body.replace('ping', 'pong'), header)).toBe(false);
    expect(verify('whsec_wrong', got.body, header)).toBe(false);
    expect(verify(ep.secret, got.body, header, Math.floor(Date.now() / 1000) + 600)).toBe(false);
    // The library function the tests use agrees with the documented one.
    expect(verifyWebhookSignature({ secret: ep.secret, rawBody: got.body, header })).toBe(true);
  });
});

describe('endpoints', () => {
  it('creates with a secret shown on create, reveal and roll only; lists, patches and deletes', async () => {
    const ep = await createEndpoint({ url: receiver.url(), events: ['customer.created', 'customer.created'], description: ' CRM ' });
    expect(ep.secret).toMatch(/^whsec_/);
    expect(ep).toMatchObject({ enabled: true, disabledReason: null, previousSecretExpiresAt: null });
    const list = await call('GET', '/api/webhook_endpoints', admin);
    expect(list.json().member).toHaveLength(1);
    expect(list.body).not.toContain(ep.secret);
    const stored = await rows<{ secret: string; events: string[] }>(sql`select secret, events from webhook_endpoints where id = ${ep.id}`);
    expect(stored[0]!.secret).not.toContain(ep.secret);
    expect(stored[0]!.events).toEqual(['customer.created']);
    expect((await call('GET', `/api/webhook_endpoints/${ep.id}/secret`, admin)).json()).toEqual({ secret: ep.secret });
    const rolled = (await call('POST', `/api/webhook_endpoints/${ep.id}/roll_secret`, admin)).json() as TEndpoint;
    expect(rolled.secret).not.toBe(ep.secret);
    expect((await call('GET', `/api/webhook_endpoints/${ep.id}/secret`, admin)).json()).toEqual({ secret: rolled.secret });
    const patched = await call('PATCH', `/api/webhook_endpoints/${ep.id}`, admin, { enabled: false, events: ['message.sent'] });
    expect(patched.json()).toMatchObject({ enabled: false, disabledReason: 'manual', events: ['message.sent'] });
    expect((await call('DELETE', `/api/webhook_endpoints/${ep.id}`, admin)).statusCode).toBe(204);
    expect((await call('GET', `/api/webhook_endpoints/${ep.id}`, admin)).statusCode).toBe(404);
  });

  it('is for company admins: an agent gets 403, another company’s admin 404 on every route', async () => {
    const ep = await createEndpoint({ url: receiver.url(), events: ['customer.created'] });
    expect((await call('GET', '/api/webhook_endpoints', agent)).statusCode).toBe(403);
    expect((await call('POST', '/api/webhook_endpoints', agent, { url: receiver.url(), events: ['message.sent'] })).statusCode).toBe(403);
    const ping = (await call('POST', `/api/webhook_endpoints/${ep.id}/test`, admin)).json() as TDelivery;
    const base = `/api/webhook_endpoints/${ep.id}`;
    for (const [method, url] of [
      ['GET', base],
      ['PATCH', base],
      ['DELETE', base],
      ['GET', `${base}/secret`],
      ['POST', `${base}/roll_secret`],
      ['POST', `${base}/test`],
      ['GET', `${base}/deliveries`],
      ['GET', `/api/webhook_deliveries/${ping.id}`],
      ['POST', `/api/webhook_deliveries/${ping.id}/replay`],
    ] as const) {
      const res = await call(method, url, otherAdmin, method === 'PATCH' ? { enabled: false } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.body).not.toContain(ep.secret);
    }
    // The delivery is still there for its own company.
    expect((await call('GET', `/api/webhook_deliveries/${ping.id}`, admin)).statusCode).toBe(200);
  });

  it('refuses bad input with 400/422 and private or non-https targets', async () => {
    const bad = async (body: unknown, status = 422) => {
      const res = await call('POST', '/api/webhook_endpoints', admin, body);
      expect(res.statusCode, `${JSON.stringify(body)} → ${res.body}`).toBe(status);
      return res;
    };
    await bad({ url: 'https://example.com/h', events: [] });
    await bad({ url: 'https://example.com/h', events: ['nope'] });
    await bad({ url: 'https://example.com/h', events: ['message.sent'], extra: 1 });
    await bad({ url: 'https://example.com/h\u0000', events: ['message.sent'] }, 400);
    await bad({ url: 'https://example.com/h\u0007', events: ['message.sent'] });
    await bad({ url: 'x'.repeat(3000), events: ['message.sent'] });
    await bad({ url: 42, events: ['message.sent'] });
    for (const url of [
      'not a url',
      'ftp://example.com/h',
      'http://example.com/h',
      'https://user:pw@example.com/h',
      'https://example.com:22/h',
      'https://127.0.0.2/h',
      'https://10.1.2.3/h',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/h',
      'https://[::ffff:127.0.0.1]/h',
      'https://localhost/h',
    ]) {
      const res = await bad({ url, events: ['message.sent'] });
      expect(res.json().violations[0].propertyPath, url).toBe('url');
    }
    // A DNS name is checked by what it resolves to (every answer must be public).
    setWebhookResolverForTests(async (host) =>
      host === 'evil.example'
        ? [
            { address: '93.184.216.34', family: 4 },
            { address: '10.0.0.5', family: 4 },
          ]
        : [{ address: '93.184.216.34', family: 4 }],
    );
    await bad({ url: 'https://evil.example/h', events: ['message.sent'] });
    const ok = await createEndpoint({ url: 'https://good.example/h', events: ['message.sent'] });
    expect((await call('PATCH', `/api/webhook_endpoints/${ok.id}`, admin, { url: 'https://evil.example/x' })).statusCode).toBe(422);
    expect((await call('PATCH', `/api/webhook_endpoints/${ok.id}`, admin, { events: [] })).statusCode).toBe(422);
    expect((await call('GET', '/api/webhook_endpoints/0x1', admin)).statusCode).toBe(400);
    expect((await call('GET', `/api/webhook_endpoints/${ok.id}/deliveries?status=nope`, admin)).statusCode).toBe(400);
  });

  it('caps endpoints per company under parallel creates', async () => {
    const results = await Promise.all(
      Array.from({ length: WEBHOOK_LIMITS.endpointsPerCompany + 3 }, () =>
        call('POST', '/api/webhook_endpoints', admin, { url: receiver.url(), events: ['message.sent'] }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(WEBHOOK_LIMITS.endpointsPerCompany);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(3);
  });
});

describe('deliveries', () => {
  it('delivers a customer created in the app, signed so a receiver verifies it, logged and recorded as an outside call', async () => {
    const ep = await createEndpoint({ url: receiver.url('/crm'), events: ['customer.created'] });
    const before = receiver.received.length;
    const created = await call('POST', '/api/customers', admin, { phone: phone(), firstName: 'Hook' });
    expect(created.statusCode, created.body).toBe(201);
    await t.app.deps.jobs.drain();
    const got = receiver.received.slice(before).filter((r) => r.path === '/crm');
    expect(got).toHaveLength(1);
    const sig = String(got[0]!.headers['x-courier-signature']);
    expect(verifyWebhookSignature({ secret: ep.secret, rawBody: got[0]!.body, header: sig })).toBe(true);
    const body = JSON.parse(got[0]!.body) as { id: string; type: string; company_id: number; data: { object: { id: number; firstName: string } } };
    expect(body).toMatchObject({ type: 'customer.created', company_id: s.companyId, data: { object: { id: created.json().id, firstName: 'Hook' } } });
    expect(got[0]!.headers['x-courier-event-id']).toBe(body.id);
    const [d] = await deliveries(ep.id);
    expect(d).toMatchObject({ status: 'succeeded', attempts: 1, responseStatus: 200, eventId: body.id, type: 'customer.created' });
    await flushOutsideCalls();
    const calls = await rows<{ vendor: string; request_headers: Record<string, string> }>(
      sql`select vendor, request_headers from api_calls where subject_type = 'webhook_delivery' and subject_id = ${d!.id}`,
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]!.vendor).toBe('webhook');
    expect(JSON.stringify(calls[0])).not.toContain(ep.secret);
  });

  it('writes nothing for events nobody subscribed to, nor for a disabled endpoint, nor for another company', async () => {
    const ep = await createEndpoint({ url: receiver.url(), events: ['message.sent'] });
    await liveEvent(s.companyId, 'customer', 'created', { id: 1 });
    await liveEvent(other.companyId, 'message', 'created', { id: 2, direction: 'OUTBOUND' });
    await call('PATCH', `/api/webhook_endpoints/${ep.id}`, admin, { enabled: false });
    await liveEvent(s.companyId, 'message', 'created', { id: 3, direction: 'OUTBOUND' });
    expect(await deliveries(ep.id)).toHaveLength(0);
  });

  it('maps message events: inbound → received, outbound → sent, status change → status', async () => {
    const ep = await createEndpoint({ url: receiver.url(), events: ['message.received', 'message.sent', 'message.status'] });
    await liveEvent(s.companyId, 'message', 'created', { id: 10, direction: 'INBOUND' });
    await liveEvent(s.companyId, 'message', 'created', { id: 11, direction: 'OUTBOUND' });
    await liveEvent(s.companyId, 'message', 'updated', { id: 11, direction: 'OUTBOUND', status: 'delivered' }, ['status']);
    await liveEvent(s.companyId, 'message', 'updated', { id: 11, direction: 'OUTBOUND' }, ['attachments']);
    expect((await deliveries(ep.id)).map((d) => d.type).reverse()).toEqual(['message.received', 'message.sent', 'message.status']);
  });

  it('retries with exponential, jittered back-off under the same event id, then succeeds; replay re-sends that id', async () => {
    const ep = await createEndpoint({ url: receiver.url('/retry'), events: ['appointment.changed'] });
    receiver.setAnswer(() => 503);
    await liveEvent(s.companyId, 'appointment', 'updated', { id: 501 });
    const before = receiver.received.length;
    await t.app.deps.jobs.drain();
    let [d] = await deliveries(ep.id);
    expect(d).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 503 });
    const gap = (x: TDelivery) => (Date.parse(x.nextAttemptAt!) - Date.parse(x.lastAttemptAt!)) / 1000;
    expect(gap(d!)).toBeGreaterThanOrEqual(48);
    expect(gap(d!)).toBeLessThanOrEqual(72);
    // Not due yet: draining again sends nothing.
    await t.app.deps.jobs.drain();
    expect(receiver.received.length - before).toBe(1);
    await runDue();
    [d] = await deliveries(ep.id);
    expect(d!.attempts).toBe(2);
    expect(gap(d!)).toBeGreaterThanOrEqual(240);
    expect(gap(d!)).toBeLessThanOrEqual(360);
    receiver.setAnswer(() => 200);
    await runDue();
    [d] = await deliveries(ep.id);
    expect(d).toMatchObject({ status: 'succeeded', attempts: 3, nextAttemptAt: null });
    const replay = await call('POST', `/api/webhook_deliveries/${d!.id}/replay`, admin);
    expect(replay.statusCode, replay.body).toBe(202);
    await t.app.deps.jobs.drain();
    const ids = receiver.received.slice(before).map((r) => r.headers['x-courier-event-id']);
    expect(ids).toHaveLength(4);
    expect(new Set(ids)).toEqual(new Set([d!.eventId]));
  });

  it('gives a delivery up after the last attempt', async () => {
    const ep = await createEndpoint({ url: receiver.url('/down'), events: ['payment.changed'] });
    receiver.setAnswer(() => 500);
    await liveEvent(s.companyId, 'payment_request', 'created', { id: 601 });
    for (let i = 0; i < WEBHOOK_LIMITS.maxAttempts; i++) await runDue();
    const [d] = await deliveries(ep.id);
    expect(d).toMatchObject({ status: 'failed', attempts: WEBHOOK_LIMITS.maxAttempts, nextAttemptAt: null });
    await runDue();
    expect((await deliveries(ep.id))[0]!.attempts).toBe(WEBHOOK_LIMITS.maxAttempts);
    expect((await call('GET', `/api/webhook_endpoints/${ep.id}`, admin)).json()).toMatchObject({ enabled: true });
  });

  it('orders deliveries per entity: a later event of an entity waits until the earlier one is delivered', async () => {
    const ep = await createEndpoint({ url: receiver.url('/order'), events: ['repair_order.changed'] });
    // The first attempt of 700/1 fails, whichever delivery reaches the receiver first (workers run in parallel on PostgreSQL).
    let failFirst = true;
    receiver.setAnswer((_path, body) => {
      const o = (JSON.parse(body) as { data: { object: { id: number; step: number } } }).data.object;
      if (failFirst && o.id === 700 && o.step === 1) return ((failFirst = false), 500);
      return 200;
    });
    const before = receiver.received.length;
    await liveEvent(s.companyId, 'repair_order', 'updated', { id: 700, step: 1 });
    await liveEvent(s.companyId, 'repair_order', 'updated', { id: 700, step: 2 });
    await liveEvent(s.companyId, 'repair_order', 'updated', { id: 701, step: 1 });
    await t.app.deps.jobs.drain();
    const seen = () =>
      receiver.received
        .slice(before)
        .map((r) => JSON.parse(r.body) as { data: { object: { id: number; step: number } } })
        .map((b) => `${b.data.object.id}/${b.data.object.step}`);
    // 700/1 failed; 700/2 waits behind it; 701 is another entity and goes.
    expect(seen().sort()).toEqual(['700/1', '701/1']);
    const list = await deliveries(ep.id);
    expect(list.find((d) => d.payload.data.object.id === 700 && d.status === 'pending' && d.attempts === 0)).toBeTruthy();
    // The retry of 700/1 succeeds and wakes 700/2 in the same run.
    await system((tx) =>
      tx.execute(sql`update outbox_jobs set run_at = now() where company_id = ${s.companyId} and done_at is null
        and payload = jsonb_build_object('deliveryId', (select min(id) from webhook_deliveries where endpoint_id = ${ep.id}))`),
    );
    await t.app.deps.jobs.drain();
    expect(seen().slice(2)).toEqual(['700/1', '700/2']);
    expect((await deliveries(ep.id)).every((d) => d.status === 'succeeded')).toBe(true);
  });

  it('answers parallel replay clicks with one replay and one send', async () => {
    const ep = await createEndpoint({ url: receiver.url('/replay'), events: ['customer.created'] });
    const ping = (await call('POST', `/api/webhook_endpoints/${ep.id}/test`, admin)).json() as TDelivery;
    expect(ping.type).toBe('ping');
    await t.app.deps.jobs.drain();
    const before = receiver.received.length;
    const answers = await Promise.all(Array.from({ length: 6 }, () => call('POST', `/api/webhook_deliveries/${ping.id}/replay`, admin)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(202));
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    await t.app.deps.jobs.drain();
    expect(receiver.received.length - before).toBe(1);
    expect(receiver.received.at(-1)!.headers['x-courier-event-id']).toBe(ping.eventId);
  });

  it('auto-disables an endpoint after persistent failure, cancels its pending deliveries and mails the admins', async () => {
    const ep = await createEndpoint({ url: receiver.url('/dead'), events: ['appointment.changed'] });
    receiver.setAnswer(() => 500);
    await system((tx) => tx.execute(sql`update webhook_endpoints set failed_events = ${WEBHOOK_LIMITS.disableAfterFailedEvents - 1} where id = ${ep.id}`));
    await liveEvent(s.companyId, 'appointment', 'updated', { id: 801 });
    await liveEvent(s.companyId, 'appointment', 'updated', { id: 801 });
    await system((tx) => tx.execute(sql`update webhook_deliveries set attempts = ${WEBHOOK_LIMITS.maxAttempts - 1} where endpoint_id = ${ep.id}`));
    const mailsBefore = t.mails.length;
    await t.app.deps.jobs.drain();
    const now = (await call('GET', `/api/webhook_endpoints/${ep.id}`, admin)).json();
    expect(now).toMatchObject({ enabled: false, disabledReason: 'failing' });
    expect((await deliveries(ep.id)).map((d) => d.status).sort()).toEqual(['cancelled', 'failed']);
    const mails = t.mails.slice(mailsBefore);
    expect(mails.map((m) => m.to)).toEqual([s.admin.email]);
    expect(mails[0]!.text).toContain(receiver.url('/dead'));
    // Enabling again clears the failure state.
    expect((await call('PATCH', `/api/webhook_endpoints/${ep.id}`, admin, { enabled: true })).json()).toMatchObject({ enabled: true, failingSince: null });
  });

  it('auto-disables an endpoint failing for days when an event is given up', async () => {
    const ep = await createEndpoint({ url: receiver.url('/slow-death'), events: ['appointment.changed'] });
    receiver.setAnswer(() => 500);
    await system((tx) => tx.execute(sql`update webhook_endpoints set failing_since = now() - interval '4 days' where id = ${ep.id}`));
    await liveEvent(s.companyId, 'appointment', 'updated', { id: 901 });
    await t.app.deps.jobs.drain();
    expect((await call('GET', `/api/webhook_endpoints/${ep.id}`, admin)).json()).toMatchObject({ enabled: true });
    await system((tx) => tx.execute(sql`update webhook_deliveries set attempts = ${WEBHOOK_LIMITS.maxAttempts - 1} where endpoint_id = ${ep.id}`));
    await runDue();
    expect((await call('GET', `/api/webhook_endpoints/${ep.id}`, admin)).json()).toMatchObject({ enabled: false, disabledReason: 'failing' });
  });
});
