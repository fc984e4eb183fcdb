import { ZSearchHitSchema, type TSearchHit } from '@cd/contracts/search';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApp, login, recordStatements, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { runInScope } from '../../db/client';
import { highlightPhone, highlightWords } from './search-snippet';
import { searchHits, type TSearchCursor } from './search.repository';
import { tsqueryOf } from './search.service';

vi.setConfig({ testTimeout: 60_000 });

let t: TTestApp;
let a: TSeededCompany;
let b: TSeededCompany;
let adminTok: string;
let agentTok: string;
let bAdminTok: string;
let seq = 4300000;
const phone = () => `+1555${String(seq++).padStart(7, '0')}`;
/** A word no other test uses (letters only, so it is one token). */
const word = () =>
  `zq${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 8)}${String.fromCharCode(97 + (seq++ % 26))}`;

type TPage = { member: TSearchHit[]; view: { next?: string } };
const search = (token: string, query: string) => t.app.inject({ method: 'GET', url: `/api/search?${query}`, headers: bearer(token) });
async function hits(token: string, query: string): Promise<TPage> {
  const res = await search(token, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TPage;
}

async function newCustomer(token: string, extra: Record<string, unknown> = {}) {
  const res = await t.app.inject({ method: 'POST', url: '/api/customers', headers: bearer(token), payload: { phone: phone(), firstName: 'Search', ...extra } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; phone: string };
}

/** Messages written straight to the table (many, quickly), one second apart, the last one newest. */
async function insertMessages(opts: { companyId: number; customerId: number; contents: string[]; channel?: string; userId?: number | null; startAt?: Date }) {
  const start = opts.startAt ?? new Date(Date.now() - opts.contents.length * 1000);
  return runInScope(t.db, { companyId: opts.companyId }, async (tx) => {
    const ids: number[] = [];
    for (const [i, content] of opts.contents.entries()) {
      const res = await tx.execute(sql`insert into messages (company_id, customer_id, user_id, direction, status, channel, sender, content, created_at)
        values (${opts.companyId}, ${opts.customerId}, ${opts.userId ?? null}, 'INBOUND', 'RECEIVED', ${opts.channel ?? 'simulator'}, 'customer', ${content},
                ${new Date(start.getTime() + i * 1000).toISOString()}::timestamptz)
        returning id`);
      ids.push(Number((res.rows[0] as { id: number }).id));
    }
    return ids;
  });
}

beforeAll(async () => {
  t = await createTestApp();
  a = await seedCompany(t.db);
  b = await seedCompany(t.db);
  adminTok = (await login(t.app, a.admin.email)).token;
  agentTok = (await login(t.app, a.agent.email)).token;
  bAdminTok = (await login(t.app, b.admin.email)).token;
});
afterAll(() => t.close());

describe('snippets', () => {
  it('marks whole words and the last word as a prefix, as plain text', () => {
    expect(highlightWords({ text: 'Is the CAR ready? <b>car</b>', terms: ['car', 'rea'], prefixLast: true })).toEqual({
      text: 'Is the CAR ready? <b>car</b>',
      highlights: [
        [7, 10],
        [11, 16],
        [21, 24],
      ],
    });
  });
  it('cuts a long text around the first hit', () => {
    const text = `${'lorem '.repeat(60)}needle ${'ipsum '.repeat(60)}`;
    const s = highlightWords({ text, terms: ['needle'], prefixLast: false, length: 80 });
    expect(s.text.startsWith('…')).toBe(true);
    expect(s.text.endsWith('…')).toBe(true);
    expect(s.highlights).toHaveLength(1);
    const [from, to] = s.highlights[0]!;
    expect(s.text.slice(from, to)).toBe('needle');
  });
  it('marks phone digits through formatting', () => {
    const s = highlightPhone({ phone: '+1 (555) 010-0123', digits: '5550100' });
    expect(s.text.slice(...s.highlights[0]!)).toBe('555) 010-0');
  });
  it('builds a tsquery from words only', () => {
    expect(tsqueryOf(['car', 'read'])).toBe('car & read:*');
    expect(tsqueryOf([])).toBeNull();
  });
});

describe('GET /api/search', () => {
  it('finds a message by a word and by a prefix, with the hit marked, and the customer named', async () => {
    const w = word();
    const c = await newCustomer(adminTok, { firstName: 'Mira', lastName: 'Hodzic' });
    const [id] = await insertMessages({ companyId: a.companyId, customerId: c.id, contents: [`Is the ${w} ready for pickup?`] });
    for (const q of [w, w.slice(0, 5), w.toUpperCase(), `ready ${w}`]) {
      const page = await hits(adminTok, `q=${encodeURIComponent(q)}`);
      expect(
        page.member.map((m) => [m.kind, m.id]),
        q,
      ).toEqual([['message', id]]);
      const hit = ZSearchHitSchema.parse(page.member[0]);
      expect(hit.customer).toMatchObject({ id: c.id, name: 'Mira Hodzic' });
      expect(hit.snippet.highlights.map(([s, e]) => hit.snippet.text.slice(s, e))).toContain(w);
    }
  });

  it('finds customers by name, e-mail and phone digits, and internal notes', async () => {
    const w = word();
    const byName = await newCustomer(adminTok, { firstName: w, lastName: 'Kovac' });
    const byEmail = await newCustomer(adminTok, { email: `${w}@dealer.example` });
    const byNote = await newCustomer(adminTok, { notes: `Prefers calls after 5pm. Code ${w}.` });
    const page = await hits(adminTok, `q=${w}`);
    expect(page.member.map((m) => `${m.kind}:${m.id}:${m.field}`).sort()).toEqual(
      [`customer:${byName.id}:name`, `customer:${byEmail.id}:email`, `note:${byNote.id}:notes`].sort(),
    );
    const digits = byName.phone.replace(/\D/g, '');
    const fragment = `(${digits.slice(1, 4)}) ${digits.slice(4, 9)}`;
    const byPhone = await hits(adminTok, `q=${encodeURIComponent(fragment)}&kind=customer`);
    const phoneHit = byPhone.member.find((m) => m.id === byName.id);
    expect(phoneHit?.field).toBe('phone');
    const [s, e] = phoneHit!.snippet.highlights[0]!;
    expect(phoneHit!.snippet.text.slice(s, e).replace(/\D/g, '')).toBe(digits.slice(1, 9));
    expect((await hits(adminTok, `q=${w}&kind=note`)).member.map((m) => m.id)).toEqual([byNote.id]);
  });

  it('refuses an empty, an over-long or a control-character search, and a bad cursor or filter, with 422', async () => {
    for (const q of [
      'q=',
      'q=%20%20',
      `q=${'a'.repeat(201)}`,
      'q=a%01b',
      'q=car&cursor=!!',
      'q=car&cursor=bm9wZQ',
      'q=car&kind=x',
      'q=car&channel=fax',
      'q=car&user=abc',
      'q=car&from=yesterday',
      'q=car&itemsPerPage=0',
      'q=car&itemsPerPage=51',
      'q=car&from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z',
      '',
    ]) {
      const res = await search(adminTok, q);
      expect([400, 422], `${q}: ${res.body}`).toContain(res.statusCode);
    }
  });

  it('answers tsquery syntax and punctuation as plain words, never 500', async () => {
    const w = word();
    const c = await newCustomer(adminTok);
    const [id] = await insertMessages({ companyId: a.companyId, customerId: c.id, contents: [`quote's ${w} (really) & | ! done`] });
    for (const q of ["'", '\\', '&|!():*', "' or 1=1 --", '<script>alert(1)</script>', ':*', '!!!', '***', '(((', '\\\\x00', '😀', 'ŠČĆŽĐ šččžđ']) {
      const res = await search(adminTok, `q=${encodeURIComponent(q)}`);
      expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
    }
    for (const q of [`${w} &`, `!${w}`, `(${w})`, `${w}:*`, `'${w}'`, `${w} | nothing`.replace(' | nothing', '|')]) {
      expect(
        (await hits(adminTok, `q=${encodeURIComponent(q)}`)).member.map((m) => m.id),
        q,
      ).toEqual([id]);
    }
    expect((await hits(adminTok, `q=${encodeURIComponent('!!! ((( ***')}`)).member).toEqual([]);
  });

  it('keeps markup in a message as text in the snippet', async () => {
    const w = word();
    const c = await newCustomer(adminTok);
    await insertMessages({ companyId: a.companyId, customerId: c.id, contents: [`<img src=x onerror=alert(1)> ${w}`] });
    const [hit] = (await hits(adminTok, `q=${w}`)).member;
    expect(hit!.snippet.text).toBe(`<img src=x onerror=alert(1)> ${w}`);
  });

  it('filters by channel, agent and date range', async () => {
    const w = word();
    const c = await newCustomer(adminTok, { notes: `note ${w}` });
    const [sim] = await insertMessages({ companyId: a.companyId, customerId: c.id, contents: [`${w} one`], channel: 'simulator', userId: a.admin.id });
    const [wa] = await insertMessages({ companyId: a.companyId, customerId: c.id, contents: [`${w} two`], channel: 'whatsapp', userId: a.agent.id });
    const ids = async (q: string) => (await hits(adminTok, `q=${w}&${q}`)).member.map((m) => `${m.kind}:${m.id}`);
    expect(await ids('channel=whatsapp')).toEqual([`message:${wa}`]);
    expect(await ids(`user=${a.admin.id}&kind=message`)).toEqual([`message:${sim}`]);
    expect(await ids(`kind=message&from=${encodeURIComponent(new Date(Date.now() + 3600_000).toISOString())}`)).toEqual([]);
    expect((await ids(`to=${encodeURIComponent(new Date(Date.now() + 3600_000).toISOString())}`)).sort()).toEqual(
      [`message:${sim}`, `message:${wa}`, `note:${c.id}`].sort(),
    );
  });

  it('pages newest first by cursor without gaps or repeats, including rows at the same instant', async () => {
    const w = word();
    const c = await newCustomer(adminTok);
    const ids = await insertMessages({ companyId: a.companyId, customerId: c.id, contents: Array.from({ length: 7 }, (_, i) => `${w} number ${i}`) });
    // Two more at exactly the same time as the newest.
    const same = await runInScope(t.db, { companyId: a.companyId }, async (tx) => {
      const res = await tx.execute(sql`insert into messages (company_id, customer_id, direction, status, channel, sender, content, created_at)
        select company_id, customer_id, direction, status, channel, sender, content || ' twin', created_at from messages
        where company_id = ${a.companyId} and id = ${ids.at(-1)!} union all
        select company_id, customer_id, direction, status, channel, sender, content || ' twin2', created_at from messages
        where company_id = ${a.companyId} and id = ${ids.at(-1)!} returning id`);
      return (res.rows as { id: number }[]).map((r) => Number(r.id));
    });
    const seen: number[] = [];
    let url: string | undefined = `q=${w}&itemsPerPage=2`;
    for (let i = 0; i < 10 && url; i++) {
      const page = await hits(adminTok, url);
      seen.push(...page.member.map((m) => m.id));
      url = page.view.next?.replace(/^\/api\/search\?/, '');
    }
    expect(url).toBeUndefined();
    expect(seen).toEqual([...same.sort((x, y) => y - x), ...ids.reverse()]);
  });

  it('runs the same number of statements for a page of 2 and of 20', async () => {
    const w = word();
    const c = await newCustomer(adminTok, { notes: w, firstName: w });
    await insertMessages({ companyId: a.companyId, customerId: c.id, contents: Array.from({ length: 25 }, (_, i) => `${w} ${i}`) });
    const small = await recordStatements(t, () => hits(adminTok, `q=${w}&itemsPerPage=2`));
    const large = await recordStatements(t, () => hits(adminTok, `q=${w}&itemsPerPage=20`));
    expect(large.length).toBe(small.length);
    const agentSmall = await recordStatements(t, () => hits(agentTok, `q=${w}&itemsPerPage=2`));
    expect(agentSmall.length).toBe(small.length);
  });

  it("shows an agent only their own customers' messages and notes, like the inbox", async () => {
    const w = word();
    const mine = await newCustomer(agentTok, { notes: w });
    const others = await newCustomer(adminTok, { notes: w });
    const [m1] = await insertMessages({ companyId: a.companyId, customerId: mine.id, contents: [w] });
    const [m2] = await insertMessages({ companyId: a.companyId, customerId: others.id, contents: [w] });
    const agentIds = (await hits(agentTok, `q=${w}`)).member.map((m) => `${m.kind}:${m.id}`);
    expect(agentIds.sort()).toEqual([`message:${m1}`, `note:${mine.id}`].sort());
    const adminIds = (await hits(adminTok, `q=${w}`)).member.map((m) => `${m.kind}:${m.id}`);
    expect(adminIds.sort()).toEqual([`message:${m1}`, `message:${m2}`, `note:${mine.id}`, `note:${others.id}`].sort());
  });

  it("never shows another company's messages, notes or customers", async () => {
    const w = word();
    const c = await newCustomer(adminTok, { firstName: w, notes: w });
    await insertMessages({ companyId: a.companyId, customerId: c.id, contents: [w] });
    const digits = c.phone.replace(/\D/g, '').slice(-7);
    expect((await hits(bAdminTok, `q=${w}`)).member).toEqual([]);
    expect((await hits(bAdminTok, `q=${digits}&kind=customer`)).member.filter((m) => m.customer.id === c.id)).toEqual([]);
    expect((await hits(adminTok, `q=${w}`)).member).toHaveLength(3);
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/search?q=car' })).statusCode).toBe(401);
  });
});

describe('message walk and GIN fallback', () => {
  /**
   * The message branch walks the newest `recentWindow` messages and falls back to the GIN index when they do not fill
   * the page. Small windows force the fallback on some pages and not on others: every window must give the same
   * newest-first sequence, page after page, with no repeats or gaps, same-instant rows included.
   */
  it('pages the same matches in the same order whichever plan answers each page', async () => {
    const s = await seedCompany(t.db);
    const w = word();
    const { expected, hidden } = await runInScope(t.db, { companyId: s.companyId }, async (tx) => {
      const customer = async (ownerId: number | null) =>
        Number(
          (
            (
              await tx.execute(sql`insert into customers (company_id, user_id, first_name, last_name, phone)
                values (${s.companyId}, ${ownerId}, 'Walk', 'Test', ${phone()}) returning id`)
            ).rows[0] as { id: number }
          ).id,
        );
      const mine = await customer(s.agent.id);
      const others = await customer(null);
      const start = Date.now() - 3_600_000;
      // Oldest first: [customer, text, second]; a prefix-only match ("…ing") counts like an exact one.
      const plan: [number, string, number][] = [
        [mine, `${w} old`, 0],
        [others, `${w}ing elsewhere`, 1],
        [mine, `${w}ing old`, 2],
        [mine, `${w} older`, 3],
        ...Array.from({ length: 6 }, (_, i): [number, string, number] => [mine, `filler ${i}`, 10 + i]),
        [mine, `${w} twin a`, 20],
        [mine, `${w} twin b`, 20],
        [others, `${w} twin c`, 20],
        ...Array.from({ length: 4 }, (_, i): [number, string, number] => [mine, `filler late ${i}`, 30 + i]),
        [mine, `${w}ing new`, 40],
        [mine, `${w} newest`, 41],
      ];
      const rows: { id: number; at: number; text: string; customerId: number }[] = [];
      for (const [customerId, content, second] of plan) {
        const res = await tx.execute(sql`insert into messages (company_id, customer_id, direction, status, channel, sender, content, created_at)
          values (${s.companyId}, ${customerId}, 'INBOUND', 'RECEIVED', 'simulator', 'customer', ${content},
                  ${new Date(start + second * 1000).toISOString()}::timestamptz) returning id`);
        rows.push({ id: Number((res.rows[0] as { id: number }).id), at: second, text: content, customerId });
      }
      const matching = rows.filter((r) => r.text.startsWith(w)).sort((x, y) => y.at - x.at || y.id - x.id);
      return { expected: matching, hidden: matching.filter((r) => r.customerId === others).map((r) => r.id) };
    });
    expect(expected).toHaveLength(9);

    const pageThrough = async (recentWindow: number, ownerId: number | null) => {
      const seen: number[] = [];
      let cursor: TSearchCursor | undefined;
      for (let i = 0; i < 20; i++) {
        const rows = await runInScope(t.db, { companyId: s.companyId }, (tx) =>
          searchHits(tx, { companyId: s.companyId, ownerId, kinds: ['message'], tsquery: tsqueryOf([w]), phoneDigits: null, cursor, limit: 2, recentWindow }),
        );
        seen.push(...rows.map((r) => r.id));
        if (rows.length < 2) break;
        const last = rows.at(-1)!;
        cursor = { at: last.atKey, rank: last.rank, id: last.id };
      }
      return seen;
    };
    const all = expected.map((r) => r.id);
    const own = all.filter((id) => !hidden.includes(id));
    // 1: every page from the GIN fallback; 3 and 5: some pages each way; 1000: every page from the walk.
    for (const recentWindow of [1, 3, 5, 1000]) {
      expect(await pageThrough(recentWindow, null), `window ${recentWindow}`).toEqual(all);
      expect(await pageThrough(recentWindow, s.agent.id), `window ${recentWindow}, agent`).toEqual(own);
    }
  });
});
