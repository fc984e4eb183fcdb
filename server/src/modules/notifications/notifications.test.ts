import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userTopic } from '@cd/contracts/live';
import { startFakePushService, type TFakePushService } from '../../../test/fakes/fake-push-service';
import { startFakeTwilio, type TFakeTwilio } from '../../../test/fakes/fake-twilio';
import { bearer, createTestApp, login, seedCompany, seedSuperAdmin, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { runInScope } from '../../db/client';
import type { TStoredLiveEvent } from '../../live/live.types';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { receiveInbound } from '../messages/messages.api';
import { users } from '../users/users.schema';
import { notificationDeliveries } from './notifications.schema';
import { insertNotification } from './notifications.repository';
import { JOB_UNREAD_ALERT, queueUserNotification } from './notifications.jobs';

const ENCRYPTION_KEY = randomBytes(32).toString('base64');
let t: TTestApp;
let push: TFakePushService;
let a: TSeededCompany;
let adminTok: string;
let agentTok: string;
let user2Tok: string;
const events: TStoredLiveEvent[] = [];
let seq = 3000000;
const phone = () => `+1555${String(seq++).padStart(7, '0')}`;

beforeAll(async () => {
  push = await startFakePushService();
  t = await createTestApp({ ENCRYPTION_KEY }, { webPushAgent: push.agent });
  a = await seedCompany(t.db);
  adminTok = (await login(t.app, a.admin.email)).token;
  agentTok = (await login(t.app, a.agent.email)).token;
  user2Tok = (await login(t.app, a.user2.email)).token;
  t.app.deps.live.onEvent((e) => events.push(e));
});
afterAll(async () => {
  await t.close();
  await push.close();
});

const drain = () => t.app.deps.jobs.drain();
const api = (token: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

/** A customer the agent owns (non-admins own what they create). */
async function agentCustomer(firstName = 'Nora', token = agentTok): Promise<number> {
  const res = await api(token, 'POST', '/api/customers', { phone: phone(), firstName, lastName: 'Client' });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}
/** The customer writes (through the phone simulator). */
async function customerWrites(customerId: number, body: string, token = adminTok) {
  const res = await api(token, 'POST', '/api/simulator/reply', { customerId, body });
  expect(res.statusCode).toBeLessThan(300);
}
async function setSettings(token: string, userId: number, notificationSettings: Record<string, unknown>) {
  const res = await api(token, 'PATCH', `/api/users/${userId}`, { notificationSettings });
  expect(res.statusCode).toBe(200);
}
const OFF = { email: false, emailRecipients: [], sms: false, smsRecipients: [], push: false };
async function myNotifications(token: string, query = '') {
  const res = await api(token, 'GET', `/api/notifications${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { member: { id: number; kind: string; title: string; body: string; link: string | null; readAt: string | null; createdAt: string; data: Record<string, unknown> }[]; totalItems: number; view: { next?: string } };
}
async function subscriptionsOf(userId: number, companyId = a.companyId) {
  const [row] = await runInScope(t.db, { companyId }, (tx) => tx.select({ subs: users.webPushSubscriptions }).from(users).where(eq(users.id, userId)));
  return row!.subs.map((s) => s.endpoint);
}
async function deliveriesOf(notificationId: number, companyId = a.companyId) {
  return runInScope(t.db, { companyId }, (tx) => tx.select().from(notificationDeliveries).where(eq(notificationDeliveries.notificationId, notificationId)));
}
/** A company of the test's own, for assertions over everything a user has (counts, subscriptions). */
async function ownCompany() {
  const co = await seedCompany(t.db);
  const [admin, agent] = await Promise.all([login(t.app, co.admin.email), login(t.app, co.agent.email)]);
  return { co, adminTok: admin.token, agentTok: agent.token };
}
/** Moves a job kind's future runs to now: the test's clock for "N minutes later". */
async function fastForward(kind: string) {
  await runInScope(t.db, { companyId: null, system: true }, (tx) => tx.execute(sql`update outbox_jobs set run_at = now() where kind = ${kind} and done_at is null`));
}

describe('an inbound customer message', () => {
  it('notifies the owner: a row, a live event, then push, e-mail and SMS by their settings — once', async () => {
    // Deliveries still queued by earlier tests go out first, under their settings, so what follows is this message's alone.
    await drain();
    // Its own company: the unread count below must equal all of the agent's notifications, and other tests read some.
    const { co, adminTok: ownAdmin, agentTok: ownAgent } = await ownCompany();
    const sub = push.subscribe();
    expect((await api(ownAgent, 'POST', '/api/notifications/push_subscriptions', sub)).statusCode).toBe(204);
    await setSettings(ownAgent, co.agent.id, { email: true, emailRecipients: ['alerts@agent.example'], sms: true, smsRecipients: ['+15550001111'], push: true });
    const customerId = await agentCustomer('Nora', ownAgent);
    const mailsBefore = t.mails.length;
    const eventsBefore = events.length;

    await customerWrites(customerId, 'Is my car ready?', ownAdmin);

    const live = events.slice(eventsBefore).filter((e) => e.payload.entity === 'notification');
    expect(live).toHaveLength(1);
    expect(live[0]!.topics).toEqual([userTopic(co.agent.id)]);
    expect(live[0]!.payload).toMatchObject({ event: 'created', data: { kind: 'inbound_message', title: 'New message from Nora Client', body: 'Is my car ready?', link: `/communication/${customerId}/messenger`, readAt: null } });
    const list = await myNotifications(ownAgent);
    expect(list.member[0]).toMatchObject({ kind: 'inbound_message', title: 'New message from Nora Client', data: { customerId } });
    expect((await api(ownAgent, 'GET', '/api/notifications/unread_count')).json()).toEqual({ unread: list.totalItems });
    // Only the owner hears of it.
    expect((await myNotifications(ownAdmin)).member.some((n) => n.id === list.member[0]!.id)).toBe(false);

    await drain();
    const id = list.member[0]!.id;
    const mails = t.mails.slice(mailsBefore);
    expect(mails).toEqual([{ to: 'alerts@agent.example', subject: 'New message from Nora Client', text: expect.stringContaining(`http://app.test/communication/${customerId}/messenger`) }]);
    const pushes = push.received.filter((p) => p.endpoint === sub.endpoint);
    expect(pushes).toHaveLength(1);
    expect(JSON.parse(pushes[0]!.payload)).toEqual({ title: 'New message from Nora Client', body: 'Is my car ready?', url: `/communication/${customerId}/messenger`, tag: `notification-${id}` });
    expect(pushes[0]).toMatchObject({ status: 201, urgency: 'high', topic: `n${id}` });
    expect(pushes[0]!.claims.aud).toBe(push.origin);
    expect(pushes[0]!.vapidKey).toBe((await api(ownAgent, 'GET', '/api/notifications/push_public_key')).json().publicKey);
    const deliveries = await deliveriesOf(id, co.companyId);
    expect(deliveries.map((d) => [d.channel, d.target, d.status]).sort()).toEqual([
      ['email', 'alerts@agent.example', 'sent'],
      ['push', sub.endpoint, 'sent'],
      ['sms', '+15550001111', 'sent'],
    ]);
    expect(deliveries.find((d) => d.channel === 'sms')!.providerId).toMatch(/^simulator:SIMALERT/);
    // The SMS is no customer message: the conversation holds only what the customer wrote.
    const thread = (await api(ownAgent, 'GET', `/api/messages?customer=${customerId}`)).json().member;
    expect(thread.map((m: { direction: string }) => m.direction)).toEqual(['INBOUND']);

    // Running the job again (a retry after a crash) sends nothing twice.
    const { JOB_DELIVER_NOTIFICATION } = await import('./notifications.jobs');
    await runInScope(t.db, { companyId: null, system: true }, (tx) =>
      tx.execute(sql`update outbox_jobs set done_at = null, run_at = now() where kind = ${JOB_DELIVER_NOTIFICATION} and payload->>'notificationId' = ${String(id)}`),
    );
    expect(await drain()).toBeGreaterThan(0);
    expect(t.mails.length - mailsBefore).toBe(1);
    expect(push.received.filter((p) => p.endpoint === sub.endpoint)).toHaveLength(1);
    await api(ownAgent, 'DELETE', `/api/notifications/push_subscriptions?endpoint=${encodeURIComponent(sub.endpoint)}`);
    await setSettings(ownAgent, co.agent.id, OFF);
  });

  it('skips the owner while they look at that conversation in a focused window, and only then', async () => {
    const customerId = await agentCustomer('Vera');
    const other = await agentCustomer('Otto');
    const notesFor = async (id: number) => (await myNotifications(agentTok, '?itemsPerPage=100')).member.filter((n) => n.data.customerId === id).length;
    const look = async (payload: object) => expect((await api(agentTok, 'POST', '/api/users/record_active_page', payload)).statusCode).toBe(204);

    await look({ page: 'communication', customerId });
    await customerWrites(customerId, 'Seen live');
    expect(await notesFor(customerId)).toBe(0);
    // The same page named by path only.
    await look({ page: `/communication/${customerId}/messenger` });
    await customerWrites(customerId, 'Seen live again');
    expect(await notesFor(customerId)).toBe(0);
    // Looking at someone else's conversation does not hide this one.
    await customerWrites(other, 'Not being read');
    expect(await notesFor(other)).toBe(1);
    // Window not focused.
    await look({ page: 'none', customerId });
    await customerWrites(customerId, 'Tab in the background');
    expect(await notesFor(customerId)).toBe(1);
    // A report older than a minute is a closed tab.
    await look({ page: 'communication', customerId });
    await runInScope(t.db, { companyId: a.companyId }, (tx) =>
      tx.execute(sql`update user_active_pages set updated_at = now() - interval '61 seconds' where company_id = ${a.companyId} and user_id = ${a.agent.id}`),
    );
    await customerWrites(customerId, 'Tab closed');
    expect(await notesFor(customerId)).toBe(2);
  });

  it('notifies nobody for keywords, duplicate deliveries and customers without an owner', async () => {
    const customerId = await agentCustomer('Kay');
    const before = (await myNotifications(agentTok)).totalItems;
    await customerWrites(customerId, 'HELP');
    expect((await myNotifications(agentTok)).totalItems).toBe(before);

    const [{ phone: kayPhone }] = [(await api(agentTok, 'GET', `/api/customers/${customerId}`)).json()];
    const inbound = { companyId: a.companyId, channel: 'simulator' as const, from: { phone: kayPhone }, body: 'Twice?', providerMessageId: `dup-${randomBytes(4).toString('hex')}`, media: [] };
    expect((await receiveInbound({ deps: t.app.deps, inbound })).duplicate).toBe(false);
    expect((await receiveInbound({ deps: t.app.deps, inbound })).duplicate).toBe(true);
    expect((await myNotifications(agentTok)).totalItems).toBe(before + 1);

    // The admin's own customer has no owner.
    const res = await api(adminTok, 'POST', '/api/customers', { phone: phone(), firstName: 'Nobody' });
    const counts = async () => Promise.all([adminTok, agentTok, user2Tok].map(async (tok) => (await myNotifications(tok)).totalItems));
    const was = await counts();
    await customerWrites(res.json().id, 'Anyone there?');
    expect(await counts()).toEqual(was);
  });

  it('says "Attachment" for a message with only media', async () => {
    const customerId = await agentCustomer('Mia');
    const { phone: miaPhone } = (await api(agentTok, 'GET', `/api/customers/${customerId}`)).json();
    await receiveInbound({
      deps: t.app.deps,
      inbound: { companyId: a.companyId, channel: 'simulator', from: { phone: miaPhone }, body: '', providerMessageId: `m-${randomBytes(4).toString('hex')}`, media: [{ url: 'https://example.invalid/x.jpg', contentType: 'image/jpeg' }] },
    });
    expect((await myNotifications(agentTok)).member[0]).toMatchObject({ title: 'New message from Mia Client', body: 'Attachment' });
  });
});

