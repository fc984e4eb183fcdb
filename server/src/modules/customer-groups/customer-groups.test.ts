import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { multipartBody, TINY_PNG } from '../../../test/multipart';
import { runInScope } from '../../db/client';

let t: TTestApp;
let a: TSeededCompany;
let adminTok: string;
let agentTok: string;
let seq = 4000000;
const phone = () => `+1555${String(seq++).padStart(7, '0')}`;

beforeAll(async () => {
  t = await createTestApp();
  a = await seedCompany(t.db);
  adminTok = (await login(t.app, a.admin.email)).token;
  agentTok = (await login(t.app, a.agent.email)).token;
});
afterAll(() => t.close());

async function customer(token = adminTok, extra: Record<string, unknown> = {}) {
  return (await t.app.inject({ method: 'POST', url: '/api/customers', headers: bearer(token), payload: { phone: phone(), ...extra } })).json() as { id: number };
}
const drain = () => t.app.deps.jobs.drain();

describe('customer groups', () => {
  it('creates a group, adds by id and by tag, removes, renames, lists members', async () => {
    const c1 = await customer();
    const c2 = await customer(adminTok, { tags: ['fleet'] });
    const c3 = await customer(adminTok, { tags: ['fleet'] });
    const res = await t.app.inject({ method: 'POST', url: '/api/customer_groups', headers: bearer(adminTok), payload: { name: 'Fleet owners', customers: [`/api/customers/${c1.id}`] } });
    expect(res.statusCode).toBe(201);
    const g = res.json();
    expect(g).toMatchObject({ '@type': 'CustomerGroup', name: 'Fleet owners', memberCount: 1 });
    const added = await t.app.inject({ method: 'PATCH', url: `/api/customer_groups/${g.id}`, headers: bearer(adminTok), payload: { addByTags: ['fleet'], name: 'Fleet' } });
    expect(added.json()).toMatchObject({ name: 'Fleet', memberCount: 3 });
    const removed = await t.app.inject({ method: 'PATCH', url: `/api/customer_groups/${g.id}`, headers: bearer(adminTok), payload: { removeCustomers: [c1.id] } });
    expect(removed.json().memberCount).toBe(2);
    const members = await t.app.inject({ method: 'GET', url: `/api/customer_groups/${g.id}/members?itemsPerPage=1`, headers: bearer(adminTok) });
    expect(members.json().member).toHaveLength(1);
    const next = await t.app.inject({ method: 'GET', url: members.json().view.next, headers: bearer(adminTok) });
    expect([...members.json().member, ...next.json().member].map((m: { id: number }) => m.id).sort()).toEqual([c2.id, c3.id].sort());
    const list = await t.app.inject({ method: 'GET', url: '/api/customer_groups', headers: bearer(adminTok) });
    expect(list.json().member.map((x: { id: number }) => x.id)).toContain(g.id);
    expect((await t.app.inject({ method: 'POST', url: '/api/customer_groups', headers: bearer(adminTok), payload: { name: ' ' } })).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/customer_groups/${g.id}`, headers: bearer(agentTok) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/customer_groups/${g.id}`, headers: bearer(adminTok) })).statusCode).toBe(204);
  });

  it('non-admins only add and see the customers they own', async () => {
    const theirs = await customer(adminTok);
    const mine = await customer(agentTok);
    const g = (await t.app.inject({ method: 'POST', url: '/api/customer_groups', headers: bearer(agentTok), payload: { name: 'Mine', customers: [theirs.id, mine.id] } })).json();
    expect(g.memberCount).toBe(1);
  });
});

