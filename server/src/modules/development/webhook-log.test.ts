import { randomUUID } from 'node:crypto';
import { Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTwilio, type TFakeTwilio } from '../../../test/fakes/fake-twilio';
import { bearer, createTestApp, login, seedCompany, seedSuperAdmin, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { computeTwilioSignature } from '../../channels/sms-provider/twilio-webhooks';
import { runInScope } from '../../db/client';
import { signUsaepayWebhook } from '../../payments/usaepay/usaepay-auth';
import { seedDemoWebhookLog } from '../../seed/seed-webhook-log';
import { isVerifiedReplay, replayHeaders } from './webhook-log.api';
import { flushWebhookLog } from './webhook-log.sink';

/** The incoming-webhook log: capture, classification, redaction, access, and idempotent replay. */
let t: TTestApp;
let fake: TFakeTwilio;
let a: TSeededCompany;
let root: string;
let adminTok: string;
const COMPANY_NUMBER = '+15550002222';
const SIGNATURE_KEY = 'whlog_signature_key_123';
let seq = 4100000;
const phone = () => `+1555${String(seq++).padStart(7, '0')}`;
const SYSTEM = { companyId: null, system: true } as const;
const PAN_TEXT = 'card 4111 1111 1111 1111';

beforeAll(async () => {
  fake = await startFakeTwilio();
  t = await createTestApp({ TWILIO_BASE_URL: fake.baseUrl, SIMULATOR: 'false', PAYMENTS_SIMULATE: 'false', USAEPAY_BASE_URL: 'http://127.0.0.1:9' });
  a = await seedCompany(t.db);
  root = (await login(t.app, (await seedSuperAdmin(t.db)).email)).token;
  const res = await t.app.inject({
    method: 'PATCH',
    url: `/api/companies/${a.companyId}`,
    headers: bearer(root),
    payload: { ocs: { twilioAccountSID: fake.accountSid, twilioAuthToken: fake.authToken, twilioPhoneNumber: COMPANY_NUMBER } },
  });
  expect(res.statusCode).toBe(200);
  const payment = {
    provider: 'current',
    enabled: true,
    text: 'Pay: {payment_url}',
    apiKey: 'whlog_api_key_0123456789',
    pin: '1234',
    webhookSignature: SIGNATURE_KEY,
  };
  await runInScope(t.db, SYSTEM, (tx) => tx.execute(sql`update companies set payment = ${JSON.stringify(payment)}::jsonb where id = ${a.companyId}`));
  adminTok = (await login(t.app, a.admin.email)).token;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const inboundPath = () => `/api/webhooks/sms-provider/${a.slug}/inbound`;
function twilioForm(params: Record<string, string>) {
  return new URLSearchParams(params).toString();
}
/** A Twilio inbound delivery, signed like Twilio signs it (the URL as this app sees it: http://app.test/…). */
function postInbound(params: Record<string, string>, opts: { badSignature?: boolean; path?: string } = {}) {
  const path = opts.path ?? inboundPath();
  const signature = computeTwilioSignature({ authToken: opts.badSignature ? 'wrong-token-123456' : fake.authToken, url: `http://app.test${path}`, params });
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: { host: 'app.test', 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    payload: twilioForm(params),
  });
}
const inboundParams = (sid = `SM${randomUUID().replace(/-/g, '')}`, body = 'Is my car ready?') => ({
  MessageSid: sid,
  AccountSid: fake.accountSid,
  From: phone(),
  To: COMPANY_NUMBER,
  Body: body,
  NumMedia: '0',
});

async function listed(query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/development/webhook_requests${query}`, headers: bearer(root) });
  expect(res.statusCode).toBe(200);
  return res.json() as { member: Array<Record<string, unknown> & { id: number; url: string }>; totalItems?: number; view: { next?: string } };
}
async function rowsFor(sid: string) {
  return (await listed(`?company=${a.companyId}&q=${sid}`)).member;
}
async function messagesWith(sid: string): Promise<number> {
  const r = await runInScope(t.db, { companyId: a.companyId }, (tx) =>
    tx.execute(sql`select count(*)::int as n from messages where provider_message_id = ${sid}`),
  );
  return (r.rows[0] as { n: number }).n;
}
const replay = (id: number, token = root) => t.app.inject({ method: 'POST', url: `/api/development/webhook_requests/${id}/replay`, headers: bearer(token) });

describe('webhook log: capture and classification', () => {
  it('records a signed Twilio inbound as valid/processed with its company, redacted headers and body', async () => {
    const params = inboundParams(undefined, 'My card is 4111 1111 1111 1111');
    expect((await postInbound(params)).statusCode).toBe(200);
    const [row] = await rowsFor(params.MessageSid);
    expect(row).toMatchObject({
      source: 'sms_provider',
      method: 'POST',
      status: 200,
      verification: 'valid',
      outcome: 'processed',
      companyId: a.companyId,
      replayOf: null,
      replayCount: 0,
    });
    expect(row!.companyName).toBe(`Company ${a.slug}`);
    const detail = (await t.app.inject({ method: 'GET', url: `/api/development/webhook_requests/${row!.id}`, headers: bearer(root) })).json();
    expect(detail.requestHeaders['x-twilio-signature']).toBe('[redacted]');
    expect(detail.contentType).toBe('application/x-www-form-urlencoded');
    expect(detail.body).toContain(`MessageSid=${params.MessageSid}`);
    expect(detail.body).not.toContain('4111');
    expect(detail.responseBody).toContain('<Response');
    expect(JSON.stringify(detail)).not.toContain(fake.authToken);
  });

  it('marks a redelivery of an already stored message as duplicate/ignored', async () => {
    const params = inboundParams();
    await postInbound(params);
    await postInbound(params);
    const rows = await rowsFor(params.MessageSid);
    expect(rows.map((r) => [r.verification, r.outcome])).toEqual([
      ['duplicate', 'ignored'],
      ['valid', 'processed'],
    ]);
    expect(await messagesWith(params.MessageSid)).toBe(1);
  });

  it('classifies a bad signature, an unknown company and a malformed delivery', async () => {
    const bad = inboundParams();
    expect((await postInbound(bad, { badSignature: true })).statusCode).toBe(403);
    expect((await rowsFor(bad.MessageSid))[0]).toMatchObject({
      verification: 'bad_signature',
      outcome: 'ignored',
      status: 403,
      error: 'Invalid X-Twilio-Signature.',
    });

    const slug = `nobody-${randomUUID().slice(0, 8)}`;
    const unknown = inboundParams();
    expect((await postInbound(unknown, { path: `/api/webhooks/sms-provider/${slug}/inbound` })).statusCode).toBe(404);
    const [u] = (await listed(`?source=sms_provider&verification=unknown_company&q=${slug}`)).member;
    expect(u).toMatchObject({ companyId: null, status: 404, outcome: 'ignored' });

    const malformed = await t.app.inject({
      method: 'POST',
      url: inboundPath(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `MessageSid=SMmalformed${seq}`,
    });
    expect(malformed.statusCode).toBe(400);
    expect((await rowsFor(`SMmalformed${seq}`))[0]).toMatchObject({ verification: 'malformed', outcome: 'ignored', status: 400 });
  });

  it('pages newest first by keyset with the filters kept in the links', async () => {
    const b = await seedCompany(t.db);
    const rows = Array.from({ length: 55 }, (_, i) => ({
      company_id: b.companyId,
      source: 'viber',
      method: 'POST',
      url: `/api/webhooks/viber/${b.slug}`,
      status: 200,
      verification: 'valid',
      outcome: 'processed',
      body: `{"n":${i}}`,
      created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
    }));
    await runInScope(t.db, SYSTEM, (tx) =>
      tx.execute(sql`insert into webhook_requests (company_id, source, method, url, status, verification, outcome, body, created_at)
        select company_id, source, method, url, status, verification, outcome, body, created_at
        from json_populate_recordset(null::webhook_requests, ${JSON.stringify(rows)}::json)`),
    );
    const first = await listed(`?company=${b.companyId}&source=viber`);
    expect(first.member).toHaveLength(50);
    expect(first.totalItems).toBe(55);
    expect(first.member[0]!.createdAt).toBe('2026-01-01T00:00:54.000Z');
    expect(first.view.next).toContain('source=viber');
    const second = (await t.app.inject({ method: 'GET', url: first.view.next!, headers: bearer(root) })).json();
    expect(second.member).toHaveLength(5);
    expect(second.member.at(-1).createdAt).toBe('2026-01-01T00:00:00.000Z');
  });
});

describe('webhook log: access and bad input', () => {
  it('is for super admins only: company admins and agents get 403, no token 401', async () => {
    const agentTok = (await login(t.app, a.agent.email)).token;
    for (const token of [adminTok, agentTok]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/development/webhook_requests', headers: bearer(token) })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/development/webhook_requests/1', headers: bearer(token) })).statusCode).toBe(403);
      expect((await replay(1, token)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/development/webhook_requests' })).statusCode).toBe(401);
  });

  it('answers 400/422 for bad filters and ids, 404 for an unknown entry, never 500', async () => {
    for (const q of ['?source=nope', '?verification=x', '?company=abc', '?from=yesterday', '?page=2', '?id[lt]=-1'])
      expect((await t.app.inject({ method: 'GET', url: `/api/development/webhook_requests${q}`, headers: bearer(root) })).statusCode).toBe(400);
    const inverted = await t.app.inject({
      method: 'GET',
      url: '/api/development/webhook_requests?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z',
      headers: bearer(root),
    });
    expect(inverted.statusCode).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: '/api/development/webhook_requests/abc', headers: bearer(root) })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/development/webhook_requests/999999999', headers: bearer(root) })).statusCode).toBe(404);
    expect((await replay(999999999)).statusCode).toBe(404);
  });
});

describe('webhook log: replay', () => {
  it('re-runs a Twilio inbound idempotently: replays, twice and in parallel, create no second message', async () => {
    const params = inboundParams();
    await postInbound(params);
    const [original] = await rowsFor(params.MessageSid);
    const once = await replay(original!.id);
    expect(once.statusCode).toBe(200);
    // Already applied: the handler finds the provider id stored and changes nothing.
    expect(once.json()).toMatchObject({ verification: 'replayed', outcome: 'ignored', status: 200, replayOf: original!.id, companyId: a.companyId });
    const parallel = await Promise.all([replay(original!.id), replay(original!.id), replay(once.json().id)]);
    expect(parallel.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(parallel.map((r) => r.json().replayOf)).toEqual([original!.id, original!.id, original!.id]);
    expect(await messagesWith(params.MessageSid)).toBe(1);
    const detail = (await t.app.inject({ method: 'GET', url: `/api/development/webhook_requests/${original!.id}`, headers: bearer(root) })).json();
    expect(detail.replayCount).toBe(4);
    // The replay marker never reaches the stored headers.
    expect(JSON.stringify(once.json().requestHeaders)).not.toContain('x-courier-webhook-replay');
  });

  it('re-runs a delivery that was never applied, once', async () => {
    // As if the original delivery had failed (a 500 before the message was stored): a replay stores it, a second does not.
    const params = inboundParams(undefined, 'Delivered late');
    const [inserted] = (
      await runInScope(t.db, SYSTEM, (tx) =>
        tx.execute(sql`insert into webhook_requests (company_id, source, method, url, request_headers, content_type, body, status, verification, outcome, error)
          values (${a.companyId}, 'sms_provider', 'POST', ${inboundPath()}, '{"content-type":"application/x-www-form-urlencoded","x-twilio-signature":"[redacted]"}'::jsonb,
                  'application/x-www-form-urlencoded', ${twilioForm(params)}, 500, 'valid', 'failed', 'database unavailable') returning id`),
      )
    ).rows as { id: number }[];
    const id = Number(inserted!.id);
    expect(await messagesWith(params.MessageSid)).toBe(0);
    expect((await replay(id)).json()).toMatchObject({ verification: 'replayed', outcome: 'processed' });
    expect(await messagesWith(params.MessageSid)).toBe(1);
    expect((await replay(id)).statusCode).toBe(200);
    expect(await messagesWith(params.MessageSid)).toBe(1);
  });

  it('re-runs a payment webhook without a second stored event, also in parallel', async () => {
    const eventId = randomUUID().replace(/-/g, '');
    const body = JSON.stringify({
      type: 'event',
      event_triggered: '2026-11-28 10:00:00',
      event_type: 'transaction.void.success',
      event_body: { object: { type: 'transaction', key: `whlog${eventId.slice(0, 8)}`, amount_detail: { amount: '5.00' } } },
      event_id: eventId,
    });
    const path = `/api/webhooks/payment/usaepay/${a.slug}/transaction`;
    const first = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json', 'x-signature': signUsaepayWebhook({ signatureKey: SIGNATURE_KEY, rawBody: body }) },
      payload: body,
    });
    expect(first.json()).toMatchObject({ ok: true, duplicate: false });
    const [original] = (await listed(`?source=payment&q=${eventId}`)).member;
    expect(original).toMatchObject({ verification: 'valid', outcome: 'ignored', companyId: a.companyId });
    const replays = await Promise.all([replay(original!.id), replay(original!.id)]);
    expect(replays.map((r) => r.json().responseBody)).toEqual([expect.stringContaining('"duplicate":true'), expect.stringContaining('"duplicate":true')]);
    const stored = await runInScope(t.db, SYSTEM, (tx) => tx.execute(sql`select count(*)::int as n from payment_webhook_events where event_id = ${eventId}`));
    expect((stored.rows[0] as { n: number }).n).toBe(1);
    const detail = (await t.app.inject({ method: 'GET', url: `/api/development/webhook_requests/${original!.id}`, headers: bearer(root) })).json();
    expect(detail.requestHeaders['x-signature']).toBe('[redacted]');
  });

  it('refuses what cannot be replayed: unverified deliveries and bodies that were not kept (422)', async () => {
    const bad = inboundParams();
    await postInbound(bad, { badSignature: true });
    const [rejected] = await rowsFor(bad.MessageSid);
    const refused = await replay(rejected!.id);
    expect(refused.statusCode).toBe(422);
    expect(await messagesWith(bad.MessageSid)).toBe(0);

    const big = (
      await runInScope(t.db, SYSTEM, (tx) =>
        tx.execute(sql`insert into webhook_requests (company_id, source, method, url, body, status, verification, outcome)
          values (${a.companyId}, 'whatsapp', 'POST', ${`/api/webhooks/whatsapp/${a.slug}`}, null, 200, 'valid', 'processed') returning id`),
      )
    ).rows as { id: number }[];
    const tooBig = await replay(Number(big[0]!.id));
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json().detail).toContain('not kept');

    // A stored URL is only ever replayed to a webhook route.
    const elsewhere = (
      await runInScope(t.db, SYSTEM, (tx) =>
        tx.execute(sql`insert into webhook_requests (company_id, source, method, url, body, status, verification, outcome)
          values (${a.companyId}, 'sms_provider', 'POST', ${`/api/webhooks/sms-provider/${a.slug}/../../users`}, '', 200, 'valid', 'processed') returning id`),
      )
    ).rows as { id: number }[];
    expect((await replay(Number(elsewhere[0]!.id))).statusCode).toBe(422);
  });

  it('never treats a request from the network as a verified replay, nor a wrong token from inject', async () => {
    const token = replayHeaders('x')['x-courier-webhook-replay']!;
    const asReq = (headers: Record<string, string>, socket: unknown) => ({ headers, raw: { socket } }) as unknown as FastifyRequest;
    expect(isVerifiedReplay(asReq({ 'x-courier-webhook-replay': token }, new Socket()))).toBe(false);
    expect(isVerifiedReplay(asReq({ 'x-courier-webhook-replay': token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) }, {}))).toBe(false);
    expect(isVerifiedReplay(asReq({}, {}))).toBe(false);
    expect(isVerifiedReplay(asReq({ 'x-courier-webhook-replay': token }, {}))).toBe(true);
    // A forged marker on an injected request does not skip the signature check.
    const params = inboundParams();
    const forged = await t.app.inject({
      method: 'POST',
      url: inboundPath(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-courier-webhook-replay': 'guess', 'x-courier-webhook-replay-id': 'x' },
      payload: twilioForm(params),
    });
    expect(forged.statusCode).toBe(400);
    await flushWebhookLog();
    expect(await messagesWith(params.MessageSid)).toBe(0);
  });
});

describe('webhook log: demo seed', () => {
  it('derives redacted entries from the company inbound messages', async () => {
    const params = inboundParams(undefined, `Seeded ${PAN_TEXT}`);
    await postInbound(params);
    const b = await seedCompany(t.db);
    // The seeder reads company A's inbound texts as if A were the demo company, under B's slug to keep them apart.
    await runInScope(t.db, SYSTEM, (tx) => seedDemoWebhookLog(tx, { motorsId: a.companyId, motorsSlug: b.slug, motorsPhone: COMPANY_NUMBER }));
    const seeded = (await listed(`?q=${b.slug}`)).member;
    expect(seeded.map((r) => r.verification).sort()).toEqual(expect.arrayContaining(['bad_signature', 'duplicate', 'unknown_company', 'valid']));
    const valid = seeded.find((r) => r.verification === 'valid' && r.source === 'sms_provider')!;
    const detail = (await t.app.inject({ method: 'GET', url: `/api/development/webhook_requests/${valid.id}`, headers: bearer(root) })).json();
    expect(detail.requestHeaders['x-twilio-signature']).toBe('[redacted]');
    const all = JSON.stringify(
      await Promise.all(
        seeded.map(async (r) => (await t.app.inject({ method: 'GET', url: `/api/development/webhook_requests/${r.id}`, headers: bearer(root) })).json()),
      ),
    );
    expect(all).not.toContain('4111111111111111');
    expect(all).not.toContain('4000100011112224');
  });
});
