import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUESTIONNAIRE_ANSWER_ERRORS, QUESTIONNAIRE_MESSAGES } from '@cd/contracts/questionnaires';
import { runInScope } from '../../db/client';
import { createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { seedCustomer } from '../../../test/appointment-fixtures';
import { caller } from '../../../test/repair-order-fixtures';
import { QUESTIONNAIRE_ALREADY_ANSWERED } from './questionnaires-public.service';
import { QUESTIONNAIRE_IN_USE } from './questionnaires.service';
import { QUESTIONNAIRE_RECENTLY_SENT } from './questionnaires-send.service';

let t: TTestApp;
let call: ReturnType<typeof caller>;
let s: TSeededCompany;
let other: TSeededCompany;
let admin: string;
let agentToken: string;
let realEstate: string;
let plainUser: string;
let otherAdmin: string;

async function sqlRun(query: ReturnType<typeof sql>) {
  return runInScope(t.db, { companyId: null, system: true }, async (tx) => (await tx.execute(query)).rows as Record<string, unknown>[]);
}

const enableModule = (companyId: number, on = true) =>
  sqlRun(sql`update companies set modules = modules || ${JSON.stringify({ questionnaire: on })}::jsonb where id = ${companyId}`);

const QUESTIONS = [
  { text: 'How many bedrooms do you need?', kind: 'number', required: true },
  { text: 'Which area?', kind: 'choice', options: ['Downtown', 'Suburbs', 'Lakeside'], required: true },
  { text: 'Pre-approved for a mortgage?', kind: 'yes_no' },
  { text: 'Anything else?', kind: 'text' },
];

async function newQuestionnaire(token = realEstate, body: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/questionnaires', token, {
    name: `Buyer intake ${Math.random().toString(36).slice(2, 7)}`,
    questions: QUESTIONS,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; '@id': string; questions: { id: string; kind: string }[] };
}

async function send(questionnaireId: number, customer: number, token = realEstate) {
  return call('POST', `/api/questionnaires/${questionnaireId}/send`, token, { customer });
}

/** A sent questionnaire's link code (the response's URL ends with /r/{code}). */
async function sentLink(token = realEstate) {
  const q = await newQuestionnaire(token);
  const customer = await seedCustomer(t, token);
  const res = await send(q.id, customer, token);
  expect(res.statusCode, res.body).toBe(200);
  const url = res.json().response.url as string;
  return { q, customer, code: url.slice(url.lastIndexOf('/') + 1), response: res.json().response as { id: number } };
}