describe('the notification routes', () => {
  async function seedNotifications(n: number, createdAt?: Date, company: TSeededCompany = a) {
    const ids: number[] = [];
    await runWithLiveEvents({
      deps: t.app.deps,
      scope: { companyId: company.companyId },
      fn: async (tx, emit) => {
        for (let i = 0; i < n; i++) {
          const notification = { companyId: company.companyId, userId: company.user2.id, kind: 'inbound_message', title: `Note ${i}`, body: 'b' };
          const row = createdAt ? await insertNotification(tx, { ...notification, createdAt }) : await queueUserNotification({ tx, emit, notification });
          ids.push(row!.id);
        }
      },
    });
    return ids;
  }

  it('pages newest first by createdAt[strictly_before] (ties broken by id), filters unread, counts', async () => {
    // Its own company: the totals below count every notification of the user, and other tests notify a.user2 too.
    const own = await seedCompany(t.db);
    const ownTok = (await login(t.app, own.user2.email)).token;
    const sameInstant = new Date(Date.now() - 60_000);
    const older = await seedNotifications(3, sameInstant, own);
    const newer = await seedNotifications(2, undefined, own);
    const seen: number[] = [];
    let url: string | undefined = '/api/notifications?itemsPerPage=2';
    let first = true;
    while (url) {
      const res = await api(ownTok, 'GET', url);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      if (first) expect(body.totalItems).toBe(5);
      first = false;
      seen.push(...body.member.map((m: { id: number }) => m.id));
      url = body.view.next;
    }
    expect(seen).toEqual([...newer].reverse().concat([...older].reverse()));

    expect((await api(ownTok, 'PUT', `/api/notifications/${newer[0]}/read`)).json()).toMatchObject({ id: newer[0], readAt: expect.any(String) });
    const unread = await myNotifications(ownTok, '?exists[readAt]=false');
    expect(unread.member.map((m) => m.id)).not.toContain(newer[0]);
    expect(unread.totalItems).toBe(4);
    expect((await myNotifications(ownTok, '?exists[readAt]=true')).member.map((m) => m.id)).toEqual([newer[0]]);
    expect((await api(ownTok, 'GET', '/api/notifications/unread_count')).json()).toEqual({ unread: 4 });
  });

  it('marks read, unread, all read and deletes — with live events to the owner only', async () => {
    const [id] = await seedNotifications(1);
    const from = events.length;
    const read = await api(user2Tok, 'PUT', `/api/notifications/${id}/read`);
    expect(read.statusCode).toBe(200);
    const firstReadAt = read.json().readAt;
    // Reading again keeps the first read time.
    expect((await api(user2Tok, 'PUT', `/api/notifications/${id}/read`)).json().readAt).toBe(firstReadAt);
    expect((await api(user2Tok, 'PUT', `/api/notifications/${id}/unread`)).json().readAt).toBeNull();
    const all = await api(user2Tok, 'PUT', '/api/notifications/read_all');
    expect(all.statusCode).toBe(200);
    expect(all.json().updated).toBeGreaterThan(0);
    expect((await api(user2Tok, 'GET', '/api/notifications/unread_count')).json()).toEqual({ unread: 0 });
    expect((await api(user2Tok, 'DELETE', `/api/notifications/${id}`)).statusCode).toBe(204);
    expect((await api(user2Tok, 'DELETE', `/api/notifications/${id}`)).statusCode).toBe(404);
    const mine = events.slice(from).filter((e) => e.payload.entity === 'notification');
    expect(mine.map((e) => `${e.payload.event}:${e.payload.action ?? ''}`)).toEqual(['updated:', 'updated:', 'updated:', 'trigger:read_all', 'removed:']);
    expect(mine.every((e) => e.topics.length === 1 && e.topics[0] === userTopic(a.user2.id))).toBe(true);
  });

  it("answers 404 for a colleague's notification, and nothing changes", async () => {
    const [id] = await seedNotifications(1);
    for (const [method, url] of [
      ['PUT', `/api/notifications/${id}/read`],
      ['PUT', `/api/notifications/${id}/unread`],
      ['DELETE', `/api/notifications/${id}`],
    ] as const) {
      const res = await api(agentTok, method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.body).not.toContain('Note 0');
    }
    await api(agentTok, 'PUT', '/api/notifications/read_all');
    expect((await myNotifications(user2Tok)).member.find((m) => m.id === id)).toMatchObject({ readAt: null });
  });

  it('refuses bad input with 400/422, never 500', async () => {
    for (const url of [
      '/api/notifications?itemsPerPage=0',
      '/api/notifications?itemsPerPage=1000',
      '/api/notifications?exists[readAt]=maybe',
      '/api/notifications?createdAt[strictly_before]=yesterday',
      '/api/notifications?id[lt]=-3',
    ])
      expect((await api(agentTok, 'GET', url)).statusCode, url).toBe(400);
    for (const url of ['/api/notifications/abc/read', '/api/notifications/0/unread', '/api/notifications/1.5'])
      expect((await api(agentTok, url.endsWith('1.5') ? 'DELETE' : 'PUT', url)).statusCode, url).toBe(400);
    const good = push.subscribe();
    for (const body of [
      {},
      { ...good, endpoint: 'http://insecure.example/push/1' },
      { ...good, endpoint: 'not a url' },
      { ...good, key: 'short' },
      { ...good, token: 'x'.repeat(80) },
      { ...good, extra: 1 },
    ])
      expect((await api(agentTok, 'POST', '/api/notifications/push_subscriptions', body)).statusCode, JSON.stringify(body)).toBe(422);
    expect((await api(agentTok, 'DELETE', '/api/notifications/push_subscriptions')).statusCode).toBe(400);
  });

  it('gives a super admin without a company an empty centre, and no push registration', async () => {
    const root = (await login(t.app, (await seedSuperAdmin(t.db)).email)).token;
    expect((await myNotifications(root)).member).toEqual([]);
    expect((await api(root, 'GET', '/api/notifications/unread_count')).json()).toEqual({ unread: 0 });
    expect((await api(root, 'POST', '/api/notifications/push_subscriptions', push.subscribe())).statusCode).toBe(400);
  });
});