describe('group messages', () => {
  it('reaches every member exactly once through the outbox; opted-out members are skipped and reported', async () => {
    const members: { id: number }[] = [];
    for (let i = 0; i < 7; i++) members.push(await customer());
    const stopped = await customer();
    await t.app.inject({ method: 'PATCH', url: `/api/customers/${stopped.id}`, headers: bearer(adminTok), payload: { optOut: true } });
    const g = (await t.app.inject({ method: 'POST', url: '/api/customer_groups', headers: bearer(adminTok), payload: { name: 'All', customers: [...members, stopped].map((m) => m.id) } })).json();
    const body = multipartBody([
      { name: 'customerGroupId', value: String(g.id) },
      { name: 'content', value: 'Holiday hours: closed Monday' },
      { name: 'file[]', filename: 'hours.png', contentType: 'image/png', data: TINY_PNG },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/group_messages', headers: { ...bearer(adminTok), ...body.headers }, payload: body.payload });
    expect(res.statusCode).toBe(201);
    const gmId = res.json().id;
    expect(res.json().status).toBe('queued');
    await drain();
    const gm = (await t.app.inject({ method: 'GET', url: `/api/group_messages/${gmId}`, headers: bearer(adminTok) })).json();
    expect(gm).toMatchObject({ status: 'sent', recipients: { total: 8, skipped: 1, sent: 7, blocked: 1, pending: 0 } });
    const { rows } = await runInScope(t.db, { companyId: a.companyId }, (tx) =>
      tx.execute(sql`select customer_id::int as c, count(*)::int as n from messages where group_message_id = ${gmId} group by customer_id`),
    );
    expect(rows).toHaveLength(8);
    expect((rows as { n: number }[]).every((r) => r.n === 1)).toBe(true);
    const recips = await t.app.inject({ method: 'GET', url: `/api/group_messages/${gmId}/recipients?status=blocked`, headers: bearer(adminTok) });
    expect(recips.json().member).toEqual([expect.objectContaining({ customerId: stopped.id, status: 'blocked' })]);
    const thread = await t.app.inject({ method: 'GET', url: `/api/messages?customer=${members[0]!.id}`, headers: bearer(adminTok) });
    expect(thread.json().member[0]).toMatchObject({ content: 'Holiday hours: closed Monday', attachments: [expect.objectContaining({ mimeType: 'image/png' })] });
    const list = await t.app.inject({ method: 'GET', url: `/api/group_messages?customerGroup=${g.id}`, headers: bearer(adminTok) });
    expect(list.json().member[0]).toMatchObject({ id: gmId, recipients: { total: 8 } });
  });

  it('resumes an interrupted expansion without doubling anyone', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await customer()).id);
    const g = (await t.app.inject({ method: 'POST', url: '/api/customer_groups', headers: bearer(adminTok), payload: { name: 'Resume', customers: ids } })).json();
    const gm = (await t.app.inject({ method: 'POST', url: '/api/group_messages', headers: bearer(adminTok), payload: { customerGroupId: g.id, content: 'Once only' } })).json();
    // As if a crashed run had created the first two recipients and its lease then ran out.
    await runInScope(t.db, { companyId: a.companyId }, (tx) =>
      tx.execute(sql`insert into messages (company_id, customer_id, direction, status, type, channel, sender, content, group_message_id)
        select ${a.companyId}, id, 'OUTBOUND', 'SENDING', 'STANDARD', 'simulator', 'agent', 'Once only', ${gm.id} from unnest(${sql.param(ids.slice(0, 2))}::bigint[]) as id`),
    );
    await drain();
    const { rows } = await runInScope(t.db, { companyId: a.companyId }, (tx) => tx.execute(sql`select count(*)::int as n from messages where group_message_id = ${gm.id}`));
    expect((rows[0] as { n: number }).n).toBe(5);
  });

  it('schedules, sends now, removes; validates input', async () => {
    const c = await customer();
    const g = (await t.app.inject({ method: 'POST', url: '/api/customer_groups', headers: bearer(adminTok), payload: { name: 'Sched', customers: [c.id] } })).json();
    const at = new Date(Date.now() + 3600_000).toISOString();
    const s1 = (await t.app.inject({ method: 'POST', url: '/api/group_messages', headers: bearer(adminTok), payload: { customerGroupId: g.id, content: 'Later', scheduledAt: at } })).json();
    const s2 = (await t.app.inject({ method: 'POST', url: '/api/group_messages', headers: bearer(adminTok), payload: { customerGroupId: g.id, content: 'Later too', scheduledAt: at } })).json();
    expect(s1.status).toBe('scheduled');
    await drain();
    expect((await t.app.inject({ method: 'GET', url: `/api/group_messages/${s1.id}`, headers: bearer(adminTok) })).json().recipients.total).toBe(0);
    expect((await t.app.inject({ method: 'POST', url: `/api/group_messages/${s1.id}/send_scheduled`, headers: bearer(adminTok) })).statusCode).toBe(200);
    await drain();
    expect((await t.app.inject({ method: 'GET', url: `/api/group_messages/${s1.id}`, headers: bearer(adminTok) })).json()).toMatchObject({ status: 'sent', recipients: { total: 1 } });
    expect((await t.app.inject({ method: 'POST', url: `/api/group_messages/${s2.id}/remove_scheduled`, headers: bearer(adminTok) })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/group_messages/${s2.id}`, headers: bearer(adminTok) })).statusCode).toBe(404);
    for (const payload of [{ customerGroupId: g.id, content: '' }, { content: 'x' }, { customerGroupId: g.id, content: 'x', scheduledAt: new Date(Date.now() - 1000).toISOString() }, { customerGroupId: g.id, content: 'x', bogus: 1 }]) {
      expect((await t.app.inject({ method: 'POST', url: '/api/group_messages', headers: bearer(adminTok), payload })).statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/group_messages', headers: bearer(adminTok), payload: { customerGroupId: 999999, content: 'x' } })).statusCode).toBe(404);
  });
});
