import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newViberUserId, startFakeViber, type TFakeViber } from '../../../test/fakes/fake-viber';
import { bearer, createTestApp, freePort, login, seedCompany, seedSuperAdmin, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { multipartBody, TINY_PNG } from '../../../test/multipart';
import { runInScope } from '../../db/client';
import { consentEvents, customers } from '../customers/customers.schema';
import { messages } from '../messages/messages.schema';

let t: TTestApp;
let fake: TFakeViber;
let a: TSeededCompany;
let b: TSeededCompany;
let base: string;
let adminTok: string;
let companyName: string;
const WELCOME = 'Welcome to Main Street Motors! Tap Start to chat.';

beforeAll(async () => {
  fake = await startFakeViber();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await createTestApp({ PUBLIC_URL: base, VIBER_API_URL: fake.apiUrl, SIMULATOR: 'false' });
  await t.app.listen({ port, host: '127.0.0.1' });
  a = await seedCompany(t.db);
  b = await seedCompany(t.db);
  const root = (await login(t.app, (await seedSuperAdmin(t.db)).email)).token;
  const configure = async (companyId: number, ocs: Record<string, unknown>) => {
    const res = await t.app.inject({ method: 'PATCH', url: `/api/companies/${companyId}`, headers: bearer(root), payload: { ocs } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { name: string };
  };
  companyName = (
    await configure(a.companyId, {
      viberToken: fake.token,
      viberBotPicture: 'https://cdn.example/bot.png',
      viberOnConversationStartedMessage: WELCOME,
      viberOnConversationStartedButtonText: 'Start',
      viberOnConversationStartedBackgroundColor: '#2db9b9',
    })
  ).name;
  // Company B: a bot without a welcome message.
  await configure(b.companyId, { viberToken: fake.token });
  adminTok = (await login(t.app, a.admin.email)).token;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const drain = () => t.app.deps.jobs.drain();
const hookUrl = (slug = a.slug) => `${base}/api/webhooks/viber/${slug}`;

type TThreadMessage = { id: number; status: string; content: string | null; direction: string; type: string; channel: string; attachments: unknown[]; error: { code: string | null; message: string | null } | null };
async function thread(customerId: number): Promise<TThreadMessage[]> {
  return (await t.app.inject({ method: 'GET', url: `/api/messages?customer=${customerId}`, headers: bearer(adminTok) })).json().member;
}
async function countMessages(companyId = a.companyId): Promise<number> {
  const r = await runInScope(t.db, { companyId }, (tx) => tx.execute(sql`select count(*)::int as n from messages`));
  return (r.rows[0] as { n: number }).n;
}
async function customerByViberId(viberUserId: string) {
  const rows = await runInScope(t.db, { companyId: a.companyId }, (tx) =>
    tx.select().from(customers).where(and(eq(customers.companyId, a.companyId), eq(customers.viberUserId, viberUserId))),
  );
  return rows;
}
async function providerIdOf(messageId: number): Promise<string | null> {
  const [row] = await runInScope(t.db, { companyId: a.companyId }, (tx) => tx.select({ p: messages.providerMessageId }).from(messages).where(eq(messages.id, messageId)));
  return row!.p;
}
/** A Viber subscriber who wrote to the bot once, so a customer exists. */
async function subscriber(name = 'Olena Kovalenko') {
  const id = newViberUserId();
  const res = await fake.postMessage({ url: hookUrl(), sender: { id, name }, text: 'Hi' });
  expect(res.status).toBe(200);
  await drain();
  const [c] = await customerByViberId(id);
  return { viberUserId: id, customerId: c!.id };
}
async function send(customerId: number, content: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/messages', headers: bearer(adminTok), payload: { customerId, content } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; status: string; channel: string };
}

describe('Viber: inbound', () => {
  it('a first message from a new subscriber creates a customer with the Viber id and no phone, stored once when posted twice', async () => {
    const id = newViberUserId();
    const before = await countMessages();
    const first = await fake.postMessage({ url: hookUrl(), sender: { id, name: 'Taras Shevchenko' }, text: 'Is my car ready?' });
    expect(first.status).toBe(200);
    const again = await fake.postMessage({ url: hookUrl(), sender: { id, name: 'Taras Shevchenko' }, text: 'Is my car ready?', messageToken: first.messageToken });
    expect(again.status).toBe(200);
    expect(await countMessages()).toBe(before + 1);
    const rows = await customerByViberId(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ viberUserId: id, phone: null, firstName: 'Taras', lastName: 'Shevchenko', preferredChannel: 'viber' });
    const msgs = await thread(rows[0]!.id);
    expect(msgs).toHaveLength(1);
    expect(msgs[0]).toMatchObject({ direction: 'INBOUND', channel: 'viber', content: 'Is my car ready?' });
    expect(await providerIdOf(msgs[0]!.id)).toBe(first.messageToken);
  });

  it('two deliveries of one callback at the same moment store it once', async () => {
    const id = newViberUserId();
    const before = await countMessages();
    const raw = `{"event":"message","timestamp":1,"message_token":7${Date.now()}123,"sender":{"id":"${id}","name":"Twin"},"message":{"type":"text","text":"twice"},"silent":false}`;
    const answers = await Promise.all([fake.postRaw(hookUrl(), raw), fake.postRaw(hookUrl(), raw)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(await countMessages()).toBe(before + 1);
  });

  it('keeps an inbound message_token above 2^53 exact', async () => {
    const id = newViberUserId();
    const token = '18446744073709551615';
    await fake.postMessage({ url: hookUrl(), sender: { id }, text: 'big', messageToken: token });
    // the same token rounded to a double would be 18446744073709552000: a different message
    await fake.postMessage({ url: hookUrl(), sender: { id }, text: 'big', messageToken: '18446744073709551614' });
    const [c] = await customerByViberId(id);
    const msgs = await thread(c!.id);
    expect(msgs).toHaveLength(2);
    expect((await Promise.all(msgs.map((m) => providerIdOf(m.id)))).sort()).toEqual(['18446744073709551614', token]);
  });

  it('fetches an inbound picture from the media link and attaches it', async () => {
    const id = newViberUserId();
    const res = await fake.postMessage({ url: hookUrl(), sender: { id }, picture: { bytes: TINY_PNG, contentType: 'image/png', caption: 'the scratch' } });
    expect(res.status).toBe(200);
    await drain();
    const [c] = await customerByViberId(id);
    const msgs = await thread(c!.id);
    expect(msgs[0]).toMatchObject({ content: 'the scratch' });
    expect(msgs[0]!.attachments).toHaveLength(1);
    expect(fake.mediaRequests.at(-1)!.headers['x-viber-auth-token']).toBeUndefined();
  });

  it('refuses a bad signature (403) and a missing one (400), storing nothing; accepts ?sig=', async () => {
    const before = await countMessages();
    const id = newViberUserId();
    expect((await fake.postMessage({ url: hookUrl(), sender: { id }, text: 'forged', signature: 'invalid' })).status).toBe(403);
    expect((await fake.postMessage({ url: hookUrl(), sender: { id }, text: 'unsigned', signature: 'missing' })).status).toBe(400);
    expect(await countMessages()).toBe(before);
    expect(await customerByViberId(id)).toHaveLength(0);
    // signed over other bytes than those sent
    const raw = '{"event":"message","message_token":1,"sender":{"id":"x"},"message":{"type":"text","text":"a"}}';
    const sig = (await import('node:crypto')).createHmac('sha256', fake.token).update(raw).digest('hex');
    const tampered = await fetch(hookUrl(), { method: 'POST', headers: { 'content-type': 'application/json', 'x-viber-content-signature': sig }, body: raw.replace('"a"', '"b"') });
    expect(tampered.status).toBe(403);
    expect(await countMessages()).toBe(before);
    expect((await fake.postMessage({ url: hookUrl(), sender: { id }, text: 'query signed', signature: 'query' })).status).toBe(200);
    expect(await countMessages()).toBe(before + 1);
    expect((await fake.postMessage({ url: hookUrl('no-such-company'), sender: { id }, text: 'x' })).status).toBe(404);
  });

  it('answers 200 to the set_webhook check, unknown events, and a signed malformed body with 400', async () => {
    expect((await fake.postWebhook({ url: hookUrl() })).status).toBe(200);
    expect((await fake.postRaw(hookUrl(), '{"event":"client_status","timestamp":1}')).status).toBe(200);
    expect((await fake.postRaw(hookUrl(), '{"event":"message","message_token":1}')).status).toBe(400);
  });

  it('the other JSON routes keep the normal JSON parser', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: a.admin.email, password: 'wrong' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('Viber: conversation_started', () => {
  it('answers with the configured welcome message and keyboard', async () => {
    const res = await fake.postConversationStarted({ url: hookUrl(), user: { id: newViberUserId(), name: 'New' } });
    expect(res.status).toBe(200);
    const body = JSON.parse(res.body);
    expect(body).toEqual({
      type: 'text',
      sender: { name: Array.from(companyName).slice(0, 28).join(''), avatar: 'https://cdn.example/bot.png' },
      text: WELCOME,
      keyboard: { Type: 'keyboard', DefaultHeight: false, Buttons: [{ ActionType: 'reply', ActionBody: 'Start', Text: 'Start', TextSize: 'regular', BgColor: '#2DB9B9' }] },
    });
    expect(body).not.toHaveProperty('receiver');
  });

  it('answers an empty 200 when no welcome is configured, and stores nothing', async () => {
    const before = await countMessages(b.companyId);
    const res = await fake.postConversationStarted({ url: hookUrl(b.slug), user: { id: newViberUserId() } });
    expect(res).toEqual({ status: 200, body: '' });
    expect(await countMessages(b.companyId)).toBe(before);
  });
});

describe('Viber: outbound', () => {
  it('sends text with the token header and company sender; delivered and seen move it forward, a late delivered does not move it back', async () => {
    const s = await subscriber();
    const sent = await send(s.customerId, 'Your car is ready');
    expect(sent).toMatchObject({ channel: 'viber', status: 'SENDING' });
    await drain();
    const got = fake.sent.find((m) => m.receiver === s.viberUserId)!;
    expect(got).toMatchObject({ type: 'text', text: 'Your car is ready', sender: { name: Array.from(companyName).slice(0, 28).join(''), avatar: 'https://cdn.example/bot.png' } });
    expect(got.sender.name.length).toBeLessThanOrEqual(28);
    expect(fake.requests.at(-1)!.authToken).toBe(fake.token);
    expect((await thread(s.customerId))[0]!.status).toBe('SENT');
    expect(await providerIdOf(sent.id)).toBe(got.messageToken);

    expect((await fake.postDelivered({ url: hookUrl(), messageToken: got.messageToken, userId: s.viberUserId })).status).toBe(200);
    expect((await thread(s.customerId))[0]!.status).toBe('DELIVERED');
    expect((await fake.postSeen({ url: hookUrl(), messageToken: got.messageToken, userId: s.viberUserId })).status).toBe(200);
    expect((await thread(s.customerId))[0]!.status).toBe('SEEN');
    expect((await fake.postDelivered({ url: hookUrl(), messageToken: got.messageToken, userId: s.viberUserId })).status).toBe(200);
    expect((await thread(s.customerId))[0]!.status).toBe('SEEN');
  });

  it('a status callback with a bad signature changes nothing', async () => {
    const s = await subscriber();
    await send(s.customerId, 'sig');
    await drain();
    const got = fake.sent.find((m) => m.receiver === s.viberUserId)!;
    expect((await fake.postDelivered({ url: hookUrl(), messageToken: got.messageToken, userId: s.viberUserId, signature: 'invalid' })).status).toBe(403);
    expect((await thread(s.customerId))[0]!.status).toBe('SENT');
  });

  it('sends a picture with the body as caption, from an absolute signed URL that serves the file', async () => {
    const s = await subscriber();
    const body = multipartBody([
      { name: 'customerId', value: String(s.customerId) },
      { name: 'content', value: 'Photo of the repair' },
      { name: 'file[]', filename: 'p.png', contentType: 'image/png', data: TINY_PNG },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/messages', headers: { ...bearer(adminTok), ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(201);
    await drain();
    const parts = fake.sent.filter((m) => m.receiver === s.viberUserId);
    expect(parts).toHaveLength(1);
    expect(parts[0]).toMatchObject({ type: 'picture', text: 'Photo of the repair' });
    expect(parts[0]!.media!.startsWith(`${base}/storage/`)).toBe(true);
    const file = await fetch(parts[0]!.media!);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(TINY_PNG)).toBe(true);
    expect((await thread(s.customerId))[0]!.status).toBe('SENT');
  });

  it('a message_token above 2^53 round-trips exactly (stored, then matched by the delivered callback)', async () => {
    const s = await subscriber();
    const token = '18446744073709551557';
    // For this subscriber only: a retry of another test's message (status 12) may reach the fake first.
    fake.setNextToken(token, s.viberUserId);
    const sent = await send(s.customerId, 'big token');
    await drain();
    expect(await providerIdOf(sent.id)).toBe(token);
    // a neighbour token (what a rounded double could collide with) matches nothing
    expect((await fake.postDelivered({ url: hookUrl(), messageToken: '18446744073709551556', userId: s.viberUserId })).status).toBe(200);
    expect((await thread(s.customerId))[0]!.status).toBe('SENT');
    await fake.postDelivered({ url: hookUrl(), messageToken: token, userId: s.viberUserId });
    expect((await thread(s.customerId))[0]!.status).toBe('DELIVERED');
  });

  it('status 6 (not subscribed) from the provider fails the message; a failed callback does too, with its desc', async () => {
    const s = await subscriber();
    fake.unsubscribe(s.viberUserId);
    await send(s.customerId, 'are you there?');
    await drain();
    const failed = (await thread(s.customerId))[0]!;
    expect(failed.status).toBe('FAILED');
    expect(failed.error).toMatchObject({ code: '6' });
    expect(failed.error!.message).toMatch(/receiverNotSubscribed/);
    // Only this receiver: another test's retried message may go out during this drain (shuffled order).
    expect(fake.sent.filter((m) => m.receiver === s.viberUserId)).toHaveLength(0);

    const s2 = await subscriber();
    await send(s2.customerId, 'will fail');
    await drain();
    const got = fake.sent.find((m) => m.receiver === s2.viberUserId)!;
    await fake.postFailed({ url: hookUrl(), messageToken: got.messageToken, userId: s2.viberUserId, desc: 'failure desc' });
    expect((await thread(s2.customerId))[0]).toMatchObject({ status: 'FAILED', error: { message: 'failure desc' } });
  });

  it('status 12 (too many requests) is retried, not failed', async () => {
    const s = await subscriber();
    fake.failNext(1, { status: 12 });
    await send(s.customerId, 'slow down');
    await drain();
    expect((await thread(s.customerId))[0]!.status).toBe('SENDING');
  });
});

describe('Viber: subscription', () => {
  it('unsubscribed opts the customer out (later sends are blocked); subscribed opts back in', async () => {
    const s = await subscriber();
    expect((await fake.postUnsubscribed({ url: hookUrl(), userId: s.viberUserId })).status).toBe(200);
    expect((await customerByViberId(s.viberUserId))[0]).toMatchObject({ optOut: true });
    const blocked = await send(s.customerId, 'hello?');
    expect(blocked.status).toBe('blocked');
    await drain();
    expect(fake.sent.filter((m) => m.receiver === s.viberUserId)).toHaveLength(0);

    expect((await fake.postSubscribed({ url: hookUrl(), user: { id: s.viberUserId, name: 'Olena' } })).status).toBe(200);
    expect((await customerByViberId(s.viberUserId))[0]).toMatchObject({ optOut: false });
    const ok = await send(s.customerId, 'welcome back');
    expect(ok.status).toBe('SENDING');
    await drain();
    expect(fake.sent.filter((m) => m.receiver === s.viberUserId).map((m) => m.text)).toEqual(['welcome back']);

    const ledger = await runInScope(t.db, { companyId: a.companyId }, (tx) =>
      tx.select({ kind: consentEvents.kind, source: consentEvents.source, channel: consentEvents.channel }).from(consentEvents).where(eq(consentEvents.customerId, s.customerId)),
    );
    expect(ledger).toEqual([
      { kind: 'opt_out', source: 'viber_unsubscribed', channel: 'viber' },
      { kind: 'opt_in', source: 'viber_subscribed', channel: 'viber' },
    ]);
  });

  it('subscribed / unsubscribed from an unknown user create nothing', async () => {
    const id = newViberUserId();
    expect((await fake.postSubscribed({ url: hookUrl(), user: { id } })).status).toBe(200);
    expect((await fake.postUnsubscribed({ url: hookUrl(), userId: id })).status).toBe(200);
    expect(await customerByViberId(id)).toHaveLength(0);
  });
});