describe('web push subscriptions', () => {
  it('adds and removes one browser at a time; two devices do not overwrite each other; the PATCH still works', async () => {
    const [one, two] = [push.subscribe(), push.subscribe()];
    await api(user2Tok, 'PATCH', `/api/users/${a.user2.id}`, { webPushSubscriptions: [] });
    expect((await api(user2Tok, 'POST', '/api/notifications/push_subscriptions', one)).statusCode).toBe(204);
    expect((await api(user2Tok, 'POST', '/api/notifications/push_subscriptions', two)).statusCode).toBe(204);
    expect((await api(user2Tok, 'POST', '/api/notifications/push_subscriptions', one)).statusCode).toBe(204);
    expect((await subscriptionsOf(a.user2.id)).sort()).toEqual([one.endpoint, two.endpoint].sort());
    const del = await api(user2Tok, 'DELETE', `/api/notifications/push_subscriptions?endpoint=${encodeURIComponent(one.endpoint)}`);
    expect(del.statusCode).toBe(204);
    expect(await subscriptionsOf(a.user2.id)).toEqual([two.endpoint]);
    // The same browser signed in by another user now belongs to that user only.
    expect((await api(agentTok, 'POST', '/api/notifications/push_subscriptions', two)).statusCode).toBe(204);
    expect(await subscriptionsOf(a.user2.id)).toEqual([]);
    expect(await subscriptionsOf(a.agent.id)).toContain(two.endpoint);
    await api(agentTok, 'DELETE', `/api/notifications/push_subscriptions?endpoint=${encodeURIComponent(two.endpoint)}`);
    // The profile PATCH still replaces the whole list.
    const patched = await api(user2Tok, 'PATCH', `/api/users/${a.user2.id}`, { webPushSubscriptions: [one] });
    expect(patched.statusCode).toBe(200);
    expect(await subscriptionsOf(a.user2.id)).toEqual([one.endpoint]);
  });

  it('is refused while impersonating (the device belongs to the real user)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/push_subscriptions?impersonate=${encodeURIComponent(a.agent.email)}`,
      headers: bearer(adminTok),
      payload: push.subscribe(),
    });
    expect(res.statusCode).toBe(403);
  });

  it('drops a subscription the push service answers 404 or 410 for, keeps the others, and retries a 500 without doubling', async () => {
    // Deliveries still queued by earlier tests go out first, so what follows is this notification's alone.
    await drain();
    // Its own company: the agent's subscriptions below must be exactly these, whatever other tests left on a.agent.
    const { co, agentTok: ownAgent, adminTok: ownAdmin } = await ownCompany();
    const [gone, missing, flaky, fine] = [push.subscribe(), push.subscribe(), push.subscribe(), push.subscribe()];
    push.answer(gone.endpoint, 410);
    push.answer(missing.endpoint, 404);
    push.answer(flaky.endpoint, 500);
    for (const s of [gone, missing, flaky, fine]) await api(ownAgent, 'POST', '/api/notifications/push_subscriptions', s);
    await setSettings(ownAgent, co.agent.id, { ...OFF, push: true, email: true, emailRecipients: ['once@agent.example'] });
    const customerId = await agentCustomer('Gus', ownAgent);
    await customerWrites(customerId, 'Hello?', ownAdmin);
    await drain();
    expect((await subscriptionsOf(co.agent.id, co.companyId)).sort()).toEqual([flaky.endpoint, fine.endpoint].sort());
    const id = (await myNotifications(ownAgent)).member[0]!.id;
    expect(Object.fromEntries((await deliveriesOf(id, co.companyId)).map((d) => [d.target, d.status]))).toMatchObject({ [gone.endpoint]: 'gone', [missing.endpoint]: 'gone', [fine.endpoint]: 'sent', 'once@agent.example': 'sent' });

    // The push service recovers; the job's retry delivers only what is missing.
    push.answer(flaky.endpoint, 201);
    const { JOB_DELIVER_NOTIFICATION } = await import('./notifications.jobs');
    await fastForward(JOB_DELIVER_NOTIFICATION);
    await drain();
    const count = (endpoint: string) => push.received.filter((p) => p.endpoint === endpoint && p.status === 201 && JSON.parse(p.payload).tag === `notification-${id}`).length;
    expect([count(flaky.endpoint), count(fine.endpoint)]).toEqual([1, 1]);
    expect(t.mails.filter((m) => m.to === 'once@agent.example')).toHaveLength(1);
    expect(push.refused).toEqual([]);
    for (const s of [flaky, fine]) await api(ownAgent, 'DELETE', `/api/notifications/push_subscriptions?endpoint=${encodeURIComponent(s.endpoint)}`);
    await setSettings(ownAgent, co.agent.id, OFF);
  });

  it('records a subscription whose keys cannot encrypt as failed, without retrying it', async () => {
    await drain();
    const broken = { endpoint: `${push.origin}/push/broken`, key: 'not-a-key', token: 'nope' };
    expect((await api(user2Tok, 'PATCH', `/api/users/${a.user2.id}`, { webPushSubscriptions: [broken], notificationSettings: { ...OFF, push: true } })).statusCode).toBe(200);
    const row = await runWithLiveEvents({
      deps: t.app.deps,
      scope: { companyId: a.companyId },
      fn: (tx, emit) => queueUserNotification({ tx, emit, notification: { companyId: a.companyId, userId: a.user2.id, kind: 'inbound_message', title: 'Broken', body: '' } }),
    });
    await drain();
    expect(await deliveriesOf(row!.id)).toMatchObject([{ channel: 'push', target: broken.endpoint, status: 'failed' }]);
    const pending = await runInScope(t.db, { companyId: null, system: true }, (tx) => tx.execute(sql`select id from outbox_jobs where done_at is null and payload->>'notificationId' = ${String(row!.id)}`));
    expect(pending.rows).toEqual([]);
    await api(user2Tok, 'PATCH', `/api/users/${a.user2.id}`, { webPushSubscriptions: [], notificationSettings: OFF });
  });

  it('keeps one VAPID key pair per deployment: generated once, the same after a restart on the same database', async () => {
    const key = (await api(agentTok, 'GET', '/api/notifications/push_public_key')).json().publicKey as string;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    const config = loadConfig({ DATA_DIR: t.app.deps.config.dataDir + '-restart', ENCRYPTION_KEY, LOG_LEVEL: 'silent', NODE_ENV: 'test', WORKER: 'false' });
    const restarted = await buildApp({ config, db: t.db, mailer: { send: async () => undefined }, logger: false });
    await restarted.ready();
    try {
      const tok = (await restarted.inject({ method: 'POST', url: '/api/login', payload: { email: a.agent.email, password: 'Passw0rd1' } })).json().token;
      expect((await restarted.inject({ method: 'GET', url: '/api/notifications/push_public_key', headers: bearer(tok) })).json().publicKey).toBe(key);
    } finally {
      await restarted.close();
    }
    const rows = await runInScope(t.db, { companyId: null, system: true }, (tx) => tx.execute(sql`select key, value->>'privateKey' as private from app_settings`));
    expect(rows.rows).toHaveLength(1);
    // The private key is encrypted at rest.
    expect((rows.rows[0] as { private: string }).private).toMatch(/^enc:v1:/);
  });
});

