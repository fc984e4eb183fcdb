import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TTestApp } from '../../../test/helpers';
import { caller } from '../../../test/repair-order-fixtures';
import { createRoutingFixtures, type TRoutingCompany } from '../../../test/routing-fixtures';

/** The unassigned queue (agents see conversations nobody owns) and routing notifications in the recipient's language. */

let t: TTestApp;
const f = createRoutingFixtures(() => t);
const { system, rows, company } = f;
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, body?: unknown) => caller(t)(method, url, token, body);
type TCo = TRoutingCompany;

/** A customer texting in; `owner` sets who has the conversation afterwards (null: nobody). */
async function conversation(co: TCo, owner: number | null, body = 'Hello there') {
  const c = await f.inbound(co, { body });
  await system((tx) => tx.execute(sql`update customers set user_id = ${owner} where id = ${c.id}`));
  return c.id;
}

const queueIds = async (token: string, url = '/api/routing/unassigned') => {
  const res = await call('GET', url, token);
  expect(res.statusCode, res.body).toBe(200);
  return { ids: (res.json().member as { id: number }[]).map((c) => c.id), next: res.json().view?.next as string | undefined };
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('unassigned queue', () => {
  it("lists the company's conversations nobody owns, never another agent's, newest first; a take removes it", async () => {
    const co = await company();
    const older = await conversation(co, null);
    const admins = await conversation(co, co.admin.id);
    const mine = await conversation(co, co.agent.id);
    const newer = await conversation(co, null);
    const archived = await conversation(co, null);
    await system((tx) => tx.execute(sql`update customers set archived = true where id = ${archived}`));

    const seen = await queueIds(co.agentToken);
    expect(seen.ids).toEqual([newer, older]);
    expect(seen.ids).not.toContain(admins);
    expect(seen.ids).not.toContain(mine);
    // The agent's own inbox does not list them; the queue is where they are.
    const own = await call('GET', '/api/customers', co.agentToken);
    expect((own.json().member as { id: number }[]).map((c) => c.id)).toEqual([mine]);

    const took = await call('POST', `/api/routing/conversations/${newer}/take`, co.agentToken);
    expect(took.statusCode, took.body).toBe(200);
    expect((await queueIds(co.adminToken)).ids).toEqual([older]);
  });

  it('pages by keyset: the next link continues without repeats or gaps', async () => {
    const co = await company();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await conversation(co, null));
    const got: number[] = [];
    let url: string | undefined = '/api/routing/unassigned?itemsPerPage=2';
    for (let pages = 0; url && pages < 10; pages++) {
      const page = await queueIds(co.agentToken, url);
      expect(page.ids.length).toBeLessThanOrEqual(2);
      got.push(...page.ids);
      url = page.next;
    }
    expect(got).toEqual([...ids].reverse());
  });

  it('is for company admins and communication agents; other companies see nothing of it; bad input is 400', async () => {
    const co = await company();
    const other = await company();
    const c = await conversation(co, null);
    expect((await call('GET', '/api/routing/unassigned', (await login(t.app, co.user2.email)).token)).statusCode).toBe(403);
    expect((await queueIds(other.agentToken)).ids).not.toContain(c);
    expect((await queueIds(other.adminToken)).ids).not.toContain(c);
    for (const q of ['itemsPerPage=0', 'itemsPerPage=101', 'itemsPerPage=abc', 'before=nope', `before=${'x'.repeat(200)}`, 'before=eHww'])
      expect([400, 422], q).toContain((await call('GET', `/api/routing/unassigned?${q}`, co.agentToken)).statusCode);
  });
});

describe('notifications in the recipient language', () => {
  it('warns a Croatian-speaking owner in Croatian and an English admin in English', async () => {
    const co = await company();
    await system((tx) => tx.execute(sql`update users set language = 'hr' where id = ${co.agent.id}`));
    const allDay = Array.from({ length: 7 }, () => ({ start: '00:00', end: '23:59' }));
    expect((await call('PATCH', '/api/routing/settings', co.adminToken, { firstReplyMinutes: 60, businessHours: allDay })).statusCode).toBe(200);
    const rule = await call('POST', '/api/routing/rules', co.adminToken, { name: 'Agent', strategy: 'fixed_user', userId: co.agent.id });
    expect(rule.statusCode, rule.body).toBe(201);
    await conversation(co, co.agent.id);
    await system((tx) =>
      tx.execute(
        sql`update outbox_jobs set run_at = now() - interval '1 second' where company_id = ${co.companyId} and kind like 'routing_sla_%' and done_at is null`,
      ),
    );
    await t.app.deps.jobs.drain();
    const [warn] = await rows<{ title: string; body: string; data: { link: string } }>(
      sql`select title, body, data from notifications where user_id = ${co.agent.id} and kind = 'response_time_warning'`,
    );
    expect(warn?.title).toBe('Rok za odgovor uskoro istječe');
    expect(warn?.body).toMatch(/čeka; odgovor treba poslati do .+/);
    expect(warn?.data.link).toMatch(/^\/communication\/\d+\/messenger$/);
    const [breach] = await rows<{ title: string }>(sql`select title from notifications where user_id = ${co.admin.id} and kind = 'response_time_breach'`);
    expect(breach?.title).toBe('Response-time target missed');
  });
});
