import { existsSync } from 'node:fs';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userTopic } from '@cd/contracts/live';
import { bearer, createTestApp, login, seedCompany, seedSuperAdmin, TEST_PASSWORD, unique, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { multipartBody, TINY_PNG } from '../../../test/multipart';
import { runInScope } from '../../db/client';
import type { TStoredLiveEvent } from '../../live/live.types';
import { users } from '../users/users.schema';

let t: TTestApp;
let a: TSeededCompany;
let b: TSeededCompany;
/** Company A: admin, agent (ROLE_INTERNAL_CHAT), carol and dave (ROLE_INTERNAL_CHAT), user2 (no chat role). */
const tok: Record<string, string> = {};
const id = {} as Record<'admin' | 'agent' | 'user2' | 'carol' | 'dave' | 'disabled' | 'other', number>;
let rootTok: string;

async function addUser(companyId: number, first: string, roles: string[], enabled = true): Promise<{ id: number; email: string }> {
  const email = `${unique(first)}@test.example`;
  const [row] = await runInScope(t.db, { companyId: null, system: true }, async (tx) =>
    tx
      .insert(users)
      .values({ companyId, email, passwordHash: await hash(TEST_PASSWORD), firstName: first, lastName: 'Tester', roles, enabled, dms: {} })
      .returning({ id: users.id, email: users.email }),
  );
  return row!;
}

beforeAll(async () => {
  t = await createTestApp({ ATTACHMENT_LIMIT_BYTES: '5000' });
  a = await seedCompany(t.db);
  b = await seedCompany(t.db);
  const carol = await addUser(a.companyId, 'Carol', ['ROLE_USER', 'ROLE_INTERNAL_CHAT']);
  const dave = await addUser(a.companyId, 'Dave', ['ROLE_USER', 'ROLE_INTERNAL_CHAT']);
  const gone = await addUser(a.companyId, 'Disabled', ['ROLE_USER', 'ROLE_INTERNAL_CHAT'], false);
  id.admin = a.admin.id;
  id.agent = a.agent.id;
  id.user2 = a.user2.id;
  id.carol = carol.id;
  id.dave = dave.id;
  id.disabled = gone.id;
  id.other = b.agent.id;
  for (const [k, email] of [['admin', a.admin.email], ['agent', a.agent.email], ['user2', a.user2.email], ['carol', carol.email], ['dave', dave.email]] as const)
    tok[k] = (await login(t.app, email)).token;
  rootTok = (await login(t.app, (await seedSuperAdmin(t.db)).email)).token;
});
afterAll(() => t.close());

type TReq = { method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; as: string; payload?: unknown };
const call = ({ method = 'GET', url, as, payload }: TReq) =>
  t.app.inject({ method, url, headers: bearer(tok[as] ?? as), ...(payload === undefined ? {} : { payload: payload as object }) });

async function createThread(as: string, payload: { users: unknown[]; name?: string | null }) {
  const res = await call({ method: 'POST', url: '/api/internal_chat_threads', as, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; name: string | null; isGroup: boolean; readStates: { userId: number; isRead: boolean }[]; isArchived: boolean; users: { id: number }[] };
}
async function send(as: string, threadId: number, content: string) {
  const res = await call({ method: 'POST', url: '/api/internal_chat/send', as, payload: { thread_id: threadId, content } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; sentAt: string; direction: string; user: { id: number; firstName: string } };
}
const getThread = async (as: string, threadId: number) => (await call({ url: `/api/internal_chat_threads/${threadId}`, as })).json();
const readOf = (thread: { readStates: { userId: number; isRead: boolean }[] }, userId: number) => thread.readStates.find((r) => r.userId === userId)?.isRead;

/** Records every committed live event while `fn` runs. */
async function captureLive<T>(fn: () => Promise<T>): Promise<{ result: T; events: TStoredLiveEvent[] }> {
  const events: TStoredLiveEvent[] = [];
  const off = t.app.deps.live.onEvent((e) => events.push(e));
  try {
    return { result: await fn(), events };
  } finally {
    off();
  }
}

describe('who may chat', () => {
  it('colleagues: enabled chat-capable users of the caller company, never the caller', async () => {
    const res = await call({ url: '/api/internal_chat/colleagues', as: 'agent' });
    expect(res.statusCode).toBe(200);
    const member = res.json().member as { '@id': string; id: number; firstName: string; lastName: string; email: string }[];
    const ids = member.map((m) => m.id);
    expect(ids).toEqual(expect.arrayContaining([id.admin, id.carol, id.dave]));
    expect(ids).not.toContain(id.agent);
    expect(ids).not.toContain(id.user2);
    expect(ids).not.toContain(id.disabled);
    expect(ids).not.toContain(id.other);
    expect(member.find((m) => m.id === id.carol)).toEqual({ '@id': `/api/users/${id.carol}`, id: id.carol, firstName: 'Carol', lastName: 'Tester', email: expect.any(String) });
  });

  it('users without the role get 403 everywhere; so does a super admin without a company', async () => {
    for (const as of ['user2', rootTok]) {
      expect((await call({ url: '/api/internal_chat/colleagues', as })).statusCode).toBe(403);
      expect((await call({ url: '/api/internal_chat_threads', as })).statusCode).toBe(403);
      expect((await call({ method: 'POST', url: '/api/internal_chat_threads', as, payload: { users: [id.agent] } })).statusCode).toBe(403);
      expect((await call({ method: 'POST', url: '/api/internal_chat/send', as, payload: { thread_id: 1, content: 'x' } })).statusCode).toBe(403);
    }
  });

  it('a company admin without the role may chat', async () => {
    expect((await call({ url: '/api/internal_chat_threads', as: 'admin' })).statusCode).toBe(200);
  });
});

describe('creating threads', () => {
  it('one other user and no name is a one-to-one chat; a duplicate answers 422 "Chat already exists" with the existing id', async () => {
    const x = await addUser(a.companyId, 'Xena', ['ROLE_USER', 'ROLE_INTERNAL_CHAT']);
    const th = await createThread('agent', { users: [`/api/users/${x.id}`] });
    expect(th).toMatchObject({ '@type': 'InternalChatThread', name: null, isGroup: false, isArchived: false, lastMessage: null, owner: { id: id.agent } });
    expect(th.users.map((u) => u.id).sort()).toEqual([id.agent, x.id].sort());
    expect(th.readStates).toEqual(expect.arrayContaining([{ userId: id.agent, isRead: true }, { userId: x.id, isRead: true }]));

    const xTok = (await login(t.app, x.email)).token;
    for (const [as, users] of [['agent', [x.id]], [xTok, [id.agent]], [xTok, [String(id.agent), id.agent, x.id]]] as const) {
      const dup = await call({ method: 'POST', url: '/api/internal_chat_threads', as, payload: { users } });
      expect(dup.statusCode).toBe(422);
      expect(dup.json()).toMatchObject({ detail: 'Chat already exists', threadId: th.id, thread: `/api/internal_chat_threads/${th.id}` });
      expect(dup.json().violations[0]).toMatchObject({ propertyPath: 'users', message: 'Chat already exists' });
    }
    // A group with the same two people is another chat.
    expect((await createThread('agent', { users: [x.id], name: 'Just us' })).isGroup).toBe(true);
  });

  it('a group chat needs a name; the caller is always a member', async () => {
    const noName = await call({ method: 'POST', url: '/api/internal_chat_threads', as: 'agent', payload: { users: [id.carol, id.dave] } });
    expect(noName.statusCode).toBe(422);
    expect(noName.json().violations).toEqual([expect.objectContaining({ propertyPath: 'name', message: 'A group chat needs a name.' })]);
    const blank = await call({ method: 'POST', url: '/api/internal_chat_threads', as: 'agent', payload: { users: [id.carol, id.dave], name: '   ' } });
    expect(blank.statusCode).toBe(422);
    const g = await createThread('agent', { users: [id.carol, id.dave, id.agent], name: '  Workshop  ' });
    expect(g).toMatchObject({ name: 'Workshop', isGroup: true });
    expect(g.users.map((u) => u.id).sort()).toEqual([id.agent, id.carol, id.dave].sort());
  });

  it('refuses users outside the company, disabled, without the role, unknown, or only oneself (422)', async () => {
    for (const users of [[id.other], [id.disabled], [id.user2], [987654321], [id.agent], [id.carol, id.other]]) {
      const res = await call({ method: 'POST', url: '/api/internal_chat_threads', as: 'agent', payload: { users, name: 'G' } });
      expect(res.statusCode, JSON.stringify(users)).toBe(422);
      expect(res.body).not.toContain(b.agent.email);
    }
  });

  it('bad bodies answer 422, never 500', async () => {
    for (const payload of [{}, { users: [] }, { users: 'x' }, { users: ['abc'] }, { users: [-1] }, { users: [id.carol], name: 'x'.repeat(101) }, { users: [id.carol], extra: 1 }, [], null])
      expect((await call({ method: 'POST', url: '/api/internal_chat_threads', as: 'agent', payload })).statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
    for (const payload of [{ users: 'x' }, { users: [id.carol], name: 'x'.repeat(101) }, { users: [id.carol], extra: 1 }])
      expect((await call({ method: 'POST', url: '/api/internal_chat_threads', as: 'agent', payload })).statusCode).toBe(422);
  });
});

describe('membership', () => {
  it('non-members get 404 on every thread route and cannot read or write its messages', async () => {
    const g = await createThread('agent', { users: [id.carol], name: 'Private' });
    await send('agent', g.id, 'secret plan');
    for (const [method, suffix, payload] of [
      ['GET', '', undefined],
      ['PATCH', '', { name: 'Hacked' }],
      ['PUT', '', { name: 'Hacked' }],
      ['DELETE', '', undefined],
      ['PUT', '/read', undefined],
      ['PUT', '/unread', undefined],
      ['PUT', '/archive', undefined],
      ['PUT', '/unarchive', undefined],
    ] as const) {
      const res = await call({ method, url: `/api/internal_chat_threads/${g.id}${suffix}`, as: 'dave', payload });
      expect(res.statusCode, `${method} ${suffix}`).toBe(404);
      expect(res.body).not.toContain('secret');
    }
    const msgs = await call({ url: `/api/internal_chat_messages?thread=${g.id}`, as: 'dave' });
    expect(msgs.statusCode).toBe(404);
    expect(msgs.body).not.toContain('secret');
    expect((await call({ method: 'POST', url: '/api/internal_chat/send', as: 'dave', payload: { thread_id: g.id, content: 'let me in' } })).statusCode).toBe(404);
    expect((await call({ url: '/api/internal_chat_threads', as: 'dave' })).json().member.map((x: { id: number }) => x.id)).not.toContain(g.id);
    expect((await getThread('agent', g.id)).name).toBe('Private');
  });

  it('only the owner may rename, change members or delete (403 for members)', async () => {
    const g = await createThread('agent', { users: [id.carol, id.dave], name: 'Owned' });
    expect((await call({ method: 'PATCH', url: `/api/internal_chat_threads/${g.id}`, as: 'carol', payload: { name: 'Mine now' } })).statusCode).toBe(403);
    expect((await call({ method: 'DELETE', url: `/api/internal_chat_threads/${g.id}`, as: 'carol' })).statusCode).toBe(403);
    expect((await getThread('carol', g.id)).name).toBe('Owned');
  });

  it('the owner renames and changes members; removed members lose the chat, newcomers get it; other companies cannot be added', async () => {
    const g = await createThread('agent', { users: [id.carol], name: 'Team' });
    await send('agent', g.id, 'hello team');
    const renamed = await call({ method: 'PATCH', url: `/api/internal_chat_threads/${g.id}`, as: 'agent', payload: { name: 'Team B' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Team B');

    const { result: swapped, events } = await captureLive(() =>
      call({ method: 'PATCH', url: `/api/internal_chat_threads/${g.id}`, as: 'agent', payload: { users: [`/api/users/${id.dave}`] } }),
    );
    expect(swapped.statusCode).toBe(200);
    expect(swapped.json().users.map((u: { id: number }) => u.id).sort()).toEqual([id.agent, id.dave].sort());
    // The newcomer has not read what was said before.
    expect(readOf(swapped.json(), id.dave)).toBe(false);
    expect((await call({ url: `/api/internal_chat_threads/${g.id}`, as: 'carol' })).statusCode).toBe(404);
    expect((await call({ url: `/api/internal_chat_messages?thread=${g.id}`, as: 'dave' })).json().member).toHaveLength(1);
    const removed = events.find((e) => e.payload.event === 'removed');
    expect(removed?.topics).toEqual([userTopic(id.carol)]);
    const updated = events.find((e) => e.payload.event === 'updated');
    expect(updated?.topics.sort()).toEqual([userTopic(id.agent), userTopic(id.dave)].sort());

    const foreign = await call({ method: 'PATCH', url: `/api/internal_chat_threads/${g.id}`, as: 'agent', payload: { users: [id.dave, id.other] } });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().violations[0].propertyPath).toBe('users');
    expect((await call({ method: 'PATCH', url: `/api/internal_chat_threads/${g.id}`, as: 'agent', payload: { users: [] } })).statusCode).toBe(422);
    expect((await call({ method: 'PATCH', url: `/api/internal_chat_threads/${g.id}`, as: 'agent', payload: { name: '' } })).statusCode).toBe(422);
    expect((await getThread('agent', g.id)).users.map((u: { id: number }) => u.id).sort()).toEqual([id.agent, id.dave].sort());
  });

  it('a one-to-one chat cannot be renamed or get members (422)', async () => {
    const y = await addUser(a.companyId, 'Yuri', ['ROLE_USER', 'ROLE_INTERNAL_CHAT']);
    const th = await createThread('agent', { users: [y.id] });
    expect((await call({ method: 'PATCH', url: `/api/internal_chat_threads/${th.id}`, as: 'agent', payload: { name: 'Named' } })).statusCode).toBe(422);
    expect((await call({ method: 'PATCH', url: `/api/internal_chat_threads/${th.id}`, as: 'agent', payload: { users: [y.id, id.carol] } })).statusCode).toBe(422);
  });

  it('the owner deletes a chat with its messages and their files; members hear of it', async () => {
    const g = await createThread('agent', { users: [id.carol], name: 'Short-lived' });
    const form = multipartBody([
      { name: 'thread_id', value: String(g.id) },
      { name: 'file[]', filename: 'pic.png', contentType: 'image/png', data: TINY_PNG },
    ]);
    const sent = await t.app.inject({ method: 'POST', url: '/api/internal_chat/send', headers: { ...bearer(tok.agent!), ...form.headers }, payload: form.payload });
    expect(sent.statusCode).toBe(201);
    const mediaId = sent.json().attachments[0].id as number;
    const storageKey = await runInScope(t.db, { companyId: a.companyId }, async (tx) => {
      const r = await tx.execute(sql`select storage_key from media_objects where company_id = ${a.companyId} and id = ${mediaId}`);
      return (r.rows[0] as { storage_key: string }).storage_key;
    });
    const file = path.join(t.app.deps.config.storageDir, storageKey);
    expect(existsSync(file)).toBe(true);

    const { result: del, events } = await captureLive(() => call({ method: 'DELETE', url: `/api/internal_chat_threads/${g.id}`, as: 'agent' }));
    expect(del.statusCode).toBe(204);
    expect(events.map((e) => [e.payload.entity, e.payload.event])).toEqual([['internal_chat_thread', 'removed']]);
    expect(events[0]!.topics.sort()).toEqual([userTopic(id.agent), userTopic(id.carol)].sort());
    expect((await call({ url: `/api/internal_chat_threads/${g.id}`, as: 'agent' })).statusCode).toBe(404);
    const left = await runInScope(t.db, { companyId: a.companyId }, async (tx) => {
      const m = await tx.execute(sql`select count(*)::int as n from internal_chat_messages where company_id = ${a.companyId} and thread_id = ${g.id}`);
      const media = await tx.execute(sql`select count(*)::int as n from media_objects where company_id = ${a.companyId} and id = ${mediaId}`);
      return [(m.rows[0] as { n: number }).n, (media.rows[0] as { n: number }).n];
    });
    expect(left).toEqual([0, 0]);
    expect(existsSync(file)).toBe(false);
  });
});

describe('messages', () => {
  it('sends JSON and multipart; direction is OUTBOUND for the sender and INBOUND for others; attachments carry signed URLs', async () => {
    const g = await createThread('agent', { users: [id.carol], name: 'Photos' });
    const m = await send('agent', g.id, '  Morning!  ');
    expect(m).toMatchObject({ '@type': 'InternalChatMessage', content: 'Morning!', direction: 'OUTBOUND', thread: `/api/internal_chat_threads/${g.id}`, user: { id: id.agent, firstName: 'agent' } });
    expect(m.sentAt).toBe((m as unknown as { createdAt: string }).createdAt);

    const form = multipartBody([
      { name: 'thread_id', value: String(g.id) },
      { name: 'content', value: 'Look' },
      { name: 'file[]', filename: 'car.png', contentType: 'image/png', data: TINY_PNG },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/internal_chat/send', headers: { ...bearer(tok.carol!), ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(201);
    expect(res.json().attachments[0]).toMatchObject({ mimeType: 'image/png', originalFileName: 'car.png', contentUrl: expect.stringMatching(/^\/storage\/.+\?expires=\d+&sig=/) });

    const asAgent = (await call({ url: `/api/internal_chat_messages?thread=${g.id}`, as: 'agent' })).json().member;
    expect(asAgent.map((x: { content: string; direction: string }) => [x.content, x.direction])).toEqual([
      ['Look', 'INBOUND'],
      ['Morning!', 'OUTBOUND'],
    ]);
    expect(asAgent[0].attachments).toHaveLength(1);
    expect(asAgent[0].attachments[0].thumbnail).not.toBeUndefined();
    const asCarol = (await call({ url: `/api/internal_chat_messages?thread=/api/internal_chat_threads/${g.id}`, as: 'carol' })).json().member;
    expect(asCarol.map((x: { direction: string }) => x.direction)).toEqual(['OUTBOUND', 'INBOUND']);
    expect((await getThread('carol', g.id)).lastMessage).toMatchObject({ content: 'Look', userId: id.carol, hasAttachments: true });
  });

  it('refuses attachments over the total limit with 413 err_total_attachment_size and stores nothing', async () => {
    const g = await createThread('agent', { users: [id.carol], name: 'Big files' });
    const big = multipartBody([
      { name: 'thread_id', value: String(g.id) },
      { name: 'file[]', filename: 'a.png', contentType: 'image/png', data: Buffer.concat([TINY_PNG, Buffer.alloc(3000)]) },
      { name: 'file[]', filename: 'b.png', contentType: 'image/png', data: Buffer.concat([TINY_PNG, Buffer.alloc(3000)]) },
    ]);
    const count = () =>
      runInScope(t.db, { companyId: a.companyId }, async (tx) => (await tx.execute(sql`select count(*)::int as n from media_objects where company_id = ${a.companyId}`)).rows[0] as { n: number });
    const before = await count();
    const res = await t.app.inject({ method: 'POST', url: '/api/internal_chat/send', headers: { ...bearer(tok.agent!), ...big.headers }, payload: big.payload });
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toBe('err_total_attachment_size');
    expect((await call({ url: `/api/internal_chat_messages?thread=${g.id}`, as: 'agent' })).json().member).toEqual([]);
    expect(await count()).toEqual(before);
  });

  it('an attachment sent to a chat the sender is not in is not kept', async () => {
    const g = await createThread('agent', { users: [id.carol], name: 'Closed' });
    const form = multipartBody([
      { name: 'thread_id', value: String(g.id) },
      { name: 'file[]', filename: 'x.png', contentType: 'image/png', data: TINY_PNG },
    ]);
    const count = () =>
      runInScope(t.db, { companyId: a.companyId }, async (tx) => (await tx.execute(sql`select count(*)::int as n from media_objects where company_id = ${a.companyId}`)).rows[0] as { n: number });
    const before = await count();
    const res = await t.app.inject({ method: 'POST', url: '/api/internal_chat/send', headers: { ...bearer(tok.dave!), ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(404);
    expect(await count()).toEqual(before);
  });

  it('bad sends: empty text without files, missing or bad thread, too long text (422); unknown thread 404', async () => {
    const g = await createThread('agent', { users: [id.carol], name: 'Validation' });
    for (const payload of [{ thread_id: g.id, content: '   ' }, { thread_id: g.id }, { content: 'x' }, { thread_id: 'abc', content: 'x' }, { thread_id: g.id, content: 'x'.repeat(5001) }, { thread_id: g.id, content: 'x', other: 1 }, []])
      expect((await call({ method: 'POST', url: '/api/internal_chat/send', as: 'agent', payload })).statusCode, JSON.stringify(payload)).toBe(422);
    expect((await call({ method: 'POST', url: '/api/internal_chat/send', as: 'agent', payload: 'x' })).statusCode).toBe(415);
    expect((await call({ method: 'POST', url: '/api/internal_chat/send', as: 'agent', payload: { thread_id: 987654321, content: 'x' } })).statusCode).toBe(404);
  });

  it('bad list queries answer 400', async () => {
    for (const q of ['', 'thread=abc', 'thread=1&per_page=0', 'thread=1&per_page=1000', 'thread=1&createdAt[strictly_before]=yesterday'])
      expect((await call({ url: `/api/internal_chat_messages?${q}`, as: 'agent' })).statusCode, q).toBe(400);
    for (const q of ['isArchived=maybe', 'itemsPerPage=0', 'before=not-a-cursor', `before=${Buffer.from('x|1').toString('base64url')}`])
      expect((await call({ url: `/api/internal_chat_threads?${q}`, as: 'agent' })).statusCode, q).toBe(400);
  });

  it('pages newest first by createdAt[strictly_before] without gaps or duplicates, even when messages share a time', async () => {
    const g = await createThread('agent', { users: [id.carol], name: 'Paging' });
    const sent: number[] = [];
    for (let i = 0; i < 23; i++) sent.push((await send(i % 2 ? 'carol' : 'agent', g.id, `m${i}`)).id);
    // Several messages at the very same millisecond, straddling a page boundary.
    await runInScope(t.db, { companyId: a.companyId }, (tx) =>
      tx.execute(sql`update internal_chat_messages set sent_at = '2030-01-01T00:00:00.000Z' where company_id = ${a.companyId} and id = any(${sql.param(sent.slice(2, 9))}::bigint[])`),
    );
    const seen: number[] = [];
    let url: string | undefined = `/api/internal_chat_messages?thread=${g.id}&per_page=5`;
    let pages = 0;
    while (url && pages < 20) {
      const res = await call({ url, as: 'agent' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      seen.push(...body.member.map((m: { id: number }) => m.id));
      url = body.view.next;
      pages++;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort((x, y) => x - y)).toEqual([...sent].sort((x, y) => x - y));
    // Newest first: the seven moved into 2030 lead, then the rest by time.
    expect(seen.slice(0, 7).sort((x, y) => x - y)).toEqual(sent.slice(2, 9));
    expect(seen.slice(7)).toEqual(sent.filter((x) => !sent.slice(2, 9).includes(x)).reverse());
  });
});

describe('read state and archive', () => {
  it('a new message is unread for the others and read for the sender; read / unread marks are per member', async () => {
    const g = await createThread('agent', { users: [id.carol, id.dave], name: 'Reads' });
    expect(g.readStates.every((r) => r.isRead)).toBe(true);
    await send('agent', g.id, 'news');
    let th = await getThread('carol', g.id);
    expect([readOf(th, id.agent), readOf(th, id.carol), readOf(th, id.dave)]).toEqual([true, false, false]);

    const read = await call({ method: 'PUT', url: `/api/internal_chat_threads/${g.id}/read`, as: 'carol' });
    expect(read.statusCode).toBe(200);
    expect(readOf(read.json(), id.carol)).toBe(true);
    th = await getThread('agent', g.id);
    expect([readOf(th, id.carol), readOf(th, id.dave)]).toEqual([true, false]);

    const unread = await call({ method: 'PUT', url: `/api/internal_chat_threads/${g.id}/unread`, as: 'carol' });
    expect(readOf(unread.json(), id.carol)).toBe(false);
    // Replying reads the chat for the sender; everyone else (carol read it before) sees it unread again.
    await call({ method: 'PUT', url: `/api/internal_chat_threads/${g.id}/read`, as: 'carol' });
    await send('dave', g.id, 'reply');
    th = await getThread('dave', g.id);
    expect([readOf(th, id.agent), readOf(th, id.carol), readOf(th, id.dave)]).toEqual([false, false, true]);
  });

  it('the unread count covers the caller non-archived unread chats', async () => {
    const z = await addUser(a.companyId, 'Zoe', ['ROLE_USER', 'ROLE_INTERNAL_CHAT']);
    const zTok = (await login(t.app, z.email)).token;
    const count = async () => (await call({ url: '/api/internal_chat/read_state', as: zTok })).json().unread;
    expect(await count()).toBe(0);
    const one = await createThread('agent', { users: [z.id], name: 'U1' });
    const two = await createThread('carol', { users: [z.id], name: 'U2' });
    await send('agent', one.id, 'a');
    await send('carol', two.id, 'b');
    expect(await count()).toBe(2);
    await call({ method: 'PUT', url: `/api/internal_chat_threads/${one.id}/read`, as: zTok });
    await call({ method: 'PUT', url: `/api/internal_chat_threads/${two.id}/archive`, as: zTok });
    expect(await count()).toBe(0);
  });

  it('archive is per member; the list filters by isArchived; a new message brings the chat back', async () => {
    const g = await createThread('agent', { users: [id.carol], name: 'Archive me' });
    const archived = await call({ method: 'PUT', url: `/api/internal_chat_threads/${g.id}/archive`, as: 'carol' });
    expect(archived.statusCode).toBe(200);
    expect(archived.json().isArchived).toBe(true);
    const ids = async (as: string, q: string) => (await call({ url: `/api/internal_chat_threads?itemsPerPage=100&${q}`, as })).json().member.map((x: { id: number }) => x.id);
    expect(await ids('carol', 'isArchived=true')).toContain(g.id);
    expect(await ids('carol', 'isArchived=false')).not.toContain(g.id);
    expect(await ids('carol', '')).toContain(g.id);
    expect(await ids('agent', 'isArchived=false')).toContain(g.id);
    expect((await getThread('agent', g.id)).isArchived).toBe(false);

    await send('agent', g.id, 'are you there?');
    expect(await ids('carol', 'isArchived=false')).toContain(g.id);
    await call({ method: 'PUT', url: `/api/internal_chat_threads/${g.id}/archive`, as: 'carol' });
    const back = await call({ method: 'PUT', url: `/api/internal_chat_threads/${g.id}/unarchive`, as: 'carol' });
    expect(back.json().isArchived).toBe(false);
  });
});

describe('the thread list', () => {
  it('lists the caller threads newest bump first, keyset paged without gaps, with a total on the first page, searchable', async () => {
    const w = await addUser(a.companyId, 'Walter', ['ROLE_USER', 'ROLE_INTERNAL_CHAT']);
    const wTok = (await login(t.app, w.email)).token;
    const made: number[] = [];
    for (let i = 0; i < 7; i++) made.push((await createThread(i % 2 ? 'carol' : 'agent', { users: [w.id, id.dave], name: `List ${i}` })).id);
    await send('dave', made[2]!, 'bump'); // moves "List 2" to the top
    const order: number[] = [];
    let url: string | undefined = '/api/internal_chat_threads?itemsPerPage=3';
    let first = true;
    while (url) {
      const body: { totalItems?: number; member: { id: number }[]; view: { next?: string } } = (await call({ url, as: wTok })).json();
      if (first) expect(body.totalItems).toBe(7);
      first = false;
      order.push(...body.member.map((x: { id: number }) => x.id));
      url = body.view.next;
    }
    expect(order).toEqual([made[2], ...made.filter((x) => x !== made[2]).reverse()]);

    const found = (await call({ url: '/api/internal_chat_threads?search=list%205', as: wTok })).json();
    expect(found.member.map((x: { id: number }) => x.id)).toEqual([made[5]]);
    // A one-to-one chat is found by the other member's name.
    const q = await addUser(a.companyId, 'Quentin', ['ROLE_USER', 'ROLE_INTERNAL_CHAT']);
    const oneToOne = await createThread(wTok, { users: [q.id] });
    const byName = (await call({ url: '/api/internal_chat_threads?search=quent', as: wTok })).json();
    expect(byName.member.map((x: { id: number }) => x.id)).toEqual([oneToOne.id]);
    expect((await call({ url: '/api/internal_chat_threads?search=%25', as: wTok })).json().member).toEqual([]);
  });
});

describe('live events', () => {
  it('a message reaches every member (message created + thread updated) and nobody else', async () => {
    const g = await createThread('agent', { users: [id.carol], name: 'Live' });
    const { result: m, events } = await captureLive(() => send('carol', g.id, 'ping'));
    expect(events.map((e) => [e.payload.entity, e.payload.event])).toEqual([
      ['internal_chat_message', 'created'],
      ['internal_chat_thread', 'updated'],
    ]);
    for (const e of events) {
      expect(e.companyId).toBe(a.companyId);
      expect([...e.topics].sort()).toEqual([userTopic(id.agent), userTopic(id.carol)].sort());
    }
    expect(events[0]!.payload.data).toMatchObject({ id: m.id, content: 'ping', user: { id: id.carol } });
    expect(events[1]!.payload.changes).toEqual(expect.arrayContaining(['bumpedAt', 'readStates', 'lastMessage']));
    expect(readOf(events[1]!.payload.data as never, id.agent)).toBe(false);
  });

  it('read / unread reach every member, archive only the caller; unchanged states send nothing', async () => {
    const g = await createThread('agent', { users: [id.carol, id.dave], name: 'Live reads' });
    await send('agent', g.id, 'x');
    const read = await captureLive(() => call({ method: 'PUT', url: `/api/internal_chat_threads/${g.id}/read`, as: 'carol' }));
    expect(read.events).toHaveLength(1);
    expect(read.events[0]!.payload).toMatchObject({ entity: 'internal_chat_thread', event: 'updated', changes: ['readStates'] });
    expect([...read.events[0]!.topics].sort()).toEqual([id.agent, id.carol, id.dave].map(userTopic).sort());
    expect((await captureLive(() => call({ method: 'PUT', url: `/api/internal_chat_threads/${g.id}/read`, as: 'carol' }))).events).toEqual([]);

    const arch = await captureLive(() => call({ method: 'PUT', url: `/api/internal_chat_threads/${g.id}/archive`, as: 'dave' }));
    expect(arch.events.map((e) => e.topics)).toEqual([[userTopic(id.dave)]]);
    expect(arch.events[0]!.payload).toMatchObject({ changes: ['isArchived'], data: { isArchived: true } });
  });

  it('a created chat is announced to its members', async () => {
    const { result, events } = await captureLive(() => createThread('agent', { users: [id.dave], name: 'Announced' }));
    expect(events.map((e) => [e.payload.entity, e.payload.event])).toEqual([['internal_chat_thread', 'created']]);
    expect([...events[0]!.topics].sort()).toEqual([userTopic(id.agent), userTopic(id.dave)].sort());
    expect(events[0]!.payload.data).toMatchObject({ id: result.id, name: 'Announced' });
  });
});

describe('deleting a user', () => {
  it('hands their group chats to the receiving user; their one-to-one chats stay with the other member', async () => {
    const leaving = await addUser(a.companyId, 'Leaving', ['ROLE_USER', 'ROLE_INTERNAL_CHAT']);
    const lTok = (await login(t.app, leaving.email)).token;
    const group = await createThread(lTok, { users: [id.carol], name: 'Handed over' });
    const direct = await createThread(lTok, { users: [id.dave] });
    await send(lTok, direct.id, 'bye');
    const del = await call({ method: 'DELETE', url: `/api/users/${leaving.id}?transferTo=${id.agent}`, as: 'admin' });
    expect(del.statusCode).toBe(204);
    const g = await getThread('agent', group.id);
    expect(g.owner.id).toBe(id.agent);
    expect(g.users.map((u: { id: number }) => u.id).sort()).toEqual([id.carol, id.agent].sort());
    const msgs = (await call({ url: `/api/internal_chat_messages?thread=${direct.id}`, as: 'dave' })).json().member;
    expect(msgs).toEqual([expect.objectContaining({ content: 'bye', user: null, direction: 'INBOUND' })]);
  });
});
