import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { runInScope } from '../../db/client';
import { customers } from './customers.schema';

let t: TTestApp;
let a: TSeededCompany;
let adminTok: string;
let agentTok: string;
let user2Tok: string;
let phoneSeq = 1000000;
const phone = () => `+1555${String(phoneSeq++).padStart(7, '0')}`;

beforeAll(async () => {
  t = await createTestApp();
  a = await seedCompany(t.db);
  adminTok = (await login(t.app, a.admin.email)).token;
  agentTok = (await login(t.app, a.agent.email)).token;
  user2Tok = (await login(t.app, a.user2.email)).token;
});
afterAll(() => t.close());

const create = (token: string, body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/customers', headers: bearer(token), payload: body });

/** Simulates an inbound message's effect on the inbox row (the messages module does this for real). */
async function touchInbound(id: number, at = new Date()) {
  const { eq, and } = await import('drizzle-orm');
  await runInScope(t.db, { companyId: a.companyId }, (tx) =>
    tx.update(customers).set({ lastInboundAt: at, bumpedAt: at }).where(and(eq(customers.companyId, a.companyId), eq(customers.id, id))),
  );
}

describe('customers', () => {
  it('creates with validation: E.164 phone unique per company, NN name rule', async () => {
    const p = phone();
    const res = await create(adminTok, { phone: p, firstName: '', lastName: '' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ '@type': 'Customer', phone: p, name: 'NN', read: true, archived: false });
    expect((await create(adminTok, { phone: p })).statusCode).toBe(422);
    expect((await create(adminTok, { phone: '12' })).json().violations[0].propertyPath).toBe('phone');
    const unknown = await create(adminTok, { phone: phone(), firstName: 'Unknown', lastName: 'Smith' });
    expect(unknown.json().name).toBe('NN');
    const spaced = await create(adminTok, { phone: '+1 (201) 555-0199', firstName: 'Ann' });
    expect(spaced.json().phone).toBe('+12015550199');
    expect((await create(adminTok, { phone: phone(), bogus: 1 })).statusCode).toBe(422);
  });

  it('non-admins own what they create and see only their own customers', async () => {
    const mine = (await create(agentTok, { phone: phone(), firstName: 'Mine' })).json();
    expect(mine.user).toBe(`/api/users/${a.agent.id}`);
    const other = (await create(user2Tok, { phone: phone(), firstName: 'Theirs' })).json();
    expect((await t.app.inject({ method: 'GET', url: `/api/customers/${other.id}`, headers: bearer(agentTok) })).statusCode).toBe(404);
    const list = await t.app.inject({ method: 'GET', url: '/api/customers?itemsPerPage=100', headers: bearer(agentTok) });
    const ids = list.json().member.map((c: { id: number }) => c.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(other.id);
    const adminList = await t.app.inject({ method: 'GET', url: '/api/customers?itemsPerPage=100', headers: bearer(adminTok) });
    expect(adminList.json().member.map((c: { id: number }) => c.id)).toEqual(expect.arrayContaining([mine.id, other.id]));
  });

  it('pages the inbox by keyset, newest bump first, with a constant number of queries', async () => {
    const s = await seedCompany(t.db);
    const tok = (await login(t.app, s.admin.email)).token;
    for (let i = 0; i < 7; i++) await t.app.inject({ method: 'POST', url: '/api/customers', headers: bearer(tok), payload: { phone: phone(), firstName: `P${i}` } });
    const seen: string[] = [];
    let url: string | undefined = '/api/customers?itemsPerPage=3';
    let pages = 0;
    while (url) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(tok) });
      const body: { totalItems?: number; member: { firstName: string }[]; view: { next?: string } } = res.json();
      // The total comes with the first page only (partial pagination on later keyset pages).
      expect(body.totalItems).toBe(pages === 0 ? 7 : undefined);
      seen.push(...body.member.map((c) => c.firstName));
      url = body.view.next;
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(['P6', 'P5', 'P4', 'P3', 'P2', 'P1', 'P0']);
    expect((await t.app.inject({ method: 'GET', url: '/api/customers?before=garbage', headers: bearer(tok) })).statusCode).toBe(400);
  });

  it('tracks read state per user: inbound makes it unread, read/unread/all_read, badge count', async () => {
    const s = await seedCompany(t.db);
    const tok = (await login(t.app, s.admin.email)).token;
    const c1 = (await t.app.inject({ method: 'POST', url: '/api/customers', headers: bearer(tok), payload: { phone: phone() } })).json();
    const c2 = (await t.app.inject({ method: 'POST', url: '/api/customers', headers: bearer(tok), payload: { phone: phone() } })).json();
    const count = async () => (await t.app.inject({ method: 'GET', url: '/api/customers/read_state', headers: bearer(tok) })).json().unread;
    expect(await count()).toBe(0);
    const { eq, and } = await import('drizzle-orm');
    for (const c of [c1, c2])
      await runInScope(t.db, { companyId: s.companyId }, (tx) =>
        tx.update(customers).set({ lastInboundAt: new Date(), bumpedAt: new Date() }).where(and(eq(customers.companyId, s.companyId), eq(customers.id, c.id))),
      );
    expect(await count()).toBe(2);
    const unreadList = await t.app.inject({ method: 'GET', url: '/api/customers?unread=true', headers: bearer(tok) });
    expect(unreadList.json().member.every((c: { read: boolean }) => !c.read)).toBe(true);
    const read = await t.app.inject({ method: 'PUT', url: `/api/customers/${c1.id}/read`, headers: bearer(tok) });
    expect(read.json().read).toBe(true);
    expect(await count()).toBe(1);
    expect((await t.app.inject({ method: 'PUT', url: `/api/customers/${c1.id}/unread`, headers: bearer(tok) })).json().read).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/customers/unread', headers: bearer(tok) })).json().totalItems).toBe(2);
    expect((await t.app.inject({ method: 'PUT', url: '/api/customers/all_read', headers: bearer(tok) })).statusCode).toBe(204);
    expect(await count()).toBe(0);
  });

  it('archives and unarchives; archived customers leave the inbox', async () => {
    const c = (await create(adminTok, { phone: phone(), firstName: 'Arch' })).json();
    const arch = await t.app.inject({ method: 'PUT', url: `/api/customers/${c.id}/archive`, headers: bearer(adminTok) });
    expect(arch.json().archived).toBe(true);
    const inbox = await t.app.inject({ method: 'GET', url: '/api/customers?search=Arch', headers: bearer(adminTok) });
    expect(inbox.json().member.map((x: { id: number }) => x.id)).not.toContain(c.id);
    const archived = await t.app.inject({ method: 'GET', url: '/api/archived_customers?search=Arch', headers: bearer(adminTok) });
    expect(archived.json().member.map((x: { id: number }) => x.id)).toContain(c.id);
    const un = await t.app.inject({ method: 'PUT', url: `/api/archived_customers/${c.id}/unarchive`, headers: bearer(adminTok) });
    expect(un.json().archived).toBe(false);
  });

  it('filters by search (name, phone digits), owner, tags and span; search drops the owner filter', async () => {
    const s = await seedCompany(t.db);
    const tok = (await login(t.app, s.admin.email)).token;
    const mk = (body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/customers', headers: bearer(tok), payload: body }).then((r) => r.json());
    const p1 = phone();
    const x = await mk({ phone: p1, firstName: 'Zelda', lastName: 'Fitz', tags: ['vip', 'ford'], user: `/api/users/${s.agent.id}` });
    const y = await mk({ phone: phone(), firstName: 'Yuri', tags: ['ford'] });
    const q = async (qs: string) => (await t.app.inject({ method: 'GET', url: `/api/customers?${qs}`, headers: bearer(tok) })).json().member.map((c: { id: number }) => c.id);
    expect(await q('search=zelda')).toEqual([x.id]);
    expect(await q(`search=${p1.slice(-7)}`)).toEqual([x.id]);
    expect(await q(`user=${s.agent.id}`)).toEqual([x.id]);
    expect((await q('tags[]=ford')).sort()).toEqual([x.id, y.id].sort());
    expect(await q('tags[]=ford&tags[]=vip')).toEqual([x.id]);
    expect((await q('span=today')).sort()).toEqual([x.id, y.id].sort());
    expect(await q('span=next_2_hours')).toEqual([]);
    // Searching ignores the owner filter.
    expect(await q(`search=yuri&user=${s.agent.id}`)).toEqual([y.id]);
    const tagList = await t.app.inject({ method: 'GET', url: '/api/customer_tags', headers: bearer(tok) });
    expect(tagList.json().member).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'ford', count: 2 })]));
    for (const bad of ['span=yesterday', 'unread=maybe', 'itemsPerPage=0', 'user=abc']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/customers?${bad}`, headers: bearer(tok) })).statusCode, bad).toBe(400);
    }
    const simple = await t.app.inject({ method: 'GET', url: '/api/customers/simple?search=Zel', headers: bearer(tok) });
    expect(simple.json().member).toEqual([{ '@id': `/api/customers/${x.id}`, id: x.id, name: 'Zelda Fitz', phone: p1 }]);
  });

  it('patches fields (merge-patch) and records opt-out changes in the consent ledger', async () => {
    const c = (await create(adminTok, { phone: phone(), firstName: 'Pat', address: { city: 'Austin' } })).json();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/customers/${c.id}`,
      headers: { ...bearer(adminTok), 'content-type': 'application/merge-patch+json' },
      payload: JSON.stringify({ lastName: 'Lee', address: { zip: '73301' }, optOut: true, preferredChannel: 'sms_provider' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Pat', lastName: 'Lee', address: { city: 'Austin', zip: '73301' }, optOut: true, preferredChannel: 'sms_provider' });
    const { sql } = await import('drizzle-orm');
    const ledger = await runInScope(t.db, { companyId: a.companyId }, (tx) => tx.execute(sql`select kind, source from consent_events where customer_id = ${c.id}`));
    expect(ledger.rows).toEqual([{ kind: 'opt_out', source: 'agent' }]);
    const bad = await t.app.inject({ method: 'PATCH', url: `/api/customers/${c.id}`, headers: bearer(adminTok), payload: { email: 'nope', preferredChannel: 'fax' } });
    expect(bad.statusCode).toBe(422);
    const ownerByAgent = await t.app.inject({ method: 'PATCH', url: `/api/customers/${c.id}`, headers: bearer(agentTok), payload: { firstName: 'x' } });
    expect(ownerByAgent.statusCode).toBe(404);
  });

  it('merges a duplicate into a customer', async () => {
    const keep = (await create(adminTok, { phone: phone(), firstName: 'Keep', tags: ['a'] })).json();
    const dup = (await create(adminTok, { phone: phone(), email: 'dup@x.example', tags: ['b'], notes: 'from dup' })).json();
    await touchInbound(dup.id);
    const res = await t.app.inject({ method: 'PUT', url: `/api/customers/${keep.id}/merge`, headers: bearer(adminTok), payload: { source: `/api/customers/${dup.id}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Keep', email: 'dup@x.example', notes: 'from dup' });
    expect(res.json().tags.sort()).toEqual(['a', 'b']);
    expect((await t.app.inject({ method: 'GET', url: `/api/customers/${dup.id}`, headers: bearer(adminTok) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: `/api/customers/${keep.id}/merge`, headers: bearer(adminTok), payload: { source: keep.id } })).statusCode).toBe(422);
  });

  it('records the active page, only for a customer the user may see', async () => {
    const post = (tok: string, payload: unknown) => t.app.inject({ method: 'POST', url: '/api/users/record_active_page', headers: bearer(tok), payload: payload as object });
    const mine = (await create(agentTok, { phone: phone(), firstName: 'Mine' })).json();
    const adminOnly = (await create(adminTok, { phone: phone(), firstName: 'Theirs' })).json();
    expect((await post(agentTok, { page: 'communication', customerId: mine.id })).statusCode).toBe(204);
    expect((await post(agentTok, { page: `/communication/${mine.id}/messenger` })).statusCode).toBe(204);
    expect((await post(agentTok, { page: 'none' })).statusCode).toBe(204);
    expect((await post(agentTok, { page: '/customer-groups', customerId: null })).statusCode).toBe(204);
    // A customer the agent may not see, by id or by path, is "not found".
    expect((await post(agentTok, { page: 'communication', customerId: adminOnly.id })).statusCode).toBe(404);
    expect((await post(agentTok, { page: `communication/${adminOnly.id}` })).statusCode).toBe(404);
    expect((await post(agentTok, { page: 'communication', customerId: 999_999_999 })).statusCode).toBe(404);
    for (const bad of [{}, { page: '' }, { page: 'x'.repeat(301) }, { page: 'communication', customerId: -1 }, { page: 'communication', customerId: 1.5 }, { page: 'a', extra: 1 }])
      expect((await post(agentTok, bad)).statusCode, JSON.stringify(bad)).toBe(422);
  });

  it('previews a merge (what moves, which values win) without changing anything, and the merge does what it said', async () => {
    const keep = (await create(adminTok, { phone: phone(), firstName: 'Keep', tags: ['a'], address: { city: 'Austin' } })).json();
    const dup = (await create(adminTok, { phone: phone(), firstName: 'Dup', email: 'dup2@x.example', tags: ['a', 'b'], address: { city: 'Dallas', zip: '75001' } })).json();
    const msg = (id: number, extra: Record<string, unknown> = {}) =>
      t.app.inject({ method: 'POST', url: '/api/messages', headers: bearer(adminTok), payload: { customerId: id, content: 'hello', ...extra } });
    expect((await msg(dup.id)).statusCode).toBe(201);
    expect((await msg(dup.id)).statusCode).toBe(201);
    expect((await msg(dup.id, { scheduledAt: new Date(Date.now() + 86_400_000).toISOString() })).statusCode).toBe(201);
    expect((await msg(keep.id)).statusCode).toBe(201);
    const group = (name: string, ids: number[]) =>
      t.app.inject({ method: 'POST', url: '/api/customer_groups', headers: bearer(adminTok), payload: { name, customers: ids } });
    const both = (await group('Both', [keep.id, dup.id])).json();
    const dupOnly = (await group('Dup only', [dup.id])).json();
    // A group message both received: moving it must not collide with the kept customer's copy.
    expect((await t.app.inject({ method: 'POST', url: '/api/group_messages', headers: bearer(adminTok), payload: { customerGroupId: both.id, content: 'to all' } })).statusCode).toBe(201);
    await t.app.deps.jobs.drain();

    const preview = await t.app.inject({ method: 'GET', url: `/api/customers/${keep.id}/merge_preview?duplicate=/api/customers/${dup.id}`, headers: bearer(adminTok) });
    expect(preview.statusCode).toBe(200);
    const p = preview.json();
    expect(p.kept).toMatchObject({ id: keep.id, name: 'Keep' });
    expect(p.duplicate).toMatchObject({ id: dup.id, '@id': `/api/customers/${dup.id}`, name: 'Dup', phone: dup.phone });
    expect(p.moves).toEqual({ messages: 3, scheduledMessages: 1, groups: 1, consentEvents: 0 });
    const field = (f: string) => p.fields.find((x: { field: string }) => x.field === f);
    expect(field('firstName')).toEqual({ field: 'firstName', value: 'Keep', source: 'kept' });
    expect(field('email')).toEqual({ field: 'email', value: 'dup2@x.example', source: 'duplicate' });
    expect(field('phone')).toEqual({ field: 'phone', value: keep.phone, source: 'kept' });
    expect(field('tags')).toEqual({ field: 'tags', value: 'a, b', source: 'both' });
    expect(field('address')).toEqual({ field: 'address', value: 'Austin, 75001', source: 'both' });
    expect(field('notes')).toEqual({ field: 'notes', value: null, source: 'none' });
    expect(field('optOut')).toEqual({ field: 'optOut', value: 'false', source: 'kept' });
    // Nothing changed.
    expect((await t.app.inject({ method: 'GET', url: `/api/customers/${dup.id}`, headers: bearer(adminTok) })).statusCode).toBe(200);

    const merged = await t.app.inject({ method: 'PUT', url: `/api/customers/${keep.id}/merge`, headers: bearer(adminTok), payload: { source: dup.id } });
    expect(merged.statusCode).toBe(200);
    expect(merged.json()).toMatchObject({ firstName: 'Keep', email: 'dup2@x.example', address: { city: 'Austin', zip: '75001' } });
    const thread = (await t.app.inject({ method: 'GET', url: `/api/messages?customer=${keep.id}&itemsPerPage=50`, headers: bearer(adminTok) })).json();
    expect(thread.member.length).toBe(1 + 3 + 2);
    const members = (gid: number) => t.app.inject({ method: 'GET', url: `/api/customer_groups/${gid}/members`, headers: bearer(adminTok) }).then((r) => r.json().member.map((m: { id: number }) => m.id));
    expect(await members(dupOnly.id)).toEqual([keep.id]);
    expect(await members(both.id)).toEqual([keep.id]);
  });

  it('refuses bad merge previews: self, missing or malformed duplicate, other company, not the owner', async () => {
    const keep = (await create(adminTok, { phone: phone() })).json();
    const dup = (await create(adminTok, { phone: phone() })).json();
    const b = await seedCompany(t.db);
    const bTok = (await login(t.app, b.admin.email)).token;
    const theirs = (await create(bTok, { phone: phone() })).json();
    const get = (url: string, token = adminTok) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
    const self = await get(`/api/customers/${keep.id}/merge_preview?duplicate=${keep.id}`);
    expect(self.statusCode).toBe(422);
    expect(self.json().violations).toEqual([{ propertyPath: 'duplicate', message: 'A customer cannot be merged into itself.' }]);
    expect([400, 422]).toContain((await get(`/api/customers/${keep.id}/merge_preview`)).statusCode);
    expect([400, 422]).toContain((await get(`/api/customers/${keep.id}/merge_preview?duplicate=%3Cscript%3E`)).statusCode);
    expect([400, 422]).toContain((await get(`/api/customers/abc/merge_preview?duplicate=${dup.id}`)).statusCode);
    // Another company's customer is "not found" either way round, and leaks nothing.
    const foreignDup = await get(`/api/customers/${keep.id}/merge_preview?duplicate=${theirs.id}`);
    expect(foreignDup.statusCode).toBe(422);
    expect(foreignDup.body).not.toContain(theirs.phone);
    expect((await get(`/api/customers/${theirs.id}/merge_preview?duplicate=${keep.id}`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: `/api/customers/${keep.id}/merge`, headers: bearer(adminTok), payload: { source: theirs.id } })).statusCode).toBe(422);
    expect((await get(`/api/customers/${theirs.id}`, bTok)).statusCode).toBe(200);
    // A plain agent sees only their own customers.
    expect((await get(`/api/customers/${keep.id}/merge_preview?duplicate=${dup.id}`, agentTok)).statusCode).toBe(404);
    const mine = (await create(agentTok, { phone: phone() })).json();
    expect((await get(`/api/customers/${mine.id}/merge_preview?duplicate=${dup.id}`, agentTok)).statusCode).toBe(422);
  });

  it('crossing merges at the same time: one wins, the other is refused, never a 500', async () => {
    const x = (await create(adminTok, { phone: phone(), firstName: 'X' })).json();
    const y = (await create(adminTok, { phone: phone(), firstName: 'Y' })).json();
    const merge = (id: number, source: number) => t.app.inject({ method: 'PUT', url: `/api/customers/${id}/merge`, headers: bearer(adminTok), payload: { source } });
    const codes = (await Promise.all([merge(x.id, y.id), merge(y.id, x.id)])).map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect([404, 422]).toContain(codes[1]);
    const left = await Promise.all([x.id, y.id].map((id) => t.app.inject({ method: 'GET', url: `/api/customers/${id}`, headers: bearer(adminTok) })));
    expect(left.map((r) => r.statusCode).sort()).toEqual([200, 404]);
  });
});
