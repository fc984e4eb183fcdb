import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInScope } from '../../db/client';
import { countStatements, createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { caller } from '../../../test/repair-order-fixtures';
import { uniqueTestPhone } from '../../../test/test-phone';

let t: TTestApp;
let s: TSeededCompany;
let other: TSeededCompany;
let admin: string;
let agent: string;
let otherAdmin: string;

type TSuggestion = { kind: string; text: string; sourceId: number; score: number };
const call = (method: 'GET' | 'POST', url: string, token: string, body?: unknown) => caller(t)(method, url, token, body);
const system = <T>(fn: Parameters<typeof runInScope<T>>[2]) => runInScope(t.db, { companyId: null, system: true }, fn);
const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

async function newCustomer(opts: { companyId?: number; userId?: number | null; firstName?: string; lastName?: string } = {}): Promise<number> {
  const phone = uniqueTestPhone({ prefix: '+1303555', digits: 5 });
  const res = await system((tx) =>
    tx.execute(
      sql`insert into customers (company_id, user_id, first_name, last_name, phone)
          values (${opts.companyId ?? s.companyId}, ${opts.userId ?? null}, ${opts.firstName ?? 'Current'}, ${opts.lastName ?? 'Person'}, ${phone}) returning id::int as id`,
    ),
  );
  return Number((res.rows[0] as { id: number }).id);
}

async function message(opts: {
  customerId: number;
  direction: 'INBOUND' | 'OUTBOUND';
  content: string;
  hoursAgo: number;
  companyId?: number;
  userId?: number | null;
  status?: string;
}): Promise<number> {
  const inbound = opts.direction === 'INBOUND';
  const res = await system((tx) =>
    tx.execute(
      sql`insert into messages (company_id, customer_id, user_id, direction, status, channel, sender, content, created_at)
          values (${opts.companyId ?? s.companyId}, ${opts.customerId}, ${inbound ? null : (opts.userId ?? (opts.companyId === other?.companyId ? other.agent.id : s.agent.id))}, ${opts.direction},
                  ${opts.status ?? (inbound ? 'RECEIVED' : 'DELIVERED')}, 'sms', ${inbound ? 'customer' : 'agent'}, ${opts.content},
                  ${ago(opts.hoursAgo)}::timestamptz) returning id::int as id`,
    ),
  );
  return Number((res.rows[0] as { id: number }).id);
}

/** A past conversation: the question, then the agent's answer an hour later. */
async function answered(opts: {
  question: string;
  answer: string;
  hoursAgo: number;
  companyId?: number;
  customer?: number;
  userId?: number;
  firstName?: string;
  lastName?: string;
}) {
  const customerId = opts.customer ?? (await newCustomer({ companyId: opts.companyId, firstName: opts.firstName, lastName: opts.lastName }));
  const q = await message({ customerId, companyId: opts.companyId, direction: 'INBOUND', content: opts.question, hoursAgo: opts.hoursAgo });
  const a = await message({
    customerId,
    companyId: opts.companyId,
    direction: 'OUTBOUND',
    content: opts.answer,
    hoursAgo: opts.hoursAgo - 1,
    userId: opts.userId,
  });
  return { customerId, q, a };
}

async function suggest(token: string, customerId: number) {
  const res = await call('GET', `/api/customers/${customerId}/suggested_replies`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { messageId: number | null; member: TSuggestion[] };
}

async function asking(question: string, opts: { userId?: number | null; firstName?: string } = {}) {
  const customerId = await newCustomer({ userId: opts.userId ?? null, firstName: opts.firstName ?? 'Mara' });
  const messageId = await message({ customerId, direction: 'INBOUND', content: question, hoursAgo: 0 });
  return { customerId, messageId };
}

beforeAll(async () => {
  t = await createTestApp();
  s = await seedCompany(t.db);
  other = await seedCompany(t.db);
  admin = (await login(t.app, s.admin.email)).token;
  agent = (await login(t.app, s.agent.email)).token;
  otherAdmin = (await login(t.app, other.admin.email)).token;
});
afterAll(() => t.close());

describe('suggested replies', () => {
  it('offers the reply that followed the most similar past question, best first, deduped', async () => {
    const hours = await answered({ question: 'What are your opening hours on Saturday?', answer: 'On Saturdays we are open from 8 to 13.', hoursAgo: 200 });
    // The same answer given twice (near-identical): one suggestion.
    await answered({ question: 'What are the opening hours on Saturday please', answer: 'On Saturdays we are open from 8 to 13!', hoursAgo: 100 });
    await answered({ question: 'How much is an oil change for a Golf?', answer: 'An oil change for a Golf is 89 EUR.', hoursAgo: 50 });
    const { customerId, messageId } = await asking('Hi, what are your opening hours on Saturday?');
    const got = await suggest(admin, customerId);
    expect(got.messageId).toBe(messageId);
    const past = got.member.filter((m) => m.kind === 'past_reply');
    expect(past[0]!.sourceId).toBe(hours.a);
    expect(past[0]!.text).toBe('On Saturdays we are open from 8 to 13.');
    expect(past.filter((m) => m.text.startsWith('On Saturdays'))).toHaveLength(1);
    expect(past.some((m) => m.text.includes('oil change'))).toBe(false);
    expect(past[0]!.score).toBeGreaterThan(0.3);
  });

  it('offers nothing when the latest message is outbound, and templates similar to the question', async () => {
    const tpl = await call('POST', '/api/message_templates', admin, { text: 'Your tyre change appointment is confirmed.' });
    expect(tpl.statusCode, tpl.body).toBe(201);
    const { customerId } = await asking('Can I book a tyre change appointment?');
    const got = await suggest(admin, customerId);
    expect(got.member.find((m) => m.kind === 'template')).toMatchObject({ sourceId: tpl.json().id, text: 'Your tyre change appointment is confirmed.' });
    await message({ customerId, direction: 'OUTBOUND', content: 'Sure.', hoursAgo: 0 });
    expect(await suggest(admin, customerId)).toEqual({ messageId: null, member: [] });
  });

  it('never suggests another company’s history', async () => {
    await answered({
      companyId: other.companyId,
      question: 'Do you sell winter tyres for a Passat?',
      answer: 'OTHERCO secret: winter tyres 400 EUR.',
      hoursAgo: 10,
    });
    const { customerId } = await asking('Do you sell winter tyres for a Passat?');
    const got = await suggest(admin, customerId);
    expect(JSON.stringify(got)).not.toContain('OTHERCO');
    // And the other company sees its own answer for the same question.
    const theirCustomer = await newCustomer({ companyId: other.companyId });
    await message({
      companyId: other.companyId,
      customerId: theirCustomer,
      direction: 'INBOUND',
      content: 'Do you sell winter tyres for a Passat?',
      hoursAgo: 0,
    });
    const theirs = await suggest(otherAdmin, theirCustomer);
    expect(theirs.member[0]!.text).toContain('OTHERCO');
  });

  it('an agent only gets replies from conversations they may see (their own customers)', async () => {
    const mine = await newCustomer({ userId: s.agent.id });
    await answered({ customer: mine, question: 'Is the loaner car free of charge?', answer: 'MINE: yes, the loaner is free.', hoursAgo: 30 });
    await answered({ question: 'Is the loaner car free of charge??', answer: 'HIDDEN: the loaner costs 20 EUR.', hoursAgo: 20 });
    const { customerId } = await asking('Is a loaner car free of charge?', { userId: s.agent.id });
    const texts = (await suggest(agent, customerId)).member.map((m) => m.text);
    expect(texts.some((x) => x.startsWith('MINE'))).toBe(true);
    expect(texts.some((x) => x.startsWith('HIDDEN'))).toBe(false);
    // The admin sees both; the agent cannot ask about a customer not theirs.
    const adminTexts = (await suggest(admin, customerId)).member.map((m) => m.text);
    expect(adminTexts.some((x) => x.startsWith('HIDDEN'))).toBe(true);
    const notMine = await newCustomer();
    expect((await call('GET', `/api/customers/${notMine}/suggested_replies`, agent)).statusCode).toBe(404);
  });

  it('does not leak the previous customer’s name: first name replaced, last name or phone skipped', async () => {
    await answered({
      firstName: 'Zoran',
      lastName: 'Kovac',
      question: 'When will my brake pads arrive?',
      answer: 'Hi Zoran, the brake pads arrive Tuesday.',
      hoursAgo: 40,
    });
    await answered({
      firstName: 'Ivo',
      lastName: 'Tadic',
      question: 'When will my brake pads arrive??',
      answer: 'Mr Tadic, brake pads come on Wednesday.',
      hoursAgo: 30,
    });
    const { customerId } = await asking('When do my brake pads arrive?', { firstName: 'Mara' });
    const texts = (await suggest(admin, customerId)).member.map((m) => m.text);
    expect(texts).toContain('Hi Mara, the brake pads arrive Tuesday.');
    expect(texts.join(' ')).not.toMatch(/Zoran|Tadic/);
    // A current customer without a first name: the reply naming the previous one is skipped.
    const nameless = await asking('When do my brake pads arrive?', { firstName: '' });
    const none = (await suggest(admin, nameless.customerId)).member.map((m) => m.text).join(' ');
    expect(none).not.toMatch(/Zoran|Tadic|Hi ,/);
  });

  it('ignores failed, scheduled and late replies', async () => {
    const c = await newCustomer();
    await message({ customerId: c, direction: 'INBOUND', content: 'Do you repair convertible roofs?', hoursAgo: 300 });
    await message({ customerId: c, direction: 'OUTBOUND', content: 'FAILED reply', hoursAgo: 299, status: 'FAILED' });
    await message({ customerId: c, direction: 'OUTBOUND', content: 'LATE reply', hoursAgo: 200 });
    const { customerId } = await asking('Do you repair convertible roofs?');
    expect((await suggest(admin, customerId)).member.filter((m) => m.kind === 'past_reply')).toEqual([]);
  });

  it('runs a constant number of statements however much history matches', async () => {
    const { customerId } = await asking('Question about the constant statement count xyzzy');
    const before = await countStatements(t, () => call('GET', `/api/customers/${customerId}/suggested_replies`, admin));
    for (let i = 0; i < 5; i++)
      await answered({ question: `Question about the constant statement count xyzzy ${i}`, answer: `Answer ${i} xyzzy`, hoursAgo: 10 + i * 2 });
    const after = await countStatements(t, () => call('GET', `/api/customers/${customerId}/suggested_replies`, admin));
    expect(after).toBe(before);
    expect((await suggest(admin, customerId)).member.length).toBeGreaterThan(0);
  });

  it('answers 400 for a bad id and 404 for another company’s customer, and takes hostile text', async () => {
    expect((await call('GET', '/api/customers/abc/suggested_replies', admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/customers/0x10/suggested_replies', admin)).statusCode).toBe(400);
    const theirs = await newCustomer({ companyId: other.companyId });
    expect((await call('GET', `/api/customers/${theirs}/suggested_replies`, admin)).statusCode).toBe(404);
    const hostile = await asking(`%_\\'; drop table messages; -- ${'ä'.repeat(5000)} \u0000?`.replace('\u0000', ''));
    expect((await suggest(admin, hostile.customerId)).messageId).toBe(hostile.messageId);
  });
});

describe('suggestion figures', () => {
  it('counts each action once per user and message, also when posted in parallel; admins read the rate', async () => {
    const { customerId, messageId } = await asking('Figures question one');
    const second = await message({ customerId, direction: 'INBOUND', content: 'Figures question two', hoursAgo: 0 });
    const before = (await call('GET', '/api/suggested_replies/stats?days=1', admin)).json();
    const post = (body: unknown, token = admin) => call('POST', '/api/suggested_replies/events', token, body);
    const shown = await Promise.all(Array.from({ length: 8 }, () => post({ messageId, action: 'shown' })));
    expect(shown.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(shown.filter((r) => r.json().recorded)).toHaveLength(1);
    await Promise.all([post({ messageId: second, action: 'shown' }), post({ messageId: second, action: 'shown' }, agent)]);
    // The agent cannot see this customer (not theirs): refused, not counted.
    expect((await post({ messageId: second, action: 'shown' }, agent)).statusCode).toBe(404);
    await post({ messageId, action: 'inserted', kind: 'past_reply', sourceId: 5 });
    await Promise.all(Array.from({ length: 4 }, () => post({ messageId, action: 'sent', kind: 'past_reply', sourceId: 5 })));
    const stats = await call('GET', '/api/suggested_replies/stats?days=1', admin);
    expect(stats.statusCode, stats.body).toBe(200);
    const after = stats.json();
    expect(after.days).toHaveLength(1);
    expect(after.totals.shown - before.totals.shown).toBe(2);
    expect(after.totals.inserted - before.totals.inserted).toBe(1);
    expect(after.totals.sent - before.totals.sent).toBe(1);
    expect(after.totals.takenRate).toBeCloseTo(after.totals.sent / after.totals.shown, 3);
    expect((await call('GET', '/api/suggested_replies/stats', admin)).json().days).toHaveLength(30);
  });

  it('keeps figures per company, refuses agents, and rejects bad input with 400/422', async () => {
    const { messageId } = await asking('Figures per company');
    expect((await call('POST', '/api/suggested_replies/events', admin, { messageId, action: 'shown' })).statusCode).toBe(200);
    // Another company names our message: 404, and its figures stay its own.
    expect((await call('POST', '/api/suggested_replies/events', otherAdmin, { messageId, action: 'shown' })).statusCode).toBe(404);
    const theirs = (await call('GET', '/api/suggested_replies/stats?days=1', otherAdmin)).json();
    expect(theirs.totals.shown).toBe(0);
    expect((await call('GET', '/api/suggested_replies/stats', agent)).statusCode).toBe(403);
    for (const body of [
      {},
      { messageId, action: 'taken' },
      { messageId: -1, action: 'shown' },
      { messageId: 'x', action: 'shown' },
      { messageId, action: 'sent' },
      { messageId, action: 'inserted', kind: 'other', sourceId: 1 },
      { messageId, action: 'shown', extra: 1 },
    ]) {
      const res = await call('POST', '/api/suggested_replies/events', admin, body);
      expect([400, 422], JSON.stringify(body)).toContain(res.statusCode);
    }
    for (const q of ['days=0', 'days=91', 'days=abc', 'days=1e1'])
      expect([400, 422], q).toContain((await call('GET', `/api/suggested_replies/stats?${q}`, admin)).statusCode);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/suggested_replies/events',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ messageId, action: 'shown', kind: 'x'.repeat(2_000_000) }),
    });
    expect([400, 413, 422]).toContain(huge.statusCode);
  });
});