const publicGet = (code: string) => t.app.inject({ method: 'GET', url: `/api/public/questionnaires/${code}` });
const publicSubmit = (code: string, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/public/questionnaires/${code}/answers`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

function fullAnswers(q: { questions: { id: string }[] }) {
  const [beds, area, approved, note] = q.questions.map((x) => x.id);
  return {
    answers: [
      { questionId: beds, value: 3 },
      { questionId: area, value: 'Lakeside' },
      { questionId: approved, value: true },
      { questionId: note, value: '  Near a school  ' },
    ],
  };
}

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  s = await seedCompany(t.db);
  other = await seedCompany(t.db);
  await enableModule(s.companyId);
  await enableModule(other.companyId);
  await sqlRun(sql`update users set roles = array['ROLE_USER', 'ROLE_REAL_ESTATE', 'ROLE_COMMUNICATION'] where id = ${s.user2.id}`);
  admin = (await login(t.app, s.admin.email)).token;
  agentToken = (await login(t.app, s.agent.email)).token;
  realEstate = (await login(t.app, s.user2.email)).token;
  plainUser = agentToken;
  otherAdmin = (await login(t.app, other.admin.email)).token;
});
afterAll(() => t.close());

describe('access', () => {
  it('lets company admins and ROLE_REAL_ESTATE in; others 403; no token 401', async () => {
    expect((await call('GET', '/api/questionnaires', admin)).statusCode).toBe(200);
    expect((await call('GET', '/api/questionnaires', realEstate)).statusCode).toBe(200);
    const refused = await call('GET', '/api/questionnaires', plainUser);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(QUESTIONNAIRE_MESSAGES.forbidden);
    expect((await call('POST', '/api/questionnaires', plainUser, { name: 'X', questions: QUESTIONS })).statusCode).toBe(403);
    expect((await call('GET', '/api/questionnaire_responses', plainUser)).statusCode).toBe(403);
    expect((await call('GET', '/api/questionnaires', '')).statusCode).toBe(401);
  });

  it('answers 403 with a clear message when the module is off', async () => {
    const off = await seedCompany(t.db);
    const token = (await login(t.app, off.admin.email)).token;
    for (const [method, url, body] of [
      ['GET', '/api/questionnaires', undefined],
      ['POST', '/api/questionnaires', { name: 'X', questions: QUESTIONS }],
      ['GET', '/api/questionnaire_responses', undefined],
    ] as const) {
      const res = await call(method, url, token, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().detail).toBe(QUESTIONNAIRE_MESSAGES.moduleOff);
    }
  });
});

describe('builder', () => {
  it('creates with ids, reads, replaces, patches, lists and deletes an unsent one', async () => {
    const q = await newQuestionnaire();
    expect(q.questions.map((x) => x.id)).toEqual(['q1', 'q2', 'q3', 'q4']);
    const got = (await call('GET', `/api/questionnaires/${q.id}`, admin)).json();
    expect(got).toMatchObject({ '@type': 'Questionnaire', archived: false, sentCount: 0, answeredCount: 0 });
    expect(got.questions[1]).toEqual({ id: 'q2', text: 'Which area?', kind: 'choice', options: ['Downtown', 'Suburbs', 'Lakeside'], required: true });
    expect(got.questions[2]).toMatchObject({ options: [], required: false });

    // Reordered, one kept by id, one new: the new one gets a free id, the kept one keeps its own.
    const put = await call('PUT', `/api/questionnaires/${q.id}`, realEstate, {
      name: 'Renamed',
      questions: [
        { id: 'q3', text: 'Pre-approved?', kind: 'yes_no' },
        { text: 'Budget?', kind: 'number' },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().questions.map((x: { id: string }) => x.id)).toEqual(['q3', 'q1']);
    const patched = await call('PATCH', `/api/questionnaires/${q.id}`, realEstate, { name: 'Patched' });
    expect(patched.json()).toMatchObject({ name: 'Patched' });
    expect(patched.json().questions).toHaveLength(2);

    const list = (await call('GET', '/api/questionnaires?name=patch', realEstate)).json();
    expect(list.member.map((m: { id: number }) => m.id)).toContain(q.id);
    const picker = (await call('GET', '/api/questionnaires?pagination=false', realEstate)).json();
    expect(picker.member.length).toBeGreaterThan(0);

    expect((await call('DELETE', `/api/questionnaires/${q.id}`, realEstate)).statusCode).toBe(204);
    expect((await call('GET', `/api/questionnaires/${q.id}`, realEstate)).statusCode).toBe(404);
  });

  it('archives and unarchives (idempotent); archived ones are listed apart and cannot be sent', async () => {
    const q = await newQuestionnaire();
    for (let i = 0; i < 2; i++) expect((await call('PUT', `/api/questionnaires/${q.id}/archive`, realEstate, {})).json()).toMatchObject({ archived: true });
    const active = (await call('GET', '/api/questionnaires?itemsPerPage=200', realEstate)).json().member.map((m: { id: number }) => m.id);
    expect(active).not.toContain(q.id);
    const archived = (await call('GET', '/api/questionnaires?archived=true', realEstate)).json().member.map((m: { id: number }) => m.id);
    expect(archived).toContain(q.id);
    const customer = await seedCustomer(t, admin);
    const refused = await send(q.id, customer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(QUESTIONNAIRE_MESSAGES.archived);
    expect((await call('PUT', `/api/questionnaires/${q.id}/unarchive`, realEstate, {})).json()).toMatchObject({ archived: false, archivedAt: null });
  });

  it('refuses bad input with 400/422, never 500', async () => {
    const many = Array.from({ length: 51 }, (_, i) => ({ text: `Q${i}`, kind: 'text' }));
    const bodies: unknown[] = [
      {},
      { name: '', questions: QUESTIONS },
      { name: 'x'.repeat(201), questions: QUESTIONS },
      { name: 'X', questions: [] },
      { name: 'X', questions: many },
      { name: 'X', questions: [{ text: 'Pick', kind: 'choice', options: ['only one'] }] },
      { name: 'X', questions: [{ text: 'Pick', kind: 'choice', options: ['A', 'a'] }] },
      { name: 'X', questions: [{ text: 'Yes?', kind: 'yes_no', options: ['A', 'B'] }] },
      { name: 'X', questions: [{ text: 'Q', kind: 'essay' }] },
      { name: 'X', questions: [{ text: 'x'.repeat(501), kind: 'text' }] },
      {
        name: 'X',
        questions: [
          { id: 'a', text: 'A', kind: 'text' },
          { id: 'a', text: 'B', kind: 'text' },
        ],
      },
      { name: 'X', questions: [{ id: '../../etc', text: 'A', kind: 'text' }] },
      { name: 'X\u0000', questions: QUESTIONS },
      { name: 'X', questions: QUESTIONS, extra: true },
      { name: 'X', questions: 'nope' },
    ];
    for (const body of bodies) {
      const res = await call('POST', '/api/questionnaires', realEstate, body);
      expect([400, 422], `${JSON.stringify(body).slice(0, 80)} → ${res.statusCode} ${res.body}`).toContain(res.statusCode);
    }
    for (const url of ['/api/questionnaires/abc', '/api/questionnaires/0', '/api/questionnaires/99999999999']) {
      const res = await call('GET', url, realEstate);
      expect([400, 404], url).toContain(res.statusCode);
    }
    for (const q of ['itemsPerPage=0', 'itemsPerPage=9999', 'archived=maybe', 'createdAt[strictly_before]=yesterday', 'id[lt]=-1'])
      expect((await call('GET', `/api/questionnaires?${q}`, realEstate)).statusCode, q).toBe(400);
    // A name search with LIKE wildcards and regex-like text matches literally.
    expect((await call('GET', `/api/questionnaires?name=${encodeURIComponent('%_(.*)+\\')}`, realEstate)).json().member).toEqual([]);
  });

  it("does not show or change another company's questionnaires", async () => {
    const q = await newQuestionnaire();
    expect((await call('GET', `/api/questionnaires/${q.id}`, otherAdmin)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/questionnaires/${q.id}`, otherAdmin, { name: 'Intruder' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/questionnaires/${q.id}`, otherAdmin)).statusCode).toBe(404);
    expect((await call('PUT', `/api/questionnaires/${q.id}/archive`, otherAdmin, {})).statusCode).toBe(404);
    const theirs = await seedCustomer(t, otherAdmin);
    expect((await send(q.id, theirs, otherAdmin)).statusCode).toBe(404);
    // Nor a customer of another company from this one.
    const mine = await send(q.id, theirs, realEstate);
    expect(mine.statusCode).toBe(422);
    expect((await call('GET', '/api/questionnaires?itemsPerPage=200', otherAdmin)).json().member.map((m: { id: number }) => m.id)).not.toContain(q.id);
  });
});

describe('sending', () => {
  it('makes a link and a QUESTIONNAIRE message, once under a double tap; the customer sees it', async () => {
    const q = await newQuestionnaire();
    const customer = await seedCustomer(t, realEstate);
    const taps = await Promise.all([send(q.id, customer), send(q.id, customer), send(q.id, customer)]);
    expect(taps.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    for (const r of taps.filter((x) => x.statusCode === 409)) expect(r.json().detail).toBe(QUESTIONNAIRE_RECENTLY_SENT);
    const ok = taps.find((r) => r.statusCode === 200)!.json();
    expect(ok.response).toMatchObject({ '@type': 'QuestionnaireResponse', state: 'sent', customer: `/api/customers/${customer}`, answers: [], lead: null });
    expect(ok.response.url).toMatch(/\/r\/[1-9A-HJ-NP-Za-km-z]{12}$/);
    const msgs = (await call('GET', `/api/messages?customer=${customer}`, admin)).json().member as { type: string; content: string; sender: string }[];
    const sent = msgs.filter((m) => m.type === 'QUESTIONNAIRE');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.content).toContain(ok.response.url);
    expect(sent[0]!.sender).toBe('system');
    const list = (await call('GET', `/api/customers/${customer}/questionnaire_responses`, realEstate)).json();
    expect(list.member.map((m: { id: number }) => m.id)).toEqual([ok.response.id]);
    expect((await call('GET', `/api/questionnaire_responses?customer=${customer}`, admin)).json().member).toHaveLength(1);
    expect((await call('GET', `/api/questionnaires/${q.id}`, admin)).json()).toMatchObject({ sentCount: 1, answeredCount: 0 });
    // Sent once: deleting is refused (archive instead).
    const del = await call('DELETE', `/api/questionnaires/${q.id}`, admin);
    expect(del.statusCode).toBe(409);
    expect(del.json().detail).toBe(QUESTIONNAIRE_IN_USE);
  });

  it('refuses an opted-out customer, an unknown customer and bad bodies', async () => {
    const q = await newQuestionnaire();
    const customer = await seedCustomer(t, realEstate);
    // A customer of the company that this user does not own is not theirs to text (as in the messenger); admins may.
    const notMine = await seedCustomer(t, admin);
    expect((await send(q.id, notMine)).statusCode).toBe(422);
    expect((await send(q.id, notMine, admin)).statusCode).toBe(200);
    // Listed by questionnaire, the answers of a customer the user does not own stay hidden; the admin sees them.
    const byQuestionnaire = (token: string) => call('GET', `/api/questionnaire_responses?questionnaire=${q.id}`, token);
    expect((await byQuestionnaire(realEstate)).json().member).toHaveLength(0);
    expect((await byQuestionnaire(admin)).json().member).toHaveLength(1);
    await sqlRun(sql`update customers set opt_out = true where id = ${customer}`);
    const res = await send(q.id, customer);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(QUESTIONNAIRE_MESSAGES.optedOut);
    expect((await send(q.id, 999_999_999)).statusCode).toBe(422);
    for (const body of [{}, { customer: 'abc' }, { customer: '/api/users/1' }, { customer: 1, extra: 1 }, { customer: -1 }])
      expect([400, 422]).toContain((await call('POST', `/api/questionnaires/${q.id}/send`, realEstate, body)).statusCode);
    expect((await send(999_999_999, customer)).statusCode).toBe(404);
  });
});

describe('public page', () => {
  it('reads the questions as sent, stores valid answers once, and shows them to staff', async () => {
    const { q, customer, code } = await sentLink();
    // An edit after sending does not change what the customer is asked.
    await call('PATCH', `/api/questionnaires/${q.id}`, realEstate, { questions: [{ text: 'Different', kind: 'text' }] });
    const page = await publicGet(code);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ name: expect.stringContaining('Buyer intake'), answeredAt: null });
    expect(page.json().questions).toHaveLength(4);
    expect(page.json().company.name).toContain('Company');
    expect(page.headers['cache-control']).toBe('no-store');
    const link = await t.app.inject({ method: 'GET', url: `/api/public/links/${code}` });
    expect(link.json()).toMatchObject({ purpose: 'questionnaire' });

    const done = await publicSubmit(code, fullAnswers(q));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().answeredAt).not.toBeNull();
    const again = await publicSubmit(code, fullAnswers(q));
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(QUESTIONNAIRE_ALREADY_ANSWERED);

    const [r] = (await call('GET', `/api/customers/${customer}/questionnaire_responses`, realEstate)).json().member;
    expect(r.state).toBe('answered');
    expect(r.answers).toEqual([
      { questionId: 'q1', question: 'How many bedrooms do you need?', kind: 'number', value: 3 },
      { questionId: 'q2', question: 'Which area?', kind: 'choice', value: 'Lakeside' },
      { questionId: 'q3', question: 'Pre-approved for a mortgage?', kind: 'yes_no', value: true },
      { questionId: 'q4', question: 'Anything else?', kind: 'text', value: 'Near a school' },
    ]);
    expect((await call('GET', `/api/questionnaires/${q.id}`, admin)).json()).toMatchObject({ answeredCount: 1 });
  });

  it('of parallel submits stores exactly one; the others answer 409', async () => {
    const { q, code, response } = await sentLink();
    const answers = fullAnswers(q);
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        publicSubmit(code, { answers: answers.answers.map((a) => (a.questionId === 'q4' ? { ...a, value: `try ${i}` } : a)) }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const rows = await sqlRun(sql`select answers, answered_at from questionnaire_responses where id = ${response.id}`);
    expect(rows).toHaveLength(1);
    const winner = results.find((r) => r.statusCode === 200)!;
    const stored = (typeof rows[0]!.answers === 'string' ? JSON.parse(rows[0]!.answers) : rows[0]!.answers) as { questionId: string; value: unknown }[];
    expect(winner.json().answeredAt).not.toBeNull();
    expect(stored.find((a) => a.questionId === 'q4')!.value).toMatch(/^try \d$/);
  });

  it('validates answers against the questions (422 per question), never 500', async () => {
    const { q, code } = await sentLink();
    const ids = q.questions.map((x) => x.id);
    const cases: [unknown, string][] = [
      [{ answers: [] }, QUESTIONNAIRE_ANSWER_ERRORS.required],
      [
        {
          answers: [
            { questionId: ids[0], value: 'three' },
            { questionId: ids[1], value: 'Lakeside' },
          ],
        },
        QUESTIONNAIRE_ANSWER_ERRORS.invalid,
      ],
      [
        {
          answers: [
            { questionId: ids[0], value: 2 },
            { questionId: ids[1], value: 'Mars' },
          ],
        },
        QUESTIONNAIRE_ANSWER_ERRORS.invalid,
      ],
      [
        {
          answers: [
            { questionId: ids[0], value: 2 },
            { questionId: ids[1], value: 'Lakeside' },
            { questionId: ids[2], value: 'yes' },
          ],
        },
        QUESTIONNAIRE_ANSWER_ERRORS.invalid,
      ],
      [
        {
          answers: [
            { questionId: ids[0], value: 1e300 },
            { questionId: ids[1], value: 'Lakeside' },
          ],
        },
        QUESTIONNAIRE_ANSWER_ERRORS.invalid,
      ],
      [{ answers: [{ questionId: 'nope', value: 1 }] }, QUESTIONNAIRE_ANSWER_ERRORS.unknownQuestion],
      [
        {
          answers: [
            { questionId: ids[0], value: 1 },
            { questionId: ids[0], value: 2 },
            { questionId: ids[1], value: 'Lakeside' },
          ],
        },
        QUESTIONNAIRE_ANSWER_ERRORS.unknownQuestion,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await publicSubmit(code, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().violations.map((v: { message: string }) => v.message)).toContain(message);
    }
    for (const body of [
      null,
      'x',
      { answers: 'x' },
      { answers: [{ questionId: ids[0], value: { a: 1 } }] },
      { answers: [{ questionId: ids[3], value: 'x'.repeat(2001) }] },
      { other: 1 },
    ]) {
      const res = await publicSubmit(code, body);
      expect([400, 422], `${JSON.stringify(body)?.slice(0, 60)} → ${res.statusCode}`).toContain(res.statusCode);
    }
    const huge = await publicSubmit(code, { answers: [{ questionId: ids[3], value: 'x'.repeat(200_000) }] });
    expect(huge.statusCode).toBe(413);
    // Nothing was stored by the refusals.
    expect((await publicGet(code)).json().answeredAt).toBeNull();
  });

  it('answers 404 for unknown codes, 410 for expired or revoked links, and 404 once the module is off', async () => {
    expect((await publicGet('1111111111ab')).statusCode).toBe(404);
    expect((await publicGet('bad!code')).statusCode).toBe(400);
    const expired = await sentLink();
    await sqlRun(sql`update customer_links set expires_at = now() - interval '1 minute' where code = ${expired.code}`);
    expect((await publicGet(expired.code)).statusCode).toBe(410);
    expect((await publicSubmit(expired.code, fullAnswers(expired.q))).statusCode).toBe(410);

    const co = await seedCompany(t.db);
    await enableModule(co.companyId);
    await sqlRun(sql`update users set roles = array['ROLE_USER', 'ROLE_REAL_ESTATE', 'ROLE_COMMUNICATION'] where id = ${co.user2.id}`);
    const token = (await login(t.app, co.user2.email)).token;
    const q = await newQuestionnaire(token);
    const customer = await seedCustomer(t, token);
    const url = (await send(q.id, customer, token)).json().response.url as string;
    const code = url.slice(url.lastIndexOf('/') + 1);
    await enableModule(co.companyId, false);
    expect((await publicGet(code)).statusCode).toBe(404);
  });
});