describe('"unread for N minutes" alerts', () => {
  async function setAlertMinutes(minutes: number) {
    const res = await api(adminTok, 'PATCH', `/api/companies/${a.companyId}`, { alerts: { alertUserIfMessageUnreadForMinutes: minutes } });
    expect(res.statusCode).toBe(200);
  }
  const alertsFor = async (customerId: number) => (await myNotifications(agentTok, '?itemsPerPage=100')).member.filter((n) => n.kind === 'unread_alert' && n.data.customerId === customerId);
  const pendingAlertJobs = () =>
    runInScope(t.db, { companyId: null, system: true }, async (tx) =>
      (await tx.execute(sql`select run_at from outbox_jobs where kind = ${JOB_UNREAD_ALERT} and done_at is null`)).rows as { run_at: string | Date }[],
    );

  it('is not scheduled while the setting is 0', async () => {
    await setAlertMinutes(0);
    const customerId = await agentCustomer('Zed');
    await customerWrites(customerId, 'Hi');
    expect(await pendingAlertJobs()).toEqual([]);
  });

  it('fires N minutes later only while still unread, once per unread stretch', async () => {
    await setAlertMinutes(5);
    await setSettings(agentTok, a.agent.id, { ...OFF, email: true, emailRecipients: ['late@agent.example'] });
    const customerId = await agentCustomer('Una');
    const t0 = Date.now();
    await customerWrites(customerId, 'First');
    await drain();
    const jobs = await pendingAlertJobs();
    expect(jobs).toHaveLength(1);
    expect(new Date(jobs[0]!.run_at).getTime() - t0).toBeGreaterThan(4.9 * 60_000);
    expect(await alertsFor(customerId)).toHaveLength(0);

    await customerWrites(customerId, 'Second, same stretch');
    await fastForward(JOB_UNREAD_ALERT);
    await drain();
    const alerts = await alertsFor(customerId);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ title: 'Unread for 5 minutes: Una Client', link: `/communication/${customerId}/messenger`, data: { minutes: 5 } });
    expect(t.mails.filter((m) => m.to === 'late@agent.example' && m.subject.startsWith('Unread for 5 minutes'))).toHaveLength(1);

    // Read in time: the next message's alert does not fire.
    await customerWrites(customerId, 'Third');
    expect((await api(agentTok, 'PUT', `/api/customers/${customerId}/read`)).statusCode).toBe(200);
    await fastForward(JOB_UNREAD_ALERT);
    await drain();
    expect(await alertsFor(customerId)).toHaveLength(1);

    // A new unread stretch gets its own alert.
    await customerWrites(customerId, 'Fourth');
    await fastForward(JOB_UNREAD_ALERT);
    await drain();
    expect(await alertsFor(customerId)).toHaveLength(2);
    // The job running twice changes nothing.
    await runInScope(t.db, { companyId: null, system: true }, (tx) => tx.execute(sql`update outbox_jobs set done_at = null, run_at = now() where kind = ${JOB_UNREAD_ALERT}`));
    await drain();
    expect(await alertsFor(customerId)).toHaveLength(2);
    await setAlertMinutes(0);
    await setSettings(agentTok, a.agent.id, OFF);
  });

  it('does not fire when the company switched alerts off in the meantime', async () => {
    await setAlertMinutes(10);
    const customerId = await agentCustomer('Ole');
    await customerWrites(customerId, 'Waiting');
    await setAlertMinutes(0);
    await fastForward(JOB_UNREAD_ALERT);
    await drain();
    expect(await alertsFor(customerId)).toHaveLength(0);
  });
});

