import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInScope } from '../../db/client';
import { decryptSecret } from '../../lib/crypto';
import { startFakeUsaepay, type TFakeUsaepay } from '../../../test/fakes/fake-usaepay';
import { bearer, createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { VAULT_CONSENT_TEXT } from './sync-customers.service';

/** "Sync payment customers" against the fake USAePay vault: paging, linking rules, idempotence, failures, logs. */
let fake: TFakeUsaepay;
let t: TTestApp;
let a: TSeededCompany;
let b: TSeededCompany;
let adminA: string;
let adminB: string;
let c: TSeededCompany;
let adminC: string;
const logLines: string[] = [];

const system = <T>(fn: Parameters<typeof runInScope<T>>[2]) => runInScope(t.db, { companyId: null, system: true }, fn);
const one = async <T>(query: ReturnType<typeof sql>) => (await system(async (tx) => (await tx.execute(query)).rows))[0] as T;

async function useUsaepay(companyId: number) {
  const payment = { provider: 'current', enabled: true, text: 'Pay: {payment_url}', apiKey: fake.key.apiKey, pin: fake.key.pin };
  await system((tx) => tx.execute(sql`update companies set payment = ${JSON.stringify(payment)}::jsonb where id = ${companyId}`));
}

async function customer(companyId: number, c: { first: string; phone?: string; email?: string; archived?: boolean }): Promise<number> {
  return Number(
    (
      await one<{ id: string }>(sql`insert into customers (company_id, first_name, last_name, phone, email, archived)
        values (${companyId}, ${c.first}, 'Test', ${c.phone ?? null}, ${c.email ?? null}, ${c.archived ?? false}) returning id`)
    ).id,
  );
}

async function chargeCustomer(companyId: number, accountNumber: string, customerId: number | null) {
  await system((tx) =>
    tx.execute(
      sql`insert into charge_customers (company_id, name, account_number, customer_id) values (${companyId}, 'Fleet Co', ${accountNumber}, ${customerId})`,
    ),
  );
}

const cards = (companyId: number) =>
  system(
    async (tx) =>
      (
        await tx.execute(sql`select customer_id::int as "customerId", token_encrypted as "token", card_brand as brand, card_last4 as last4,
          consent_name as "consentName", consent_text as "consentText", consent_recorded_by_id::int as "recordedBy"
          from payment_saved_cards where company_id = ${companyId} order by id`)
      ).rows as { customerId: number; token: string; brand: string; last4: string; consentName: string; consentText: string; recordedBy: number | null }[],
  );

const sync = (token: string, company: number) =>
  t.app.inject({ method: 'POST', url: '/api/payment/sync_customers', headers: bearer(token), payload: { company } });

const ids: Record<string, number> = {};
const tokens: Record<string, string[]> = {};

beforeAll(async () => {
  fake = await startFakeUsaepay();
  const stream = new Writable({ write: (chunk, _enc, done) => void (logLines.push(String(chunk)), done()) });
  t = await createTestApp(
    { PAYMENTS_SIMULATE: 'false', USAEPAY_BASE_URL: fake.baseUrl, PAYMENT_TIMEOUT_MS: '2000', LOG_LEVEL: 'info' },
    { logger: true, logStream: stream },
  );
  a = await seedCompany(t.db);
  b = await seedCompany(t.db);
  await useUsaepay(a.companyId);
  await useUsaepay(b.companyId);
  c = await seedCompany(t.db);
  await useUsaepay(c.companyId);
  adminC = (await login(t.app, c.admin.email)).token;
  adminA = (await login(t.app, a.admin.email)).token;
  adminB = (await login(t.app, b.admin.email)).token;

  ids.ar = await customer(a.companyId, { first: 'Ar', phone: '+15550100001' });
  await chargeCustomer(a.companyId, 'AR-1001', ids.ar);
  ids.phone = await customer(a.companyId, { first: 'Phone', phone: '+15550100002' });
  ids.email = await customer(a.companyId, { first: 'Email', phone: '+15550100003', email: 'mail@example.com' });
  // Two live customers share this e-mail: ambiguous, so not linked.
  await customer(a.companyId, { first: 'Twin1', phone: '+15550100004', email: 'twins@example.com' });
  await customer(a.companyId, { first: 'Twin2', phone: '+15550100005', email: 'twins@example.com' });
  // Archived customers are not linked.
  await customer(a.companyId, { first: 'Old', phone: '+15550100009', archived: true });
  // Company B's customers: the same vault must never link to them when A syncs.
  ids.bPhone = await customer(b.companyId, { first: 'OtherCo', phone: '+15550100077' });
  await chargeCustomer(b.companyId, 'B-77', ids.bPhone);
  await chargeCustomer(c.companyId, 'C-1', await customer(c.companyId, { first: 'Cee', phone: '+15550100088' }));

  // Noise first, so the matching customers sit on the second page (100 a page).
  for (let i = 0; i < 110; i++) fake.addCustomer({ customerid: `NOISE-${i}`, first_name: 'Nobody', last_name: String(i), email: `n${i}@nowhere.test` });
  tokens.ar = fake.addCustomer({
    customerid: 'AR-1001',
    first_name: 'Ar',
    last_name: 'Fleet',
    cards: [{ number: '4000100011112224', cardholder: 'Ar Fleet' }],
  }).methodKeys;
  tokens.phone = fake.addCustomer({
    first_name: 'Pho',
    last_name: 'Ne',
    phone: '(555) 010-0002',
    cards: [{ number: '5555444433331111' }, { number: '4000100111112223' }],
  }).methodKeys;
  tokens.email = fake.addCustomer({ first_name: 'E', last_name: 'Mail', email: 'MAIL@Example.com ', cards: [{ number: '371122223332225' }] }).methodKeys;
  fake.addCustomer({ first_name: 'Twin', email: 'twins@example.com', cards: [{ number: '4000100211112222' }] });
  fake.addCustomer({ first_name: 'Old', phone: '5550100009', cards: [{ number: '4000100311112221' }] });
  fake.addCustomer({ customerid: 'C-1', first_name: 'Cee', cards: [{ number: '4000100611112225' }] });
  fake.addCustomer({ customerid: 'B-77', first_name: 'Other', phone: '+15550100077', cards: [{ number: '4000100411112220' }] });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('POST /api/payment/sync_customers with USAePay', () => {
  it('reads every page, links by AR account number, phone or e-mail, imports the cards encrypted, once', async () => {
    const bCards = (await cards(b.companyId)).length;
    const before = fake.requests.length;
    const res = await sync(adminA, a.companyId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ provider: 'usaepay', synced: 4, matched: 3, unmatched: 114 });
    const listCalls = fake.requests.slice(before).filter((r) => r.path.startsWith('/api/v2/customers'));
    expect(listCalls.map((r) => r.path)).toEqual(['/api/v2/customers?limit=100&offset=0', '/api/v2/customers?limit=100&offset=100']);

    const saved = await cards(a.companyId);
    expect(saved.map((c) => [c.customerId, c.brand, c.last4])).toEqual([
      [ids.ar, 'visa', '2224'],
      [ids.phone, 'mastercard', '1111'],
      [ids.phone, 'visa', '2223'],
      [ids.email, 'amex', '2225'],
    ]);
    const key = t.app.deps.config.encryptionKey;
    expect(saved.map((c) => c.token.startsWith('enc:v1:'))).toEqual([true, true, true, true]);
    expect(saved.map((c) => decryptSecret(key, c.token))).toEqual([...tokens.ar!, ...tokens.phone!, ...tokens.email!]);
    expect(saved[0]).toMatchObject({ consentName: 'Ar Fleet', consentText: VAULT_CONSENT_TEXT, recordedBy: a.admin.id });
    // Another company's customers are never linked by A's sync (its vault customer matches B's phone and account).
    expect((await cards(b.companyId)).length).toBe(bCards);

    // A second sync changes nothing; a card added to the vault later is imported once, even by two syncs at a time.
    expect((await sync(adminA, a.companyId)).json()).toMatchObject({ synced: 0, matched: 3 });
    expect((await cards(a.companyId)).length).toBe(4);
    fake.addCustomer({ customerid: 'AR-1001', first_name: 'Ar', cards: [{ number: '4000100511112227' }] });
    const [first, second] = await Promise.all([sync(adminA, a.companyId), sync(adminA, a.companyId)]);
    expect([first.json().synced, second.json().synced].sort()).toEqual([0, 1]);
    expect((await cards(a.companyId)).length).toBe(5);

    // Each call is logged, without card tokens, keys or card numbers.
    const log = logLines.join('');
    expect(log).toContain('list customers');
    for (const secret of [...tokens.ar!, ...tokens.phone!, ...tokens.email!, fake.key.apiKey, fake.key.pin, '4000100011112224', '5555444433331111'])
      expect(log).not.toContain(secret);
  });

  it('company B links only its own customers from its own sync; other companies 404, plain users 403', async () => {
    const res = await sync(adminB, b.companyId);
    expect(res.json()).toMatchObject({ synced: 1, matched: 1 });
    expect((await cards(b.companyId)).map((c) => c.customerId)).toEqual([ids.bPhone]);
    expect((await sync(adminB, a.companyId)).statusCode).toBe(404);
    expect((await sync((await login(t.app, a.agent.email)).token, a.companyId)).statusCode).toBe(403);
  });

  it('a processor failure answers 502/503 and imports nothing', async () => {
    fake.failNext(1, { status: 500, body: { error: 'Internal error', errorcode: 0 } });
    const broken = await sync(adminC, c.companyId);
    expect(broken.statusCode, broken.body).toBe(502);
    expect(broken.json().detail).toMatch(/nothing was imported/);
    // No answer within the adapter's deadline (2 s here).
    fake.delayNext(3000);
    const timedOut = await sync(adminC, c.companyId);
    expect(timedOut.statusCode, timedOut.body).toBe(503);
    expect(timedOut.headers['retry-after']).toBeDefined();
    fake.failNext(1, { status: 429, body: { error: 'API Rate Limit Exceed', errorcode: 155 } });
    expect((await sync(adminC, c.companyId)).statusCode).toBe(503);
    expect(await cards(c.companyId)).toEqual([]);
    expect((await sync(adminC, c.companyId)).json()).toMatchObject({ synced: 1, matched: 1 });
  });
});
