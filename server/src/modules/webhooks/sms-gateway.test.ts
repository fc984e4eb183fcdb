import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSmsGateway, type TFakeSmsGateway } from '../../../test/fakes/fake-sms-gateway';
import { bearer, createTestApp, freePort, login, seedCompany, seedSuperAdmin, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { multipartBody, TINY_PNG } from '../../../test/multipart';
import { runInScope } from '../../db/client';

let t: TTestApp;
let fake: TFakeSmsGateway;
let a: TSeededCompany;
let base: string;
let adminTok: string;
let rootTok: string;
let seq = 4000000;
const phone = () => `+1555${String(seq++).padStart(7, '0')}`;

beforeAll(async () => {
  fake = await startFakeSmsGateway();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await createTestApp({ PUBLIC_URL: base, SIMULATOR: 'false' });
  await t.app.listen({ port, host: '127.0.0.1' });
  a = await seedCompany(t.db);
  rootTok = (await login(t.app, (await seedSuperAdmin(t.db)).email)).token;
  const res = await t.app.inject({
    method: 'PATCH',
    url: `/api/companies/${a.companyId}`,
    headers: bearer(rootTok),
    payload: {
      ocs: {
        smsGatewayUrl: fake.baseUrl,
        smsGatewayUsername: fake.username,
        smsGatewayPassword: fake.password,
        smsGatewaySigningKey: fake.signingKey,
        smsNumber: '+15550009999',
      },
    },
  });
  expect(res.statusCode).toBe(200);
  adminTok = (await login(t.app, a.admin.email)).token;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const drain = () => t.app.deps.jobs.drain();
const hookUrl = (slug = a.slug) => `${base}/api/webhooks/sms-gateway/${slug}`;
async function newCustomer() {
  return (await t.app.inject({ method: 'POST', url: '/api/customers', headers: bearer(adminTok), payload: { phone: phone() } })).json() as { id: number; phone: string };
}
async function send(customerId: number, content: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/messages', headers: bearer(adminTok), payload: { customerId, content } });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; channel: string; status: string };
}
async function thread(customerId: number) {
  return (await t.app.inject({ method: 'GET', url: `/api/messages?customer=${customerId}`, headers: bearer(adminTok) })).json().member as {
    id: number; status: string; content: string; direction: string; type: string; channel: string; error: { code: string | null; message: string | null } | null;
  }[];
}
async function findCustomer(p: string) {
  return (await t.app.inject({ method: 'GET', url: `/api/customers?search=${p.slice(-7)}`, headers: bearer(adminTok) })).json().member[0] as
    | { id: number; phone: string; optOut?: boolean }
    | undefined;
}
async function countMessages(): Promise<number> {
  const r = await runInScope(t.db, { companyId: a.companyId }, (tx) => tx.execute(sql`select count(*)::int as n from messages`));
  return (r.rows[0] as { n: number }).n;
}
const sentTo = (p: string) => fake.sent.filter((m) => m.phoneNumbers.includes(p));

describe('SMS gateway: outbound', () => {
  it('sends with Basic auth under <companyId>-<messageId>; signed statuses move it forward only', async () => {
    const c = await newCustomer();
    const m = await send(c.id, 'Hello from the shop');
    expect(m).toMatchObject({ channel: 'sms_gateway', status: 'SENDING' });
    await drain();
    const id = `${a.companyId}-${m.id}`;
    expect(sentTo(c.phone)).toHaveLength(1);
    expect(sentTo(c.phone)[0]).toMatchObject({ id, text: 'Hello from the shop', withDeliveryReport: true });
    expect(fake.requests.find((r) => r.method === 'POST' && (r.body as { id?: string }).id === id)).toMatchObject({
      path: '/message',
      authorized: true,
      body: { id, textMessage: { text: 'Hello from the shop' }, phoneNumbers: [c.phone], withDeliveryReport: true },
    });
    expect((await thread(c.id))[0]!.status).toBe('SENDING');

    expect((await fake.postStatus({ url: hookUrl(), messageId: id, event: 'sms:sent' })).status).toBe(200);
    expect((await thread(c.id))[0]!.status).toBe('SENT');
    expect((await fake.postStatus({ url: hookUrl(), messageId: id, event: 'sms:delivered' })).status).toBe(200);
    expect((await thread(c.id))[0]!.status).toBe('DELIVERED');
    // A late (retried) sms:sent never moves it back.
    expect((await fake.postStatus({ url: hookUrl(), messageId: id, event: 'sms:sent' })).status).toBe(200);
    expect((await thread(c.id))[0]!.status).toBe('DELIVERED');
  });

  it('appends attachment URLs to the text (SMS carries no files); the links serve the file', async () => {
    const c = await newCustomer();
    const body = multipartBody([
      { name: 'customerId', value: String(c.id) },
      { name: 'content', value: 'Your invoice' },
      { name: 'file[]', filename: 'p.png', contentType: 'image/png', data: TINY_PNG },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/messages', headers: { ...bearer(adminTok), ...body.headers }, payload: body.payload });
    expect(res.statusCode).toBe(201);
    await drain();
    const [got] = sentTo(c.phone);
    const lines = got!.text!.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe('Your invoice');
    expect(lines[1]!.startsWith(`${base}/storage/`)).toBe(true);
    const file = await fetch(lines[1]!);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(TINY_PNG)).toBe(true);
  });

  it('sms:failed marks the message FAILED with the reason; a retry goes out under the next round id', async () => {
    const c = await newCustomer();
    const m = await send(c.id, 'will fail');
    await drain();
    const id = `${a.companyId}-${m.id}`;
    expect((await fake.postStatus({ url: hookUrl(), messageId: id, event: 'sms:failed', reason: 'RESULT_ERROR_NO_SERVICE' })).status).toBe(200);
    const failed = (await thread(c.id))[0]!;
    expect(failed.status).toBe('FAILED');
    expect(failed.error).toMatchObject({ message: 'RESULT_ERROR_NO_SERVICE' });

    // The user retries: the gateway would answer the failed record for the old id, so round 2 gets its own.
    expect((await t.app.inject({ method: 'POST', url: `/api/messages/${m.id}/retry`, headers: bearer(adminTok) })).statusCode).toBe(200);
    await drain();
    expect(sentTo(c.phone).map((x) => x.id)).toEqual([id, `${id}-2`]);
    expect((await thread(c.id))[0]!.status).toBe('SENDING');
    // A late status for the failed round does not touch the new one; the new round's does.
    await fake.postStatus({ url: hookUrl(), messageId: id, event: 'sms:failed', reason: 'late', reasonField: 'error' });
    expect((await thread(c.id))[0]!.status).toBe('SENDING');
    await fake.postStatus({ url: hookUrl(), messageId: `${id}-2`, event: 'sms:delivered' });
    expect((await thread(c.id))[0]!.status).toBe('DELIVERED');
  });

  it('wrong gateway credentials fail the message permanently', async () => {
    const c = await newCustomer();
    const patch = (password: string) =>
      t.app.inject({ method: 'PATCH', url: `/api/companies/${a.companyId}`, headers: bearer(rootTok), payload: { ocs: { smsGatewayPassword: password } } });
    expect((await patch('wrong-password')).statusCode).toBe(200);
    try {
      await send(c.id, 'x');
      await drain();
      const m = (await thread(c.id))[0]!;
      expect(m.status).toBe('FAILED');
      expect(m.error).toMatchObject({ code: '401' });
      expect(m.error!.message).toMatch(/gateway credentials rejected/);
    } finally {
      expect((await patch(fake.password)).statusCode).toBe(200);
    }
  });

  it('reconciles a send whose answer never arrived: the retry adopts it and the phone got it once', async () => {
    const c = await newCustomer();
    fake.dropNext();
    const m = await send(c.id, 'answer lost');
    await drain();
    const id = `${a.companyId}-${m.id}`;
    expect(sentTo(c.phone)).toHaveLength(1);
    const row = async () =>
      (await runInScope(t.db, { companyId: a.companyId }, (tx) => tx.execute(sql`select status, provider_message_id, attempt_started_at from messages where id = ${m.id}`)))
        .rows[0] as { status: string; provider_message_id: string | null; attempt_started_at: unknown };
    expect(await row()).toMatchObject({ status: 'SENDING', provider_message_id: null });
    expect((await row()).attempt_started_at).not.toBe(null);
    // Run the retry now instead of after the backoff.
    await runInScope(t.db, { companyId: null, system: true }, (tx) =>
      tx.execute(sql`update outbox_jobs set run_at = now() where done_at is null and payload->>'messageId' = ${String(m.id)}`),
    );
    await drain();
    expect(await row()).toMatchObject({ status: 'SENDING', provider_message_id: id, attempt_started_at: null });
    expect(sentTo(c.phone)).toHaveLength(1);
    expect(fake.requests.filter((r) => r.method === 'POST' && (r.body as { id?: string }).id === id)).toHaveLength(1);
    expect(fake.requests.filter((r) => r.method === 'GET' && r.path === `/message/${id}`)).toHaveLength(1);
  });
});

describe('SMS gateway: inbound webhook', () => {
  it('stores an inbound message once per event id, creating the customer from a national-format number', async () => {
    const from = phone();
    const national = from.slice(2); // "555xxxxxxx": the app often reports numbers without the country code
    const before = await countMessages();
    const first = await fake.postReceived({ url: hookUrl(), phoneNumber: national, message: 'Hi, is my car ready?' });
    expect(first.status).toBe(200);
    // The app retries the same delivery (same event id): stored once.
    expect((await fake.postReceived({ url: hookUrl(), phoneNumber: national, message: 'Hi, is my car ready?', id: first.id })).status).toBe(200);
    expect(await countMessages()).toBe(before + 1);
    const customer = await findCustomer(from);
    expect(customer).toMatchObject({ phone: from, lastMessage: { direction: 'INBOUND', content: 'Hi, is my car ready?' } });
    const msgs = await thread(customer!.id);
    expect(msgs).toHaveLength(1);
    expect(msgs[0]).toMatchObject({ direction: 'INBOUND', channel: 'sms_gateway', content: 'Hi, is my car ready?' });

    // Same text again later: the payload's content-derived messageId repeats, but it is a new message (new event id).
    expect((await fake.postReceived({ url: hookUrl(), phoneNumber: from, message: 'Hi, is my car ready?' })).status).toBe(200);
    expect(await countMessages()).toBe(before + 2);
    expect(await thread(customer!.id)).toHaveLength(2);
  });

  it('refuses a bad signature (403), a stale or future timestamp (403) and missing headers (400), storing nothing', async () => {
    const before = await countMessages();
    const from = phone();
    const post = (o: Partial<Parameters<TFakeSmsGateway['postReceived']>[0]>) =>
      fake.postReceived({ url: hookUrl(), phoneNumber: from, message: 'x', ...o });
    expect((await post({ signature: 'invalid' })).status).toBe(403);
    const now = Math.floor(Date.now() / 1000);
    expect((await post({ timestamp: now - 600 })).status).toBe(403);
    expect((await post({ timestamp: now + 600 })).status).toBe(403);
    expect((await post({ signature: 'missing' })).status).toBe(400);
    expect((await post({ omitTimestamp: true })).status).toBe(400);
    expect(await countMessages()).toBe(before);
    expect(await findCustomer(from)).toBeUndefined();

    // The signature covers the bytes as received: the same JSON re-serialised no longer matches.
    const signed = await fake.postPing({ url: hookUrl() });
    expect(signed.status).toBe(200);
    const ts = String(now);
    const signature = createHmac('sha256', fake.signingKey).update(signed.rawBody + ts).digest('hex');
    const postRaw = (body: string) =>
      fetch(hookUrl(), { method: 'POST', headers: { 'content-type': 'application/json', 'x-timestamp': ts, 'x-signature': signature }, body });
    expect((await postRaw(JSON.stringify(JSON.parse(signed.rawBody), null, 2))).status).toBe(403);
    expect((await postRaw(signed.rawBody)).status).toBe(200);

    expect((await fake.postReceived({ url: hookUrl('no-such-company'), phoneNumber: from, message: 'x' })).status).toBe(404);
  });

  it('a status for a message that is not ours, system:ping and unknown events are acknowledged', async () => {
    const before = await countMessages();
    expect((await fake.postStatus({ url: hookUrl(), messageId: 'zXDYfTmTVf3iMd16zzdBj', event: 'sms:delivered' })).status).toBe(200);
    expect((await fake.postStatus({ url: hookUrl(), messageId: `999999-1`, event: 'sms:delivered' })).status).toBe(200);
    expect((await fake.postPing({ url: hookUrl() })).status).toBe(200);
    expect((await fake.postWebhook({ url: hookUrl(), event: 'mms:received', payload: { messageId: 'x' } })).status).toBe(200);
    // An alphanumeric sender (carrier notices) is acknowledged and dropped.
    expect((await fake.postReceived({ url: hookUrl(), phoneNumber: 'VERIFY', message: 'Your code is 1234' })).status).toBe(200);
    // Signed but not an event we understand: 400 (the app retries; nothing stored).
    expect((await fake.postWebhook({ url: hookUrl(), event: 'sms:received', payload: { phoneNumber: phone() } })).status).toBe(400);
    expect(await countMessages()).toBe(before);
  });

  it('STOP opts the customer out and we send one confirmation ourselves (the gateway sends none); sends are then blocked', async () => {
    const c = await newCustomer();
    expect((await fake.postReceived({ url: hookUrl(), phoneNumber: c.phone, message: 'STOP' })).status).toBe(200);
    await drain();
    const msgs = await thread(c.id);
    expect(msgs.map((m) => [m.direction, m.type])).toEqual(
      expect.arrayContaining([
        ['INBOUND', 'OPT_OUT'],
        ['OUTBOUND', 'OPT_OUT'],
      ]),
    );
    expect(msgs).toHaveLength(2);
    const confirmations = sentTo(c.phone);
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]!.text).toMatch(/unsubscribed/);

    const blocked = await t.app.inject({ method: 'POST', url: '/api/messages', headers: bearer(adminTok), payload: { customerId: c.id, content: 'hello?' } });
    expect(blocked.json().status).toBe('blocked');
    // A second STOP gets no second confirmation.
    await fake.postReceived({ url: hookUrl(), phoneNumber: c.phone, message: 'stop' });
    await drain();
    expect(sentTo(c.phone)).toHaveLength(1);
  });
});