describe('staff alert SMS through the company SMS provider', () => {
  let s: TTestApp;
  let twilio: TFakeTwilio;
  let b: TSeededCompany;
  let c: TSeededCompany;

  beforeAll(async () => {
    twilio = await startFakeTwilio();
    s = await createTestApp({ TWILIO_BASE_URL: twilio.baseUrl, SIMULATOR: 'false' });
    b = await seedCompany(s.db);
    c = await seedCompany(s.db);
    const root = (await login(s.app, (await seedSuperAdmin(s.db)).email)).token;
    const res = await s.app.inject({
      method: 'PATCH',
      url: `/api/companies/${b.companyId}`,
      headers: bearer(root),
      payload: { ocs: { twilioAccountSID: twilio.accountSid, twilioAuthToken: twilio.authToken, twilioPhoneNumber: '+15550007777' } },
    });
    expect(res.statusCode).toBe(200);
  });
  afterAll(async () => {
    await s.close();
    await twilio.close();
  });

  async function inboundFor(company: TSeededCompany) {
    const tok = (await login(s.app, company.agent.email)).token;
    await s.app.inject({ method: 'PATCH', url: `/api/users/${company.agent.id}`, headers: bearer(tok), payload: { notificationSettings: { sms: true, smsRecipients: ['+15550002222'] } } });
    const customerPhone = phone();
    const created = await s.app.inject({ method: 'POST', url: '/api/customers', headers: bearer(tok), payload: { phone: customerPhone, firstName: 'Sam' } });
    expect(created.statusCode).toBe(201);
    await receiveInbound({
      deps: s.app.deps,
      inbound: { companyId: company.companyId, channel: 'sms_provider', from: { phone: customerPhone }, body: 'Call me', providerMessageId: `SM${randomBytes(8).toString('hex')}`, media: [] },
    });
    await s.app.deps.jobs.drain();
    const list = (await s.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(tok) })).json();
    return runInScope(s.db, { companyId: company.companyId }, (tx) =>
      tx.select().from(notificationDeliveries).where(eq(notificationDeliveries.notificationId, list.member[0].id)),
    );
  }

  it('sends the alert from the company number without a status callback, and stores no customer message', async () => {
    const deliveries = await inboundFor(b);
    expect(deliveries).toMatchObject([{ channel: 'sms', target: '+15550002222', status: 'sent' }]);
    const sent = twilio.sent.filter((m) => m.to === '+15550002222');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ from: '+15550007777', statusCallback: null });
    expect(sent[0]!.body).toContain('New message from Sam');
    expect(deliveries[0]!.providerId).toBe(`sms_provider:${sent[0]!.sid}`);
  });

  it('records that the SMS could not be sent when the company has no SMS channel', async () => {
    const deliveries = await inboundFor(c);
    expect(deliveries).toMatchObject([{ channel: 'sms', status: 'skipped', error: 'No SMS channel is available for this company.' }]);
  });
});
