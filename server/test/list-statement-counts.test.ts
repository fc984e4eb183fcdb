import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runInScope } from '../src/db/client';
import { insertNotification } from '../src/modules/notifications/notifications.repository';
import { users } from '../src/modules/users/users.schema';
import { bearer, createTestApp, login, patchCompany, recordStatements, seedCompany, seedSuperAdmin, TEST_PASSWORD, unique, type TSeededCompany, type TTestApp } from './helpers';
import { multipartBody, TINY_PNG } from './multipart';

// Each test seeds a few dozen rows through the API before it counts; on two loaded CI cores that takes a while.
vi.setConfig({ testTimeout: 120_000 });

/**
 * Team rule: a list endpoint runs a constant number of SQL statements whatever the page size (no N+1). Every
 * statement is counted, the auth hook's and runInScope's `set_config` included: the point is equality.
 *
 * Keyset lists get more rows than two pages of 20, so a later page is full at either size (a full page may run
 * a statement a short last page does not need, e.g. the internal chat's same-instant "ties" query). Unpaged
 * lists are compared with few rows and with many more.
 */

let t: TTestApp;
/** Rows per keyset list: the later page after 2 rows still holds a full page of 20. */
const ROWS = 23;
let seq = 7000000;
const phone = () => `+1555${String(seq++).padStart(7, '0')}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function get(token: string, url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as { member: unknown[]; view?: { next?: string } };
}

async function post(token: string, url: string, payload: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(201);
  return res.json() as { id: number };
}

async function postWithFile(token: string, url: string, fields: Record<string, string>) {
  const form = multipartBody([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'file[]', filename: 'pic.png', contentType: 'image/png', data: TINY_PNG },
  ]);
  const res = await t.app.inject({ method: 'POST', url, headers: { ...bearer(token), ...form.headers }, payload: form.payload });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(201);
  return res.json() as { id: number };
}

/** The same URL with another page size (the keyset cursor, if any, kept). */
function withPageSize(url: string, param: string, size: number): string {
  const [path, query = ''] = url.split('?');
  const params = new URLSearchParams(query);
  params.set(param, String(size));
  return `${path}?${params.toString()}`;
}

/** Statements of one GET, checking it answered `expected` members (so a count of an empty page proves nothing). */
async function statementsOf(token: string, url: string, expected: number): Promise<string[]> {
  let members = -1;
  const statements = await recordStatements(t, async () => {
    members = (await get(token, url)).member.length;
  });
  expect(members, url).toBeGreaterThanOrEqual(expected);
  return statements;
}

function expectSameCount(a: string[], b: string[], what: string) {
  // The statements themselves in the message: an N+1 shows as the repeated one.
  expect(b.length, `${what}\n--- small:\n${a.join('\n')}\n--- large:\n${b.join('\n')}`).toBe(a.length);
}

/**
 * First page at 2 and at 20, then the page after the first two rows at 2 and at 20: each pair must run the same
 * number of statements. Returns the counts for the report.
 */
async function expectConstantKeyset(opts: { token: string; url: string; param: string }) {
  const { token, url, param } = opts;
  const first2 = await statementsOf(token, withPageSize(url, param, 2), 2);
  const first20 = await statementsOf(token, withPageSize(url, param, 20), 20);
  expectSameCount(first2, first20, `${url}: first page, 2 vs 20`);
  const next = (await get(token, withPageSize(url, param, 2))).view?.next;
  expect(next, `${url} has a next page`).toBeTruthy();
  const later2 = await statementsOf(token, withPageSize(next!, param, 2), 2);
  const later20 = await statementsOf(token, withPageSize(next!, param, 20), 20);
  expectSameCount(later2, later20, `${url}: later page, 2 vs 20`);
  return { first: first2.length, later: later2.length };
}

async function addUsers(companyId: number, n: number, roles: string[]): Promise<{ id: number; email: string }[]> {
  const passwordHash = await hash(TEST_PASSWORD);
  return runInScope(t.db, { companyId: null, system: true }, (tx) =>
    tx
      .insert(users)
      .values(Array.from({ length: n }, (_, i) => ({ companyId, email: `${unique(`u${i}`)}@test.example`, passwordHash, firstName: `User${i}`, lastName: 'Count', roles, dms: {} })))
      .returning({ id: users.id, email: users.email }),
  );
}

describe('internal chat lists', () => {
  let co: TSeededCompany;
  let agentTok: string;
  let colleagues: { id: number; email: string }[];
  let threadId: number;

  beforeAll(async () => {
    co = await seedCompany(t.db);
    agentTok = (await login(t.app, co.agent.email)).token;
    colleagues = await addUsers(co.companyId, 4, ['ROLE_USER', 'ROLE_INTERNAL_CHAT']);
    const colleagueTok = (await login(t.app, colleagues[0]!.email)).token;
    // Group threads of three to five members; some read by the agent, some by a colleague, some by nobody.
    for (let i = 0; i < ROWS; i++) {
      const members = colleagues.slice(0, 2 + (i % 3)).map((c) => c.id);
      const thread = await post(agentTok, '/api/internal_chat_threads', { name: `Team ${i}`, users: members });
      if (i % 2 === 0) await post(colleagueTok, '/api/internal_chat/send', { thread_id: thread.id, content: `Hello ${i}` });
      if (i % 3 === 0) expect((await t.app.inject({ method: 'PUT', url: `/api/internal_chat_threads/${thread.id}/read`, headers: bearer(agentTok) })).statusCode).toBe(200);
      threadId = thread.id;
    }
    // One thread with many messages, every third with an attachment, from two senders.
    for (let i = 0; i < ROWS; i++) {
      const token = i % 2 ? agentTok : colleagueTok;
      if (i % 3 === 0) await postWithFile(token, '/api/internal_chat/send', { thread_id: String(threadId), content: `File ${i}` });
      else await post(token, '/api/internal_chat/send', { thread_id: threadId, content: `Message ${i}` });
    }
  });

  it('GET /api/internal_chat_threads', async () => {
    const counts = await expectConstantKeyset({ token: agentTok, url: '/api/internal_chat_threads', param: 'itemsPerPage' });
    console.info('statements GET /api/internal_chat_threads', counts);
  });

  it('GET /api/internal_chat_messages?thread=…', async () => {
    const counts = await expectConstantKeyset({ token: agentTok, url: `/api/internal_chat_messages?thread=${threadId}`, param: 'per_page' });
    console.info('statements GET /api/internal_chat_messages', counts);
  });

  it('GET /api/internal_chat/colleagues', async () => {
    const url = '/api/internal_chat/colleagues';
    const few = await statementsOf(agentTok, url, colleagues.length);
    await addUsers(co.companyId, 12, ['ROLE_USER', 'ROLE_INTERNAL_CHAT']);
    const many = await statementsOf(agentTok, url, colleagues.length + 12);
    expectSameCount(few, many, `${url}: few vs many colleagues`);
    console.info('statements GET /api/internal_chat/colleagues', few.length);
  });
});

describe('notifications', () => {
  it('GET /api/notifications', async () => {
    const co = await seedCompany(t.db);
    const tok = (await login(t.app, co.user2.email)).token;
    await runInScope(t.db, { companyId: co.companyId }, async (tx) => {
      for (let i = 0; i < ROWS; i++)
        await insertNotification(tx, {
          companyId: co.companyId,
          userId: co.user2.id,
          kind: 'inbound_message',
          title: `Note ${i}`,
          body: 'b',
          readAt: i % 3 === 0 ? new Date() : null,
        });
    });
    const counts = await expectConstantKeyset({ token: tok, url: '/api/notifications', param: 'itemsPerPage' });
    console.info('statements GET /api/notifications', counts);
  });
});

describe('users', () => {
  it('GET /api/users/colleagues', async () => {
    const co = await seedCompany(t.db);
    const tok = (await login(t.app, co.agent.email)).token;
    const url = '/api/users/colleagues';
    const few = await statementsOf(tok, url, 2);
    await addUsers(co.companyId, 12, ['ROLE_USER']);
    const many = await statementsOf(tok, url, 14);
    expectSameCount(few, many, `${url}: few vs many colleagues`);
    console.info('statements GET /api/users/colleagues', few.length);
  });
});

describe('customers, messages and groups', () => {
  let co: TSeededCompany;
  let adminTok: string;
  let customerIds: number[] = [];

  beforeAll(async () => {
    co = await seedCompany(t.db);
    adminTok = (await login(t.app, co.admin.email)).token;
    const agentTok = (await login(t.app, co.agent.email)).token;
    customerIds = [];
    for (let i = 0; i < ROWS; i++) {
      // The agent owns them (so may read them); the admin sees every customer.
      const c = await post(agentTok, '/api/customers', { phone: phone(), firstName: `Cus${i}`, tags: i % 2 ? ['fleet'] : [] });
      customerIds.push(c.id);
      // Read states of several users on the page.
      if (i % 2 === 0) expect((await t.app.inject({ method: 'PUT', url: `/api/customers/${c.id}/read`, headers: bearer(adminTok) })).statusCode).toBe(200);
      if (i % 3 === 0) expect((await t.app.inject({ method: 'PUT', url: `/api/customers/${c.id}/read`, headers: bearer(agentTok) })).statusCode).toBe(200);
    }
  });

  it('GET /api/customers', async () => {
    const counts = await expectConstantKeyset({ token: adminTok, url: '/api/customers', param: 'itemsPerPage' });
    console.info('statements GET /api/customers', counts);
  });

  it('GET /api/messages?customer=…', async () => {
    const customerId = customerIds[0]!;
    for (let i = 0; i < ROWS; i++) {
      if (i % 3 === 0) await postWithFile(adminTok, '/api/messages', { customerId: String(customerId), content: `File ${i}` });
      else await post(adminTok, '/api/messages', { customerId, content: `Message ${i}` });
    }
    const counts = await expectConstantKeyset({ token: adminTok, url: `/api/messages?customer=${customerId}`, param: 'per_page' });
    console.info('statements GET /api/messages', counts);
  });

  it('GET /api/customer_groups and GET /api/group_messages?customerGroup=…', async () => {
    const url = '/api/customer_groups';
    const group = await post(adminTok, url, { name: 'First', customers: customerIds.slice(0, 3) });
    const few = await statementsOf(adminTok, url, 1);
    for (let i = 0; i < 8; i++) await post(adminTok, url, { name: `Group ${i}`, customers: customerIds.slice(i, i + 4) });
    const many = await statementsOf(adminTok, url, 9);
    expectSameCount(few, many, `${url}: few vs many groups`);
    console.info('statements GET /api/customer_groups', few.length);

    for (let i = 0; i < ROWS; i++) await post(adminTok, '/api/group_messages', { customerGroupId: group.id, content: `Notice ${i}` });
    // Expansion and sends: the list embeds per-status recipient counts.
    await t.app.deps.jobs.drain();
    const counts = await expectConstantKeyset({ token: adminTok, url: `/api/group_messages?customerGroup=${group.id}`, param: 'per_page' });
    console.info('statements GET /api/group_messages', counts);
  });
});

describe('company services', () => {
  it('GET /api/company_services, paged and with pagination=false', async () => {
    const co = await seedCompany(t.db);
    const adminTok = (await login(t.app, co.admin.email)).token;
    const agentTok = (await login(t.app, co.agent.email)).token;
    const add = (i: number) => post(adminTok, '/api/company_services', { title: `Service ${String(i).padStart(2, '0')}`, duration: 30, price: i * 100 });
    for (let i = 0; i < 3; i++) await add(i);
    const fewWhole = await statementsOf(agentTok, '/api/company_services?pagination=false', 3);
    const fewPage = await statementsOf(agentTok, '/api/company_services?itemsPerPage=2', 2);
    for (let i = 3; i < ROWS; i++) await add(i);
    const manyWhole = await statementsOf(agentTok, '/api/company_services?pagination=false', ROWS);
    const manyPage = await statementsOf(agentTok, '/api/company_services?itemsPerPage=20', 20);
    expectSameCount(fewWhole, manyWhole, 'GET /api/company_services?pagination=false: few vs many');
    expectSameCount(fewPage, manyPage, 'GET /api/company_services: page of 2 vs 20');
    console.info('statements GET /api/company_services', { whole: fewWhole.length, paged: fewPage.length });
  });
});

describe('company administration lists', () => {
  it('GET /api/companies with logos, a page of 2 vs 15', async () => {
    const root = (await login(t.app, (await seedSuperAdmin(t.db)).email)).token;
    const tag = unique('Imaged').replace(/[^A-Za-z0-9]/g, '');
    for (let i = 0; i < 16; i++) {
      const co = await post(root, '/api/companies', { name: `${tag} ${String(i).padStart(2, '0')}`, slug: `${tag.toLowerCase()}-${i}` });
      const form = multipartBody([
        { name: 'entityName', value: 'Company' },
        { name: 'entityId', value: String(co.id) },
        { name: 'entityField', value: 'logoMobile' },
        { name: 'file', filename: 'logo.png', contentType: 'image/png', data: TINY_PNG },
      ]);
      const up = await t.app.inject({ method: 'POST', url: `/api/media_objects?company=${co.id}`, headers: { ...bearer(root), ...form.headers }, payload: form.payload });
      expect(up.statusCode, up.body).toBe(201);
      const linked = await patchCompany(t.app, { id: co.id, token: root, body: { logoMobile: up.json()['@id'] } });
      expect(linked.statusCode, linked.body).toBe(200);
    }
    const url = (n: number) => `/api/companies?name=${tag}&itemsPerPage=${n}`;
    const small = await statementsOf(root, url(2), 2);
    const large = await statementsOf(root, url(15), 15);
    expectSameCount(small, large, 'GET /api/companies: page of 2 vs 15');
    console.info('statements GET /api/companies', small.length);
  });

  it('GET /api/users and GET /api/message_templates, few vs many', async () => {
    const co = await seedCompany(t.db);
    const adminTok = (await login(t.app, co.admin.email)).token;
    const usersUrl = `/api/users?pagination=false`;
    const fewUsers = await statementsOf(adminTok, usersUrl, 2);
    await addUsers(co.companyId, 12, ['ROLE_USER', 'ROLE_COMMUNICATION']);
    const manyUsers = await statementsOf(adminTok, usersUrl, 14);
    expectSameCount(fewUsers, manyUsers, 'GET /api/users?pagination=false: few vs many');

    const tplUrl = '/api/message_templates';
    await post(adminTok, tplUrl, { text: 'First template' });
    const fewTpl = await statementsOf(adminTok, tplUrl, 1);
    for (let i = 0; i < 12; i++) await post(adminTok, tplUrl, { text: `Template ${i}` });
    const manyTpl = await statementsOf(adminTok, tplUrl, 13);
    expectSameCount(fewTpl, manyTpl, 'GET /api/message_templates: few vs many');
    console.info('statements GET /api/users, /api/message_templates', { users: fewUsers.length, templates: fewTpl.length });
  });
});
