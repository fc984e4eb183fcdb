import { userTopic } from '@cd/contracts/live';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, seedCompany, seedSuperAdmin, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import type { TStoredLiveEvent } from '../../live/live.types';
import { receiveInbound } from '../messages/messages.api';
import { runInScope } from '../../db/client';
import { JOB_AWAY_RETURN } from './away.jobs';

let t: TTestApp;
let rootTok: string;
let seq = 3000000;
const phone = () => `+1555${String(seq++).padStart(7, '0')}`;
let msgSeq = 0;

interface TCo {
  s: TSeededCompany;
  admin: string;
  agent: string;
  user2: string;
}

beforeAll(async () => {
  // Every test signs in a fresh company's three users.
  // No Redis: with it, the live bus also hears other test files' events (other databases, same ids).
  t = await createTestApp({ LOGIN_MAX_ATTEMPTS_PER_IP: '10000' });
  rootTok = (await login(t.app, (await seedSuperAdmin(t.db)).email)).token;
});
afterAll(() => t.close());

async function company(): Promise<TCo> {
  const s = await seedCompany(t.db);
  const [admin, agent, user2] = await Promise.all([login(t.app, s.admin.email), login(t.app, s.agent.email), login(t.app, s.user2.email)]);
  return { s, admin: admin.token, agent: agent.token, user2: user2.token };
}

const patchUser = (token: string, id: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: `/api/users/${id}`, headers: { ...bearer(token), 'content-type': 'application/merge-patch+json' }, payload: JSON.stringify(payload) });
const setAway = (token: string, id: number, awayState: Record<string, unknown>) => patchUser(token, id, { awayState });
const drain = () => t.app.deps.jobs.drain();
/** Lets the clock reach the return job for `backAt` without waiting: its run time becomes now. */
const makeReturnDue = (userId: number, backAt: string) =>
  runInScope(t.db, { companyId: null, system: true }, (tx) =>
    tx.execute(
      sql`update outbox_jobs set run_at = now() where kind = ${JOB_AWAY_RETURN} and done_at is null and payload->>'userId' = ${String(userId)} and payload->>'backAt' = ${backAt}`,
    ),
  );
const inTenMinutes = () => new Date(Date.now() + 10 * 60_000).toISOString();

/** A customer writes in through the simulator channel, exactly as a webhook would deliver it. */
const inbound = (companyId: number, from: string, body = 'Hello?') =>
  receiveInbound({ deps: t.app.deps, inbound: { companyId, channel: 'simulator', from: { phone: from }, body, providerMessageId: `away-${++msgSeq}`, media: [] } });

async function customerOf(co: TCo, owner: 'agent' | 'user2' | 'admin') {
  const res = await t.app.inject({ method: 'POST', url: '/api/customers', headers: bearer(co.admin), payload: { phone: phone(), firstName: 'Cus', user: `/api/users/${co.s[owner].id}` } });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; phone: string };
}

type TMsg = { id: number; direction: string; type: string; sender: string; content: string | null; status: string };
const thread = async (co: TCo, customerId: number) =>
  ((await t.app.inject({ method: 'GET', url: `/api/messages?customer=${customerId}`, headers: bearer(co.admin) })).json().member as TMsg[]);
const awayReplies = async (co: TCo, customerId: number, text: string) =>
  (await thread(co, customerId)).filter((m) => m.direction === 'OUTBOUND' && m.sender === 'system' && m.content === text);

function captureLive() {
  const got: TStoredLiveEvent[] = [];
  const off = t.app.deps.live.onEvent((e) => got.push(e));
  return { got, off };
}

