import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTwilio, type TFakeTwilio } from '../../../test/fakes/fake-twilio';
import { bearer, createTestApp, freePort, login, seedCompany, seedSuperAdmin, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { multipartBody, TINY_PNG } from '../../../test/multipart';
import { runInScope } from '../../db/client';

let t: TTestApp;
let fake: TFakeTwilio;
let a: TSeededCompany;
let base: string;
let adminTok: string;
const COMPANY_NUMBER = '+15550001111';
let seq = 3000000;
const phone = () => `+1555${String(seq++).padStart(7, '0')}`;


beforeAll(async () => {
  fake = await startFakeTwilio();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await createTestApp({ PUBLIC_URL: base, TWILIO_BASE_URL: fake.baseUrl, SIMULATOR: 'false' });
  await t.app.listen({ port, host: '127.0.0.1' });
  a = await seedCompany(t.db);
  const root = (await login(t.app, (await seedSuperAdmin(t.db)).email)).token;
  const res = await t.app.inject({
    method: 'PATCH',
    url: `/api/companies/${a.companyId}`,
    headers: bearer(root),
    payload: { ocs: { twilioAccountSID: fake.accountSid, twilioAuthToken: fake.authToken, twilioPhoneNumber: COMPANY_NUMBER } },
  });
  expect(res.statusCode).toBe(200);
  adminTok = (await login(t.app, a.admin.email)).token;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const drain = () => t.app.deps.jobs.drain();
const inboundUrl = () => `${base}/api/webhooks/sms-provider/${a.slug}/inbound`;
async function newCustomer() {
  return (await t.app.inject({ method: 'POST', url: '/api/customers', headers: bearer(adminTok), payload: { phone: phone() } })).json() as { id: number; phone: string };
}
async function thread(customerId: number) {
  return (await t.app.inject({ method: 'GET', url: `/api/messages?customer=${customerId}`, headers: bearer(adminTok) })).json().member as {
    id: number; status: string; content: string; direction: string; type: string; attachments: unknown[]; error: { code: string } | null;
  }[];
}
async function countMessages(): Promise<number> {
  const r = await runInScope(t.db, { companyId: a.companyId }, (tx) => tx.execute(sql`select count(*)::int as n from messages`));
  return (r.rows[0] as { n: number }).n;
}

describe('SMS provider: outbound', () => {
  it('sends through the provider API; status callbacks move the status forward only', async () => {
    const c = await newCustomer();
    const sent = await t.app.inject({ method: 'POST', url: '/api/messages', headers: bearer(adminTok), payload: { customerId: c.id, content: 'Hello from the shop' } });
    expect(sent.json()).toMatchObject({ channel: 'sms_provider', status: 'SENDING' });
    await drain();
    const got = fake.sent.find((s) => s.to === c.phone)!;
    expect(got).toMatchObject({ from: COMPANY_NUMBER, body: 'Hello from the shop' });
    expect(got.statusCallback).toBe(`${base}/api/webhooks/sms-provider/${a.slug}/status?messageId=${sent.json().id}`);
    expect(await fake.postStatus({ sid: got.sid, status: 'sent' })).toBe(204);
    expect((await thread(c.id))[0]!.status).toBe('SENT');
    expect(await fake.postStatus({ sid: got.sid, status: 'delivered' })).toBe(204);
    expect((await thread(c.id))[0]!.status).toBe('DELIVERED');
    // A late "sent" callback never moves it back.
    expect(await fake.postStatus({ sid: got.sid, status: 'sent' })).toBe(204);
    expect((await thread(c.id))[0]!.status).toBe('DELIVERED');
  });

  it('gives the provider absolute signed media URLs that serve the file', async () => {
    const c = await newCustomer();
    const body = multipartBody([
      { name: 'customerId', value: String(c.id) },
      { name: 'file[]', filename: 'p.png', contentType: 'image/png', data: TINY_PNG },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/messages', headers: { ...bearer(adminTok), ...body.headers }, payload: body.payload });
    expect(res.statusCode).toBe(201);
    await drain();
    const got = fake.sent.find((s) => s.to === c.phone)!;
    expect(got.mediaUrls).toHaveLength(1);
    expect(got.mediaUrls[0]!.startsWith(`${base}/storage/`)).toBe(true);
    const file = await fetch(got.mediaUrls[0]!);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(TINY_PNG)).toBe(true);
  });

  it('a permanent refusal fails the message with the provider code; a transient one is retried', async () => {
    const c1 = await newCustomer();
    fake.block(c1.phone);
    await t.app.inject({ method: 'POST', url: '/api/messages', headers: bearer(adminTok), payload: { customerId: c1.id, content: 'x' } });
    await drain();
    const failed = (await thread(c1.id))[0]!;
    expect(failed.status).toBe('FAILED');
    expect(failed.error!.code).toBe('21610');

    const c2 = await newCustomer();
    fake.failNext(1, { status: 503, code: 20500 });
    await t.app.inject({ method: 'POST', url: '/api/messages', headers: bearer(adminTok), payload: { customerId: c2.id, content: 'retry me' } });
    await drain();
    expect((await thread(c2.id))[0]!.status).toBe('SENDING');
    await new Promise((r) => setTimeout(r, 2200));
    await drain();
    expect((await thread(c2.id))[0]!.status).toBe('SENDING');
    expect(fake.sent.filter((s) => s.to === c2.phone)).toHaveLength(1);
  });
});

describe('SMS provider: inbound webhook', () => {
  it('stores a signed inbound message once, creating the customer', async () => {
    const from = phone();
    const before = await countMessages();
    const first = await fake.postInbound({ url: inboundUrl(), from, to: COMPANY_NUMBER, body: 'Hi, is my car ready?' });
    expect(first.status).toBe(200);
    expect(first.body).toContain('<Response');
    const again = await fake.postInbound({ url: inboundUrl(), from, to: COMPANY_NUMBER, body: 'Hi, is my car ready?', messageSid: first.messageSid });
    expect(again.status).toBe(200);
    expect(await countMessages()).toBe(before + 1);
    const list = (await t.app.inject({ method: 'GET', url: `/api/customers?search=${from.slice(-7)}`, headers: bearer(adminTok) })).json();
    expect(list.member[0]).toMatchObject({ phone: from, read: false, lastMessage: { direction: 'INBOUND', content: 'Hi, is my car ready?' } });
  });

  it('refuses a bad signature (403) and a missing one (400), storing nothing', async () => {
    const before = await countMessages();
    expect((await fake.postInbound({ url: inboundUrl(), from: phone(), to: COMPANY_NUMBER, body: 'x', signature: 'invalid' })).status).toBe(403);
    expect((await fake.postInbound({ url: inboundUrl(), from: phone(), to: COMPANY_NUMBER, body: 'x', signature: 'missing' })).status).toBe(400);
    expect(await countMessages()).toBe(before);
    const unknown = await fake.postInbound({ url: `${base}/api/webhooks/sms-provider/no-such-company/inbound`, from: phone(), to: COMPANY_NUMBER, body: 'x' });
    expect(unknown.status).toBe(404);
  });

  it('fetches inbound media from the provider and attaches it', async () => {
    const from = phone();
    await fake.postInbound({ url: inboundUrl(), from, to: COMPANY_NUMBER, body: 'photo', media: [{ contentType: 'image/png', bytes: TINY_PNG }] });
    await drain();
    const customer = (await t.app.inject({ method: 'GET', url: `/api/customers?search=${from.slice(-7)}`, headers: bearer(adminTok) })).json().member[0];
    const msgs = await thread(customer.id);
    expect(msgs[0]!.attachments).toHaveLength(1);
    expect(fake.mediaRequests.at(-1)!.authorized).toBe(true);
  });

  it('STOP opts the customer out without our own confirmation (the provider sends it); later sends are blocked', async () => {
    const c = await newCustomer();
    await fake.postInbound({ url: inboundUrl(), from: c.phone, to: COMPANY_NUMBER, body: 'STOP' });
    await drain();
    const msgs = await thread(c.id);
    expect(msgs).toHaveLength(1);
    expect(msgs[0]).toMatchObject({ direction: 'INBOUND', type: 'OPT_OUT' });
    const blocked = await t.app.inject({ method: 'POST', url: '/api/messages', headers: bearer(adminTok), payload: { customerId: c.id, content: 'hello?' } });
    expect(blocked.json().status).toBe('blocked');
    await drain();
    expect(fake.sent.filter((s) => s.to === c.phone)).toHaveLength(0);
  });

  it('rejects a status callback with a bad signature', async () => {
    const c = await newCustomer();
    await t.app.inject({ method: 'POST', url: '/api/messages', headers: bearer(adminTok), payload: { customerId: c.id, content: 'sig' } });
    await drain();
    const got = fake.sent.find((s) => s.to === c.phone)!;
    const res = await fetch(got.statusCallback!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'AAAA' },
      body: new URLSearchParams({ MessageSid: got.sid, MessageStatus: 'delivered' }).toString(),
    });
    expect(res.status).toBe(403);
    expect((await thread(c.id))[0]!.status).toBe('SENDING');
  });
});
