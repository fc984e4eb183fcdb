import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWhatsApp, type TFakeWhatsApp } from '../../../test/fakes/fake-whatsapp';
import { bearer, createTestApp, freePort, login, seedCompany, seedSuperAdmin, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { multipartBody, TINY_PNG } from '../../../test/multipart';
import { runInScope } from '../../db/client';

const WINDOW_MESSAGE = "24 hours have passed since the customer's last WhatsApp message. Only the invite template can be sent.";
const VERIFY_TOKEN = 'verify-me-8d1f';

let t: TTestApp;
let fake: TFakeWhatsApp;
let a: TSeededCompany;
let b: TSeededCompany;
let base: string;
let adminTok: string;
let seq = 4000000;
/** A WhatsApp id (digits, no '+'); the customer's phone is '+' + it. */
const waId = () => `1555${String(seq++).padStart(7, '0')}`;

type TMsg = { id: number; status: string; content: string | null; direction: string; type: string; channel: string; attachments: unknown[]; error: { code: string | null; message: string | null } | null };

beforeAll(async () => {
  fake = await startFakeWhatsApp();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await createTestApp({ PUBLIC_URL: base, WHATSAPP_GRAPH_URL: fake.baseUrl, WHATSAPP_API_VERSION: fake.apiVersion, SIMULATOR: 'false' });
  await t.app.listen({ port, host: '127.0.0.1' });
  a = await seedCompany(t.db);
  b = await seedCompany(t.db);
  const root = (await login(t.app, (await seedSuperAdmin(t.db)).email)).token;
  const res = await t.app.inject({
    method: 'PATCH',
    url: `/api/companies/${a.companyId}`,
    headers: bearer(root),
    payload: {
      ocs: {
        whatsAppAccessToken: fake.accessToken,
        whatsAppVerifyToken: VERIFY_TOKEN,
        whatsAppAppSecret: fake.appSecret,
        whatsAppPhoneNumberId: fake.phoneNumberId,
        whatsAppPhoneNumber: '+15550783881',
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
const hookUrl = () => `${base}/api/webhooks/whatsapp/${a.slug}`;
async function thread(customerId: number): Promise<TMsg[]> {
  return (await t.app.inject({ method: 'GET', url: `/api/messages?customer=${customerId}`, headers: bearer(adminTok) })).json().member;
}
async function customerByPhone(phone: string) {
  const list = (await t.app.inject({ method: 'GET', url: `/api/customers?search=${phone.slice(-7)}`, headers: bearer(adminTok) })).json();
  return list.member.find((c: { phone: string }) => c.phone === phone) as { id: number; phone: string; firstName: string; lastName: string; lastMessage: { content: string } } | undefined;
}
async function countMessages(): Promise<number> {
  const r = await runInScope(t.db, { companyId: a.companyId }, (tx) => tx.execute(sql`select count(*)::int as n from messages`));
  return (r.rows[0] as { n: number }).n;
}
/** A customer who just wrote on WhatsApp (the 24-hour window is open). */
async function chattingCustomer() {
  const from = waId();
  expect((await fake.postText({ url: hookUrl(), from, body: 'Hello shop' })).status).toBe(200);
  return (await customerByPhone(`+${from}`))!;
}
const send = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/messages', headers: bearer(adminTok), payload });

describe('WhatsApp: configuration', () => {
  it('never answers the secrets in clear', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/companies/${a.companyId}`, headers: bearer(adminTok) });
    expect(res.statusCode).toBe(200);
    for (const secret of [fake.accessToken, fake.appSecret, VERIFY_TOKEN]) expect(res.body).not.toContain(secret);
    expect(res.json().ocs.whatsAppPhoneNumberId).toBe(fake.phoneNumberId);
  });
});

describe('WhatsApp: webhook handshake', () => {
  const get = (slug: string, q: Record<string, string>) => fetch(`${base}/api/webhooks/whatsapp/${slug}?${new URLSearchParams(q).toString()}`);

  it('echoes hub.challenge as text for the right verify token', async () => {
    const res = await get(a.slug, { 'hub.mode': 'subscribe', 'hub.verify_token': VERIFY_TOKEN, 'hub.challenge': '1158201444' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toBe('1158201444');
  });

  it('answers 403 for a wrong token, another mode, a company without WhatsApp or an unknown one', async () => {
    expect((await get(a.slug, { 'hub.mode': 'subscribe', 'hub.verify_token': 'nope', 'hub.challenge': '1' })).status).toBe(403);
    expect((await get(a.slug, { 'hub.mode': 'unsubscribe', 'hub.verify_token': VERIFY_TOKEN, 'hub.challenge': '1' })).status).toBe(403);
    expect((await get(a.slug, {})).status).toBe(403);
    expect((await get(b.slug, { 'hub.mode': 'subscribe', 'hub.verify_token': VERIFY_TOKEN, 'hub.challenge': '1' })).status).toBe(403);
    expect((await get('no-such-company', { 'hub.mode': 'subscribe', 'hub.verify_token': VERIFY_TOKEN, 'hub.challenge': '1' })).status).toBe(403);
  });
});

describe('WhatsApp: inbound', () => {
  it('stores a signed message once when delivered twice, creating the customer with the profile name', async () => {
    const from = waId();
    const before = await countMessages();
    const first = await fake.postText({ url: hookUrl(), from, name: 'Sheena Nguyen', body: 'Is my car ready? ✨' });
    expect(first.status).toBe(200);
    const again = await fake.postText({ url: hookUrl(), from, name: 'Sheena Nguyen', body: 'Is my car ready? ✨', wamid: first.wamid });
    expect(again.status).toBe(200);
    expect(await countMessages()).toBe(before + 1);
    const c = (await customerByPhone(`+${from}`))!;
    expect(c).toMatchObject({ firstName: 'Sheena', lastName: 'Nguyen', lastMessage: { content: 'Is my car ready? ✨' } });
    expect(await thread(c.id)).toMatchObject([{ direction: 'INBOUND', channel: 'whatsapp', status: 'RECEIVED', content: 'Is my car ready? ✨' }]);
  });

  it('refuses a bad signature (403) and a missing one (400), storing nothing', async () => {
    const before = await countMessages();
    expect((await fake.postText({ url: hookUrl(), from: waId(), body: 'x', signature: 'invalid' })).status).toBe(403);
    expect((await fake.postText({ url: hookUrl(), from: waId(), body: 'x', signature: 'missing' })).status).toBe(400);
    expect(await countMessages()).toBe(before);
    expect((await fake.postText({ url: `${base}/api/webhooks/whatsapp/no-such-company`, from: waId(), body: 'x' })).status).toBe(404);
    // Signed but not JSON.
    expect((await fake.postEvent({ url: hookUrl(), value: {}, rawBody: 'not json' })).status).toBe(400);
  });

  it('ignores messages for another phone number id and NUL characters (200, nothing stored for the foreign number)', async () => {
    const before = await countMessages();
    const foreign = { metadata: { display_phone_number: '15550000000', phone_number_id: 'someone-else' }, contacts: [], messages: [{ from: waId(), id: 'wamid.FOREIGN', timestamp: '1739321024', type: 'text', text: { body: 'not yours' } }] };
    expect((await fake.postEvent({ url: hookUrl(), value: foreign })).status).toBe(200);
    expect(await countMessages()).toBe(before);
    const from = waId();
    expect((await fake.postText({ url: hookUrl(), from, body: 'a\u0000b' })).status).toBe(200);
    expect((await thread((await customerByPhone(`+${from}`))!.id))[0]!.content).toBe('ab');
  });

  it('other JSON routes keep their parser (the raw-body parser is scoped to the webhook)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/customers', headers: { ...bearer(adminTok), 'content-type': 'application/json' }, payload: JSON.stringify({ phone: `+${waId()}` }) });
    expect(res.statusCode).toBe(201);
  });

  it('downloads an inbound image with the Bearer and attaches it; the caption is the text', async () => {
    const from = waId();
    const before = fake.mediaRequests.length;
    const r = await fake.postImage({ url: hookUrl(), from, bytes: TINY_PNG, mimeType: 'image/png', caption: 'The dent' });
    expect(r.status).toBe(200);
    await drain();
    const c = (await customerByPhone(`+${from}`))!;
    const msgs = await thread(c.id);
    expect(msgs[0]).toMatchObject({ content: 'The dent', direction: 'INBOUND' });
    expect(msgs[0]!.attachments).toHaveLength(1);
    const hops = fake.mediaRequests.slice(before);
    expect(hops.map((h) => [h.path.split('?')[0], h.authorized])).toEqual([
      [`/${fake.apiVersion}/${r.mediaId}`, true],
      ['/whatsapp_business/attachments/', true],
    ]);
  });

  it('other message types become readable text and never fail the webhook', async () => {
    const from = waId();
    expect((await fake.postMessage({ url: hookUrl(), from, message: { type: 'location', location: { latitude: 52.52, longitude: 13.405 } } })).status).toBe(200);
    expect((await fake.postMessage({ url: hookUrl(), from, message: { type: 'interactive', interactive: { type: 'button_reply', button_reply: { id: 'b', title: 'Tomorrow 9:00' } } } })).status).toBe(200);
    expect((await fake.postMessage({ url: hookUrl(), from, message: { type: 'brand_new_type', brand_new_type: {} } })).status).toBe(200);
    const c = (await customerByPhone(`+${from}`))!;
    expect((await thread(c.id)).map((m) => m.content).reverse()).toEqual(['📍 52.52,13.405', 'Tomorrow 9:00', '[Unsupported WhatsApp message: brand_new_type]']);
  });
});

describe('WhatsApp: outbound', () => {
  it('sends text; statuses move it forward only', async () => {
    const c = await chattingCustomer();
    const sent = await send({ customerId: c.id, content: 'Your car is ready', channel: 'whatsapp' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ channel: 'whatsapp', status: 'SENDING' });
    await drain();
    const got = fake.sent.find((s) => s.to === c.phone.slice(1))!;
    expect(got).toMatchObject({ type: 'text', text: 'Your car is ready', callbackData: String(sent.json().id) });
    expect((await thread(c.id))[0]).toMatchObject({ status: 'SENT', direction: 'OUTBOUND' });
    expect(await fake.postStatus({ url: hookUrl(), wamid: got.wamid, status: 'delivered' })).toBe(200);
    expect((await thread(c.id))[0]!.status).toBe('DELIVERED');
    // A late "sent" never moves it back.
    expect(await fake.postStatus({ url: hookUrl(), wamid: got.wamid, status: 'sent' })).toBe(200);
    expect((await thread(c.id))[0]!.status).toBe('DELIVERED');
    expect(await fake.postStatus({ url: hookUrl(), wamid: got.wamid, status: 'read' })).toBe(200);
    expect((await thread(c.id))[0]!.status).toBe('READ');
    // A status with a bad signature changes nothing.
    expect(await fake.postStatus({ url: hookUrl(), wamid: got.wamid, status: 'failed', signature: 'invalid' })).toBe(403);
    expect((await thread(c.id))[0]!.status).toBe('READ');
  });

  it('sends an image attachment as a link to the signed absolute URL, with the text as caption', async () => {
    const c = await chattingCustomer();
    const body = multipartBody([
      { name: 'customerId', value: String(c.id) },
      { name: 'channel', value: 'whatsapp' },
      { name: 'content', value: 'See the photo' },
      { name: 'file[]', filename: 'p.png', contentType: 'image/png', data: TINY_PNG },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/messages', headers: { ...bearer(adminTok), ...body.headers }, payload: body.payload });
    expect(res.statusCode).toBe(201);
    await drain();
    const got = fake.sent.filter((s) => s.to === c.phone.slice(1));
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ type: 'image', caption: 'See the photo' });
    expect(got[0]!.link!.startsWith(`${base}/storage/`)).toBe(true);
    const file = await fetch(got[0]!.link!);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(TINY_PNG)).toBe(true);
    expect((await thread(c.id))[0]!.status).toBe('SENT');
  });

  it('a 131047 answer fails the message with the code; so does a failed status webhook', async () => {
    const c = await chattingCustomer();
    fake.closeWindow(c.phone.slice(1));
    await send({ customerId: c.id, content: 'Too late?', channel: 'whatsapp' });
    await drain();
    const failed = (await thread(c.id))[0]!;
    expect(failed.status).toBe('FAILED');
    expect(failed.error).toMatchObject({ code: '131047', message: expect.stringContaining('24-hour window') });
    fake.openWindow(c.phone.slice(1));

    await send({ customerId: c.id, content: 'Async failure', channel: 'whatsapp' });
    await drain();
    const got = fake.sent.filter((s) => s.to === c.phone.slice(1)).at(-1)!;
    expect(await fake.postStatus({ url: hookUrl(), wamid: got.wamid, status: 'failed', errors: [{ code: 131047, title: 'Re-engagement message', details: 'More than 24 hours have passed' }] })).toBe(200);
    expect((await thread(c.id))[0]).toMatchObject({ status: 'FAILED', error: { code: '131047' } });
  });

  it('a sent status carrying our message id records the wamid of a send whose commit was lost', async () => {
    const c = await chattingCustomer();
    const sent = await send({ customerId: c.id, content: 'Crash me', channel: 'whatsapp' });
    await drain();
    const got = fake.sent.filter((s) => s.to === c.phone.slice(1)).at(-1)!;
    // As if the worker died between Meta's answer and our commit.
    await runInScope(t.db, { companyId: a.companyId }, (tx) =>
      tx.execute(sql`update messages set provider_message_id = null, status = 'SENDING', sent_at = null where id = ${sent.json().id}`),
    );
    expect(await fake.postStatus({ url: hookUrl(), wamid: got.wamid, status: 'sent' })).toBe(200);
    const r = await runInScope(t.db, { companyId: a.companyId }, (tx) => tx.execute(sql`select status, provider_message_id from messages where id = ${sent.json().id}`));
    expect(r.rows[0]).toEqual({ status: 'SENT', provider_message_id: got.wamid });
  });
});

describe('WhatsApp: the 24-hour rule', () => {
  it('refuses free-form sends without a recent inbound; the invite template goes; after a reply free-form is accepted', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/customers', headers: bearer(adminTok), payload: { phone: `+${waId()}` } });
    const c = created.json() as { id: number; phone: string };
    const before = await countMessages();
    const refused = await send({ customerId: c.id, content: 'Hi there', channel: 'whatsapp' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ detail: WINDOW_MESSAGE, violations: [{ propertyPath: 'channel', message: WINDOW_MESSAGE }] });
    expect(await countMessages()).toBe(before);

    const invite = await t.app.inject({ method: 'POST', url: '/api/messages/send_whatsapp_invite_template', headers: bearer(adminTok), payload: { customer_id: c.id, content: 'Hi Ann, reply to chat with us' } });
    expect(invite.statusCode).toBe(201);
    expect(invite.json()).toMatchObject({ type: 'WHATSAPP_TEMPLATE', channel: 'whatsapp', status: 'SENDING' });
    await drain();
    const tpl = fake.sent.filter((s) => s.to === c.phone.slice(1)).at(-1)!;
    expect(tpl.type).toBe('template');
    expect(tpl.template).toMatchObject({ name: 'customer_invite', language: { code: 'en_US' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'Hi Ann, reply to chat with us' }] }] });
    expect((await thread(c.id))[0]!.status).toBe('SENT');

    // The customer replies: the window is open.
    expect((await fake.postText({ url: hookUrl(), from: c.phone.slice(1), body: 'Hi!' })).status).toBe(200);
    const ok = await send({ customerId: c.id, content: 'Great, thanks', channel: 'whatsapp' });
    expect(ok.statusCode).toBe(201);
    await drain();
    expect(fake.sent.filter((s) => s.to === c.phone.slice(1)).at(-1)).toMatchObject({ type: 'text', text: 'Great, thanks' });

    // 25 hours later the window has closed again.
    await runInScope(t.db, { companyId: a.companyId }, (tx) =>
      tx.execute(sql`update messages set created_at = now() - interval '25 hours' where customer_id = ${c.id} and direction = 'INBOUND'`),
    );
    expect((await send({ customerId: c.id, content: 'Still there?', channel: 'whatsapp' })).statusCode).toBe(422);
  });

  it('an inbound message on another channel does not open the WhatsApp window', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/customers', headers: bearer(adminTok), payload: { phone: `+${waId()}` } });
    const c = created.json() as { id: number };
    await runInScope(t.db, { companyId: a.companyId }, (tx) =>
      tx.execute(sql`insert into messages (company_id, customer_id, direction, status, channel, sender, content) values (${a.companyId}, ${c.id}, 'INBOUND', 'RECEIVED', 'sms_provider', 'customer', 'via SMS')`),
    );
    expect((await send({ customerId: c.id, content: 'Hi', channel: 'whatsapp' })).statusCode).toBe(422);
  });

  it('validates the invite body and keeps to the company', async () => {
    const post = (payload: unknown, tok = adminTok) => t.app.inject({ method: 'POST', url: '/api/messages/send_whatsapp_invite_template', headers: bearer(tok), payload: payload as object });
    expect((await post({ content: 'x' })).statusCode).toBe(422);
    expect((await post({ customer_id: 'abc', content: 'x' })).statusCode).toBe(422);
    const c = (await t.app.inject({ method: 'POST', url: '/api/customers', headers: bearer(adminTok), payload: { phone: `+${waId()}` } })).json() as { id: number };
    expect((await post({ customer_id: `/api/customers/${c.id}`, content: 'Hi' })).statusCode).toBe(201);
    const intruder = (await login(t.app, b.admin.email)).token;
    expect((await post({ customer_id: c.id, content: 'Hi' }, intruder)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/messages/send_whatsapp_invite_template', payload: { customer_id: c.id, content: 'x' } })).statusCode).toBe(401);
  });
});