describe('away state validation (PATCH /api/users/{id})', () => {
  it('refuses incomplete or impossible states with 422 and the field, never 500', async () => {
    const co = await company();
    const other = await company();
    const me = co.s.agent.id;
    const soon = new Date(Date.now() + 10 * 60_000).toISOString();
    const cases: [Record<string, unknown>, string][] = [
      [{ status: 'AWAY', backAt: soon }, 'awayState.awayText'],
      [{ status: 'AWAY', awayText: '   ', backAt: null }, 'awayState.awayText'],
      [{ status: 'AWAY_WITH_TRANSFER', backAt: null }, 'awayState.transferToUserId'],
      [{ status: 'AWAY_WITH_TRANSFER', transferToUserId: String(other.s.agent.id) }, 'awayState.transferToUserId'],
      [{ status: 'AWAY_WITH_TRANSFER', transferToUserId: String(me) }, 'awayState.transferToUserId'],
      [{ status: 'AWAY_WITH_TRANSFER', transferToUserId: '99999999999999999999' }, 'awayState.transferToUserId'],
      [{ status: 'AWAY_WITH_TRANSFER', transferToUserId: 'abc' }, 'awayState.transferToUserId'],
      [{ status: 'AWAY', awayText: 'x', backAt: new Date(Date.now() - 60_000).toISOString() }, 'awayState.backAt'],
      [{ status: 'AWAY', awayText: 'x', backAt: new Date(Date.now() + 40 * 86400_000).toISOString() }, 'awayState.backAt'],
      [{ status: 'AWAY', awayText: 'x', backAt: 'tomorrow' }, 'awayState.backAt'],
      [{ status: 'SLEEPING' }, 'awayState.status'],
      [{ status: 'AWAY', awayText: 'x'.repeat(1601) }, 'awayState.awayText'],
      [{ status: 'AWAY', awayText: 'x', extra: 1 }, 'awayState'],
    ];
    for (const [state, path] of cases) {
      const res = await setAway(co.agent, me, state);
      expect(res.statusCode, JSON.stringify(state)).toBe(422);
      expect(res.json().violations.map((v: { propertyPath: string }) => v.propertyPath), JSON.stringify(state)).toContain(path);
    }
    const disabled = await t.app.inject({ method: 'PATCH', url: `/api/users/${co.s.user2.id}/enabled`, headers: bearer(co.admin), payload: { enabled: false } });
    expect(disabled.statusCode).toBe(200);
    expect((await setAway(co.agent, me, { status: 'AWAY_WITH_TRANSFER', transferToUserId: String(co.s.user2.id) })).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${me}`, headers: bearer(co.agent) })).json().awayState.status).toBe('ONLINE');
  });

  it('stores a clean state: text only for AWAY, colleague only for transfers, ONLINE clears everything', async () => {
    const co = await company();
    const me = co.s.agent.id;
    const backAt = new Date(Date.now() + 15 * 60_000).toISOString();
    const away = await setAway(co.agent, me, { status: 'AWAY', awayText: '  At lunch  ', backAt, transferToUserId: String(co.s.user2.id) });
    expect(away.statusCode).toBe(200);
    expect(away.json().awayState).toEqual({ status: 'AWAY', awayText: 'At lunch', backAt, transferToUserId: null });
    const transfer = await setAway(co.agent, me, { status: 'AWAY_WITH_TRANSFER', awayText: 'ignored', transferToUserId: String(co.s.admin.id), backAt: null });
    expect(transfer.json().awayState).toEqual({ status: 'AWAY_WITH_TRANSFER', awayText: null, backAt: null, transferToUserId: co.s.admin.id });
    const online = await setAway(co.agent, me, { status: 'ONLINE', backAt, awayText: 'x' });
    expect(online.json().awayState).toEqual({ status: 'ONLINE', backAt: null, awayText: null, transferToUserId: null });
  });

  it('tells the user live (their other tabs) when the state changes', async () => {
    const co = await company();
    const live = captureLive();
    await setAway(co.agent, co.s.agent.id, { status: 'AWAY', awayText: 'Brb', backAt: null });
    live.off();
    const ev = live.got.find((e) => e.payload.entity === 'user');
    expect(ev?.topics).toEqual([userTopic(co.s.agent.id)]);
    expect(ev?.payload).toMatchObject({ event: 'updated', changes: ['awayState'], data: { id: co.s.agent.id, awayState: { status: 'AWAY' } } });
  });
});

describe('away auto-reply', () => {
  it('answers once per conversation per away period', async () => {
    const co = await company();
    const c1 = await customerOf(co, 'agent');
    const c2 = await customerOf(co, 'agent');
    const text = 'I am away until 3 PM. Talk soon!';
    expect((await setAway(co.agent, co.s.agent.id, { status: 'AWAY', awayText: text, backAt: null })).statusCode).toBe(200);

    const live = captureLive();
    await inbound(co.s.companyId, c1.phone);
    live.off();
    await drain();
    const replies = await awayReplies(co, c1.id, text);
    // SENT, or already DELIVERED when the simulator's receipt came in while the machine was busy.
    expect(replies).toEqual([expect.objectContaining({ type: 'STANDARD', status: expect.stringMatching(/^(SENT|DELIVERED)$/) })]);
    expect(live.got.some((e) => e.payload.entity === 'message' && (e.payload.data as { content: string }).content === text)).toBe(true);

    await inbound(co.s.companyId, c1.phone, 'Anyone there?');
    await drain();
    expect(await awayReplies(co, c1.id, text)).toHaveLength(1);
    await inbound(co.s.companyId, c2.phone);
    expect(await awayReplies(co, c2.id, text)).toHaveLength(1);

    // Only the return time changes: same period, no second reply.
    await setAway(co.agent, co.s.agent.id, { status: 'AWAY', awayText: text, backAt: new Date(Date.now() + 30 * 60_000).toISOString() });
    await inbound(co.s.companyId, c1.phone);
    expect(await awayReplies(co, c1.id, text)).toHaveLength(1);

    // Back ONLINE, then away again: a new period.
    await setAway(co.agent, co.s.agent.id, { status: 'ONLINE' });
    await inbound(co.s.companyId, c1.phone);
    expect(await awayReplies(co, c1.id, text)).toHaveLength(1);
    await setAway(co.agent, co.s.agent.id, { status: 'AWAY', awayText: text, backAt: null });
    await inbound(co.s.companyId, c1.phone);
    expect(await awayReplies(co, c1.id, text)).toHaveLength(2);

    // A new text is a new period too: customers hear it once.
    await setAway(co.agent, co.s.agent.id, { status: 'AWAY', awayText: 'Out sick today.', backAt: null });
    await inbound(co.s.companyId, c1.phone);
    await inbound(co.s.companyId, c1.phone);
    expect(await awayReplies(co, c1.id, 'Out sick today.')).toHaveLength(1);
  });

  it('does not answer keywords, opted-out customers, or conversations of users who are online', async () => {
    const co = await company();
    const text = 'Away for a bit.';
    await setAway(co.agent, co.s.agent.id, { status: 'AWAY', awayText: text, backAt: null });
    const help = await customerOf(co, 'agent');
    await inbound(co.s.companyId, help.phone, 'HELP');
    const helpThread = await thread(co, help.id);
    expect(helpThread.filter((m) => m.content === text)).toEqual([]);
    expect(helpThread.some((m) => m.direction === 'OUTBOUND' && /STOP/.test(m.content ?? ''))).toBe(true);

    const stop = await customerOf(co, 'agent');
    await inbound(co.s.companyId, stop.phone, 'STOP');
    await inbound(co.s.companyId, stop.phone, 'Actually one question');
    expect((await thread(co, stop.id)).filter((m) => m.content === text)).toEqual([]);

    const start = await customerOf(co, 'agent');
    await t.app.inject({ method: 'PATCH', url: `/api/customers/${start.id}`, headers: bearer(co.admin), payload: { optOut: true } });
    await inbound(co.s.companyId, start.phone, 'START');
    expect((await thread(co, start.id)).filter((m) => m.content === text)).toEqual([]);

    const colleagues = await customerOf(co, 'user2');
    await inbound(co.s.companyId, colleagues.phone);
    expect((await thread(co, colleagues.id)).filter((m) => m.direction === 'OUTBOUND')).toEqual([]);
  });

  it('a brand-new conversation owned by an away default user gets the text too', async () => {
    const co = await company();
    await t.app.inject({ method: 'PATCH', url: `/api/companies/${co.s.companyId}`, headers: bearer(co.admin), payload: { defaultCustomerUser: `/api/users/${co.s.agent.id}` } });
    await setAway(co.agent, co.s.agent.id, { status: 'AWAY', awayText: 'On vacation', backAt: null });
    const from = phone();
    await inbound(co.s.companyId, from, 'First contact');
    const c = (await t.app.inject({ method: 'GET', url: `/api/customers?search=${encodeURIComponent(from.slice(-7))}`, headers: bearer(co.admin) })).json().member[0];
    expect(c.user).toBe(`/api/users/${co.s.agent.id}`);
    expect(await awayReplies(co, c.id, 'On vacation')).toHaveLength(1);
  });
});

describe('away with transfer', () => {
  it('routes a new conversation to the chosen colleague, who hears of it live', async () => {
    const co = await company();
    await t.app.inject({ method: 'PATCH', url: `/api/companies/${co.s.companyId}`, headers: bearer(co.admin), payload: { defaultCustomerUser: `/api/users/${co.s.agent.id}` } });
    await setAway(co.agent, co.s.agent.id, { status: 'AWAY_WITH_TRANSFER', transferToUserId: String(co.s.user2.id), backAt: null });
    const live = captureLive();
    const from = phone();
    await inbound(co.s.companyId, from, 'New here');
    live.off();
    const list = (await t.app.inject({ method: 'GET', url: '/api/customers', headers: bearer(co.user2) })).json().member as { id: number; phone: string; user: string }[];
    const c = list.find((x) => x.phone === from);
    expect(c?.user).toBe(`/api/users/${co.s.user2.id}`);
    expect((await t.app.inject({ method: 'GET', url: `/api/customers/${c!.id}`, headers: bearer(co.agent) })).statusCode).toBe(404);
    const created = live.got.find((e) => e.payload.entity === 'customer' && e.payload.event === 'created');
    expect(created?.topics).toContain(userTopic(co.s.user2.id));
    expect(created?.topics).not.toContain(userTopic(co.s.agent.id));
    // No auto-reply in transfer mode.
    expect((await thread(co, c!.id)).filter((m) => m.direction === 'OUTBOUND')).toEqual([]);
    // The colleague is told the conversation is theirs because its owner is away; the away owner is told nothing.
    const notes = (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(co.user2) })).json().member as { kind: string; title: string; data: { customerId: number } }[];
    expect(notes).toMatchObject([{ kind: 'conversation_transferred', data: { customerId: c!.id } }]);
    expect(notes[0]!.title).toMatch(/^agent \S+ is away: /);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(co.agent) })).json().member).toEqual([]);
  });

  it('hands over an existing conversation of the away user that receives a message; the old owner loses it live', async () => {
    const co = await company();
    const c = await customerOf(co, 'agent');
    await setAway(co.agent, co.s.agent.id, { status: 'AWAY_WITH_TRANSFER', transferToUserId: String(co.s.user2.id), backAt: null });
    const live = captureLive();
    await inbound(co.s.companyId, c.phone);
    live.off();
    expect((await t.app.inject({ method: 'GET', url: `/api/customers/${c.id}`, headers: bearer(co.user2) })).json().user).toBe(`/api/users/${co.s.user2.id}`);
    const left = live.got.find((e) => e.topics.includes(userTopic(co.s.agent.id)) && e.payload.entity === 'customer');
    expect(left?.payload).toMatchObject({ event: 'updated', changes: ['user'], data: { user: `/api/users/${co.s.user2.id}` } });
    const msg = live.got.find((e) => e.payload.entity === 'message');
    expect(msg?.topics).toContain(userTopic(co.s.user2.id));
    // The conversation stays with the colleague once the user is back.
    await setAway(co.agent, co.s.agent.id, { status: 'ONLINE' });
    await inbound(co.s.companyId, c.phone);
    expect((await t.app.inject({ method: 'GET', url: `/api/customers/${c.id}`, headers: bearer(co.user2) })).statusCode).toBe(200);
  });

  it('an away colleague answers with their own text (one hop); a disabled colleague receives nothing', async () => {
    const co = await company();
    await setAway(co.user2, co.s.user2.id, { status: 'AWAY', awayText: 'Covering, but at lunch', backAt: null });
    await setAway(co.agent, co.s.agent.id, { status: 'AWAY_WITH_TRANSFER', transferToUserId: String(co.s.user2.id), backAt: null });
    const c = await customerOf(co, 'agent');
    await inbound(co.s.companyId, c.phone);
    expect(await awayReplies(co, c.id, 'Covering, but at lunch')).toHaveLength(1);

    const d = await customerOf(co, 'agent');
    await t.app.inject({ method: 'PATCH', url: `/api/users/${co.s.user2.id}/enabled`, headers: bearer(co.admin), payload: { enabled: false } });
    await inbound(co.s.companyId, d.phone);
    expect((await t.app.inject({ method: 'GET', url: `/api/customers/${d.id}`, headers: bearer(co.admin) })).json().user).toBe(`/api/users/${co.s.agent.id}`);
  });
});

describe('return at backAt', () => {
  it('goes back ONLINE by itself and says so live', async () => {
    const co = await company();
    const backAt = inTenMinutes();
    expect((await setAway(co.agent, co.s.agent.id, { status: 'AWAY', awayText: 'Quick break', backAt })).statusCode).toBe(200);
    await drain();
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(co.agent) })).json().awayState.status).toBe('AWAY');
    await makeReturnDue(co.s.agent.id, backAt);
    const live = captureLive();
    await drain();
    live.off();
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(co.agent) })).json().awayState).toEqual({ status: 'ONLINE', backAt: null, awayText: null, transferToUserId: null });
    const ev = live.got.find((e) => e.payload.entity === 'user');
    expect(ev?.topics).toEqual([userTopic(co.s.agent.id)]);
    expect(ev?.payload).toMatchObject({ event: 'updated', data: { awayState: { status: 'ONLINE' } } });
  });

  it('an old return job does not override a later choice', async () => {
    const co = await company();
    const first = inTenMinutes();
    await setAway(co.agent, co.s.agent.id, { status: 'AWAY', awayText: 'Break', backAt: first });
    const later = new Date(Date.now() + 60 * 60_000).toISOString();
    await setAway(co.agent, co.s.agent.id, { status: 'AWAY_WITH_TRANSFER', transferToUserId: String(co.s.user2.id), backAt: later });
    await makeReturnDue(co.s.agent.id, first);
    await drain();
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(co.agent) })).json().awayState).toMatchObject({ status: 'AWAY_WITH_TRANSFER', backAt: later });
    // "Unspecified" (no return time) is a later choice too.
    const third = inTenMinutes();
    await setAway(co.agent, co.s.agent.id, { status: 'AWAY', awayText: 'Break', backAt: third });
    await setAway(co.agent, co.s.agent.id, { status: 'AWAY', awayText: 'Break', backAt: null });
    await makeReturnDue(co.s.agent.id, third);
    await drain();
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(co.agent) })).json().awayState).toMatchObject({ status: 'AWAY', backAt: null });
  });

  it('works for a super admin without company (no live event, state still returns)', async () => {
    const root = await seedSuperAdmin(t.db);
    const tok = (await login(t.app, root.email)).token;
    const backAt = inTenMinutes();
    await setAway(tok, root.id, { status: 'AWAY', awayText: 'Out', backAt });
    await makeReturnDue(root.id, backAt);
    await drain();
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(tok) })).json().awayState.status).toBe('ONLINE');
  });
});

describe('impersonation and the profile', () => {
  it('lists impersonable colleagues by rank', async () => {
    const co = await company();
    const ids = async (token: string, query = '') =>
      ((await t.app.inject({ method: 'GET', url: `/api/users/colleagues?impersonable=true${query}`, headers: bearer(token) })).json().member as { id: number }[]).map((u) => u.id).sort();
    expect(await ids(co.agent)).toEqual([co.s.user2.id]);
    expect(await ids(co.admin)).toEqual([co.s.agent.id, co.s.user2.id].sort());
    expect(await ids(rootTok, `&company=${co.s.companyId}`)).toEqual([co.s.admin.id, co.s.agent.id, co.s.user2.id].sort());
    // Without the flag the list stays complete (the transfer picker needs admins too).
    const all = (await t.app.inject({ method: 'GET', url: '/api/users/colleagues', headers: bearer(co.agent) })).json().member.map((u: { id: number }) => u.id);
    expect(all).toContain(co.s.admin.id);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/colleagues?impersonable=maybe', headers: bearer(co.agent) })).statusCode).toBe(400);
  });

  it('a user impersonating a colleague cannot change their password or email; an admin can', async () => {
    const co = await company();
    const asColleague = `?impersonate=${encodeURIComponent(co.s.user2.email)}`;
    const patch = (token: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PATCH', url: `/api/users/${co.s.user2.id}${asColleague}`, headers: bearer(token), payload });
    expect((await patch(co.agent, { password: 'Takeover123' })).statusCode).toBe(403);
    expect((await patch(co.agent, { email: 'mine@x.example' })).statusCode).toBe(403);
    expect((await patch(co.agent, { firstName: 'Renamed' })).statusCode).toBe(200);
    expect((await patch(co.admin, { password: 'Welcome123' })).statusCode).toBe(200);
    expect((await login(t.app, co.s.user2.email, 'Welcome123')).token).toBeTruthy();
  });

  it('the profile PATCH saves name, phone, notification settings and theme, and validates recipients', async () => {
    const co = await company();
    const ok = await patchUser(co.agent, co.s.agent.id, {
      firstName: 'Ana',
      lastName: 'Maria Lopez',
      phone: '+15555550123',
      theme: 'light',
      notificationSettings: { email: true, emailRecipients: ['a@b.example', 'c@d.example'], sms: true, smsRecipients: ['+15555550124'], push: true },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ firstName: 'Ana', lastName: 'Maria Lopez', theme: 'light', notificationSettings: { push: true, smsRecipients: ['+15555550124'] } });
    const bad = await patchUser(co.agent, co.s.agent.id, { notificationSettings: { emailRecipients: ['ok@x.example', 'nope'], smsRecipients: ['12'] } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().violations.map((v: { propertyPath: string }) => v.propertyPath).sort()).toEqual([
      'notificationSettings.emailRecipients.1',
      'notificationSettings.smsRecipients.0',
    ]);
  });
});
