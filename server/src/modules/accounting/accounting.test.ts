import { inflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agingBucketOf } from '@cd/contracts/accounting';
import { localDayOf } from '@cd/contracts/survey-dates';
import { runInScope } from '../../db/client';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { bearer, createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { multipartBody } from '../../../test/multipart';
import { settleStatementPayment } from './accounting.api';

let t: TTestApp;
let a: TSeededCompany;
let b: TSeededCompany;
let adminTok: string;
let agentTok: string;
let accountantTok: string;
let intruderTok: string;

const TZ = 'America/New_York';
/** The calendar day n days before today in TZ (counted on the calendar, so a DST change in between does not shift it). */
const daysAgo = (n: number) => {
  const today = new Date(`${localDayOf({ instant: new Date(), timeZone: TZ })}T00:00:00Z`);
  return new Date(today.getTime() - n * 86_400_000).toISOString().slice(0, 10);
};
const HEADER = 'Account,Customer,Document,Transaction,Seq,Date,Amount,Journal,Source,Reconciled';

async function importCsv(tok: string, csv: string, filename = 'ar.csv') {
  const form = multipartBody([{ name: 'file', filename, contentType: 'text/csv', data: Buffer.from(csv) }]);
  return t.app.inject({ method: 'POST', url: '/api/automotive/transactions/import', headers: { ...bearer(tok), ...form.headers }, payload: form.payload });
}
const get = (tok: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(tok) });
const post = (tok: string, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(tok), payload });

async function customerByAccount(tok: string, account: string) {
  const list = await get(tok, `/api/charge_customers?search=${encodeURIComponent(account)}`);
  return list.json().member.find((c: { accountNumber: string }) => c.accountNumber === account);
}
async function openTransactions(tok: string, customerId: number) {
  return (await get(tok, `/api/automotive/transactions?customer=${customerId}&reconciled=false&inStatement=false`)).json().member as {
    id: number;
    amount: number;
    transactionAt: string;
  }[];
}

/** The text pdfkit wrote: every content stream inflated, each TJ array's hex strings decoded and joined. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  const re = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(raw))) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    let body: string;
    try {
      body = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const tj of body.match(/\[(.*?)\] TJ/g) ?? [])
      out.push((tj.match(/<([0-9a-f]*)>/gi) ?? []).map((h) => Buffer.from(h.slice(1, -1), 'hex').toString('latin1')).join(''));
  }
  return out.join('\n');
}

beforeAll(async () => {
  t = await createTestApp();
  a = await seedCompany(t.db);
  b = await seedCompany(t.db);
  await runInScope(t.db, { companyId: null, system: true }, (tx) =>
    tx.execute(sql`update users set roles = '{ROLE_USER,ROLE_AUTO_ACCOUNTING}' where id = ${a.user2.id}`),
  );
  adminTok = (await login(t.app, a.admin.email)).token;
  agentTok = (await login(t.app, a.agent.email)).token;
  accountantTok = (await login(t.app, a.user2.email)).token;
  intruderTok = (await login(t.app, b.admin.email)).token;
});
afterAll(() => t.close());

describe('aging buckets', () => {
  it('splits at 30, 60 and 90 days', () => {
    expect([0, 29, 30, 59, 60, 89, 90, 400, -3].map(agingBucketOf)).toEqual([
      'current',
      'current',
      'days30',
      'days30',
      'days60',
      'days60',
      'days90',
      'days90',
      'current',
    ]);
  });

  it('sums the unreconciled transactions of a customer and of the company by age', async () => {
    const csv = [
      HEADER,
      `AGE-1,Aging Ltd,INV-1,T1,1,${daysAgo(2)},100.00,SJ,parts,no`,
      `AGE-1,Aging Ltd,INV-2,T2,1,${daysAgo(29)},10.00,SJ,parts,no`,
      `AGE-1,Aging Ltd,INV-3,T3,1,${daysAgo(30)},20.00,SJ,parts,no`,
      `AGE-1,Aging Ltd,INV-4,T4,1,${daysAgo(65)},30.00,SJ,service,no`,
      `AGE-1,Aging Ltd,INV-5,T5,1,${daysAgo(120)},40.00,SJ,service,no`,
      `AGE-1,Aging Ltd,PAY-1,T6,1,${daysAgo(1)},-5.00,CR,cash,no`,
      `AGE-1,Aging Ltd,INV-6,T7,1,${daysAgo(200)},999.00,SJ,parts,yes`,
    ].join('\n');
    const res = await importCsv(adminTok, csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ rows: 7, created: 7, customersCreated: 1, errorCount: 0 });
    const c = await customerByAccount(adminTok, 'AGE-1');
    expect(c.aging).toEqual({ current: 10500, days30: 2000, days60: 3000, days90: 4000, total: 19500 });
    expect(c.openTransactions).toBe(6);
    const summary = (await get(adminTok, '/api/automotive/aging')).json();
    expect(summary.total.days90).toBeGreaterThanOrEqual(4000);
    expect(summary.asOf).toBe(daysAgo(0));
  });
});

describe('import', () => {
  it('reports bad rows by number, imports the rest, and a second import changes nothing', async () => {
    const csv = [
      HEADER,
      `IMP-1,Import Co,D-1,,1,${daysAgo(3)},"$1,234.56",SJ,parts,`,
      `IMP-1,Import Co,D-2,,1,02/30/2026,5.00,SJ,parts,no`,
      `IMP-1,Import Co,D-3,,x,${daysAgo(3)},5.00,SJ,parts,no`,
      `IMP-1,Import Co,D-4,,1,${daysAgo(3)},12.345,SJ,parts,no`,
      `,Nobody,D-5,,1,${daysAgo(3)},1.00,SJ,parts,no`,
      `IMP-1,Import Co,D-1,,1,${daysAgo(3)},1.00,SJ,parts,no`,
      `IMP-1,<script>alert(1)</script>,D-6,'; drop table ar_transactions;--,2,${daysAgo(4)},-7.25,CR,cash,maybe`,
      `IMP-1,Import Co,D-7,,2,${daysAgo(4)},-7.25,CR,cash,no`,
    ].join('\r\n');
    const first = await importCsv(adminTok, csv);
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ rows: 8, created: 2, updated: 0, unchanged: 0, errorCount: 6 });
    expect(body.errors.map((e: { row: number }) => e.row)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(body.errors[4].message).toContain('row 2');
    const again = await importCsv(adminTok, csv);
    expect(again.json()).toMatchObject({ created: 0, updated: 0, unchanged: 2, customersCreated: 0 });
    const corrected = await importCsv(adminTok, [HEADER, `IMP-1,Import Co,D-7,,2,${daysAgo(4)},-8.00,CR,cash,no`].join('\n'));
    expect(corrected.json()).toMatchObject({ created: 0, updated: 1 });
    const c = await customerByAccount(adminTok, 'IMP-1');
    expect(c.aging.total).toBe(123456 - 800);
  });

  it('refuses a file without the required columns, a binary file and a missing file (422), never 500', async () => {
    const noAmount = await importCsv(adminTok, 'Account,Document,Date\nX,1,2026-01-01');
    expect(noAmount.statusCode).toBe(422);
    expect(noAmount.json().violations[0].propertyPath).toBe('file.amount');
    const binary = await importCsv(adminTok, '\u0000\u0001\u0002binary', 'x.csv');
    expect(binary.statusCode).toBe(422);
    const notXlsx = await importCsv(adminTok, 'hello', 'x.xlsx');
    expect(notXlsx.statusCode).toBe(422);
    const json = await post(adminTok, '/api/automotive/transactions/import', { file: 'x' });
    expect([415, 422]).toContain(json.statusCode);
  });
});

/** A charge customer of its own for a test (tests run in random order), with its open transactions by amount. */
async function freshCustomer(account: string, amounts: string[]) {
  const rows = amounts.map((amt, i) => `${account},Statement Shop,${account}-D${i},,1,${daysAgo(10 - i)},"${amt}",SJ,parts,no`);
  const res = await importCsv(adminTok, [HEADER, ...rows].join('\n'));
  expect(res.json()).toMatchObject({ created: amounts.length, errorCount: 0 });
  const customer = await customerByAccount(adminTok, account);
  const open = await openTransactions(adminTok, customer.id);
  const byAmount = (cents: number) => open.find((x) => x.amount === cents)!.id;
  return { id: customer.id as number, byAmount };
}

const statementBody = (customer: number, ids: (number | string)[], amount: number, extra: object = {}) => ({
  customer,
  from: daysAgo(30),
  to: daysAgo(0),
  amount,
  transactions: ids,
  ...extra,
});

/** A statement of 1,234.56 − 34.56 = 1,200.00 for a new customer. */
async function freshStatement(account: string) {
  const c = await freshCustomer(account, ['1,234.56', '-34.56', '200.00']);
  const res = await post(adminTok, '/api/automotive/statements', statementBody(c.id, [c.byAmount(123456), c.byAmount(-3456)], 120000));
  expect(res.statusCode, res.body).toBe(201);
  return { customer: c, statement: res.json() as { id: number; transactions: string[] } };
}

describe('statements', () => {
  it('is made of the chosen transactions, whose sum must be the amount', async () => {
    const c = await freshCustomer('ST-1', ['1,234.56', '-34.56']);
    const [s1, s3] = [c.byAmount(123456), c.byAmount(-3456)];
    const wrong = await post(adminTok, '/api/automotive/statements', statementBody(c.id, [s1, s3], 1));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().violations[0]).toMatchObject({ propertyPath: 'amount', message: 'statement_amount_mismatch' });
    const res = await post(adminTok, '/api/automotive/statements', statementBody(c.id, [s1, `/api/automotive/transactions/${s3}`], 120000));
    expect(res.statusCode, res.body).toBe(201);
    const st = res.json();
    expect(st).toMatchObject({ amount: 120000, transactionCount: 2, status: 'open', customerName: 'Statement Shop', accountNumber: 'ST-1' });
    const detail = (await get(accountantTok, `/api/automotive/statements/${st.id}`)).json();
    expect(detail.transactions.sort()).toEqual([`/api/automotive/transactions/${s1}`, `/api/automotive/transactions/${s3}`].sort());
    const list = (await get(adminTok, `/api/automotive/statements?customer=${c.id}`)).json();
    expect(list.member.map((m: { id: number }) => m.id)).toEqual([st.id]);
    // A transaction in a statement is taken: another statement cannot have it (409), and it leaves the open list.
    const again = await post(adminTok, '/api/automotive/statements', statementBody(c.id, [s1], 123456));
    expect(again.statusCode).toBe(409);
    expect(await openTransactions(adminTok, c.id)).toEqual([]);
  });

  it('refuses another customer’s transaction, one outside the period and unknown ones (422)', async () => {
    const c = await freshCustomer('ST-2', ['50.00']);
    const other = await freshCustomer('ST-3', ['75.00']);
    const s4 = c.byAmount(5000);
    const foreign = await post(adminTok, '/api/automotive/statements', statementBody(c.id, [s4, other.byAmount(7500)], 12500));
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().violations[0]).toMatchObject({ propertyPath: 'transactions[1]', message: 'transaction_not_of_customer' });
    const outside = await post(adminTok, '/api/automotive/statements', statementBody(c.id, [s4], 5000, { from: daysAgo(3), to: daysAgo(0) }));
    expect(outside.statusCode).toBe(422);
    expect(outside.json().violations[0].message).toBe('transaction_outside_period');
    const unknown = await post(adminTok, '/api/automotive/statements', statementBody(c.id, [s4, 999999999], 5000));
    expect(unknown.statusCode).toBe(422);
    // Nothing of the refused statements stayed behind.
    expect((await openTransactions(adminTok, c.id)).map((x) => x.id)).toEqual([s4]);
  });

  it('two statements created at once on the same transactions: exactly one gets them', async () => {
    const c = await freshCustomer('ST-4', ['200.00', '50.00']);
    const ids = [c.byAmount(20000), c.byAmount(5000)];
    const results = await Promise.all([0, 1, 2].map(() => post(adminTok, '/api/automotive/statements', statementBody(c.id, ids, 25000))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const count = await runInScope(t.db, { companyId: a.companyId }, async (tx) =>
      Number(((await tx.execute(sql`select count(*) as n from ar_statements where charge_customer_id = ${c.id}`)).rows[0] as { n: string }).n),
    );
    expect(count).toBe(1);
  });

  it('renders a PDF with the amounts as text', async () => {
    const { statement } = await freshStatement('ST-5');
    const res = await get(accountantTok, `/api/automotive/statements/${statement.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`statement-ST-5-${statement.id}.pdf`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Statement Shop');
    expect(text).toContain('$1,234.56');
    expect(text).toContain('-$34.56');
    expect(text).toContain('Amount due: $1,200.00');
  });

  it('a paid payment request reconciles the statement’s transactions, once', async () => {
    const { customer, statement } = await freshStatement('ST-6');
    const requestId = await runInScope(t.db, { companyId: a.companyId }, async (tx) => {
      const r = await tx.execute(sql`insert into payment_requests (company_id, source, source_id, amount_cents, status, paid_at, paid_cents)
        values (${a.companyId}, 'ar_statement', ${statement.id}, 120000, 'paid', now(), 120000) returning id`);
      const id = Number((r.rows[0] as { id: string }).id);
      await tx.execute(sql`update ar_statements set payment_request_id = ${id}, sent_at = now() where id = ${statement.id}`);
      return id;
    });
    expect((await customerByAccount(adminTok, 'ST-6')).aging.total).toBe(140000);
    const settle = (paidCents: number) =>
      runWithLiveEvents({
        deps: t.app.deps,
        scope: { companyId: a.companyId },
        fn: (tx, emit) =>
          settleStatementPayment({ tx, companyId: a.companyId, paymentRequestId: requestId, source: 'ar_statement', sourceId: statement.id, paidCents, emit }),
      });
    await settle(100);
    expect((await get(adminTok, `/api/automotive/statements/${statement.id}`)).json().status).toBe('sent');
    await settle(120000);
    await settle(120000);
    expect((await get(adminTok, `/api/automotive/statements/${statement.id}`)).json().status).toBe('paid');
    expect((await customerByAccount(adminTok, 'ST-6')).aging.total).toBe(20000);
    expect((await openTransactions(adminTok, customer.id)).map((x) => x.amount)).toEqual([20000]);
    // A corrected export cannot rewrite a reconciled transaction.
    const res = await importCsv(adminTok, [HEADER, `ST-6,Statement Shop,ST-6-D0,,1,${daysAgo(10)},1.00,SJ,parts,no`].join('\n'));
    expect(res.json()).toMatchObject({ locked: 1, updated: 0 });
  });
});

describe('sending a statement', () => {
  it('needs a messaging customer and payments on, then makes one payment request; sending again replaces it', async () => {
    const { customer, statement } = await freshStatement('SEND-1');
    const noCustomer = await post(adminTok, `/api/automotive/statements/${statement.id}/send`, {});
    expect(noCustomer.statusCode).toBe(422);
    expect(noCustomer.json().violations[0].message).toBe('charge_customer_has_no_messaging_customer');
    const messaging = await post(adminTok, '/api/customers', { phone: '+15557770001', firstName: 'Payer' });
    expect(messaging.statusCode, messaging.body).toBe(201);
    const link = await t.app.inject({
      method: 'PATCH',
      url: `/api/charge_customers/${customer.id}`,
      headers: bearer(adminTok),
      payload: { customer: messaging.json().id },
    });
    expect(link.statusCode, link.body).toBe(200);
    const paymentsOff = await post(adminTok, `/api/automotive/statements/${statement.id}/send`, {});
    expect(paymentsOff.statusCode).toBe(422);
    await runInScope(t.db, { companyId: null, system: true }, (tx) =>
      tx.execute(
        sql`update companies set payment = ${JSON.stringify({ enabled: true, provider: 'current', text: 'Pay here: {payment_url}' })}::jsonb where id = ${a.companyId}`,
      ),
    );
    const sent = await post(accountantTok, `/api/automotive/statements/${statement.id}/send`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'sent' });
    const again = await post(adminTok, `/api/automotive/statements/${statement.id}/send`, {});
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().paymentRequest).not.toBe(sent.json().paymentRequest);
    const requests = await runInScope(
      t.db,
      { companyId: a.companyId },
      async (tx) =>
        (
          await tx.execute(
            sql`select amount_cents, cancelled_at is not null as cancelled from payment_requests where source = 'ar_statement' and source_id = ${statement.id} order by id`,
          )
        ).rows as { amount_cents: string; cancelled: boolean }[],
    );
    expect(requests.map((r) => [Number(r.amount_cents), r.cancelled])).toEqual([
      [120000, true],
      [120000, false],
    ]);
    expect((await post(intruderTok, `/api/automotive/statements/${statement.id}/send`, {})).statusCode).toBe(404);
    expect((await post(agentTok, `/api/automotive/statements/${statement.id}/send`, {})).statusCode).toBe(403);
  });
});

describe('charge customers', () => {
  it('creates, edits and refuses a used account number or another company’s messaging customer', async () => {
    const created = await post(adminTok, '/api/charge_customers', { name: '  Trade Account  ', accountNumber: 'CC-1', email: 'ap@trade.example' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Trade Account', aging: { total: 0 }, customer: null });
    const dup = await post(adminTok, '/api/charge_customers', { name: 'Other', accountNumber: 'CC-1' });
    expect(dup.statusCode).toBe(422);
    const otherCo = await runInScope(t.db, { companyId: b.companyId }, async (tx) =>
      Number(
        (
          (await tx.execute(sql`insert into customers (company_id, phone, first_name) values (${b.companyId}, '+15550001111', 'B') returning id`)).rows[0] as {
            id: string;
          }
        ).id,
      ),
    );
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/charge_customers/${created.json().id}`,
      headers: bearer(adminTok),
      payload: { customer: otherCo },
    });
    expect(patch.statusCode).toBe(422);
    const ok = await t.app.inject({
      method: 'PATCH',
      url: `/api/charge_customers/${created.json().id}`,
      headers: bearer(accountantTok),
      payload: { phone: null, name: 'Renamed' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().name).toBe('Renamed');
  });

  it('refuses bad input with 400/422, never 500', async () => {
    const cases: object[] = [
      { name: '', accountNumber: 'X' },
      { name: 'x'.repeat(201), accountNumber: 'X' },
      { name: 'X', accountNumber: 'Y', email: 'not-mail' },
      { name: 'X', accountNumber: 'Y', customer: '/api/users/1' },
      { name: 'X', accountNumber: 'Y', extra: true },
      { name: 'X\u0000', accountNumber: 'Y' },
    ];
    for (const c of cases) expect([400, 422], JSON.stringify(c)).toContain((await post(adminTok, '/api/charge_customers', c)).statusCode);
    const statementCases: object[] = [
      { customer: 1, from: '2026-02-30', to: '2026-03-01', amount: 1, transactions: [1] },
      { customer: 1, from: '2026-03-02', to: '2026-03-01', amount: 1, transactions: [1] },
      { customer: 1, from: '2026-03-01', to: '2026-03-01', amount: 1.5, transactions: [1] },
      { customer: 1, from: '2026-03-01', to: '2026-03-01', amount: 1, transactions: [] },
      { customer: 1, from: '2026-03-01', to: '2026-03-01', amount: 1, transactions: [1, 1] },
      { customer: 1, from: '2026-03-01', to: '2026-03-01', amount: 1, transactions: Array.from({ length: 501 }, (_, i) => i + 1) },
      { customer: 'abc', from: '2026-03-01', to: '2026-03-01', amount: 1, transactions: [1] },
    ];
    for (const c of statementCases) expect([400, 422], JSON.stringify(c)).toContain((await post(adminTok, '/api/automotive/statements', c)).statusCode);
    for (const url of [
      '/api/automotive/transactions',
      '/api/automotive/transactions?customer=0x1',
      '/api/automotive/transactions?customer=1&before=yesterday',
      '/api/charge_customers/abc',
      '/api/automotive/statements/1e3/pdf',
    ])
      expect([400, 404, 422], url).toContain((await get(adminTok, url)).statusCode);
  });
});

describe('access', () => {
  it('the accounting role and company admins only (403 for others)', async () => {
    for (const url of ['/api/charge_customers', '/api/automotive/aging', '/api/automotive/statements'])
      expect((await get(agentTok, url)).statusCode, url).toBe(403);
    expect((await post(agentTok, '/api/charge_customers', { name: 'X', accountNumber: 'AGENT' })).statusCode).toBe(403);
    expect((await importCsv(agentTok, HEADER)).statusCode).toBe(403);
    expect((await get(accountantTok, '/api/charge_customers')).statusCode).toBe(200);
  });

  it('another company sees none of it (404 by id, nothing in lists)', async () => {
    const { customer: c, statement: st } = await freshStatement('ISO-1');
    for (const url of [
      `/api/charge_customers/${c.id}`,
      `/api/automotive/statements/${st.id}`,
      `/api/automotive/statements/${st.id}/pdf`,
      `/api/automotive/transactions?customer=${c.id}`,
    ])
      expect((await get(intruderTok, url)).statusCode, url).toBe(404);
    expect((await get(intruderTok, '/api/charge_customers')).json().totalItems).toBe(0);
    expect((await get(intruderTok, '/api/automotive/aging')).json().total.total).toBe(0);
    const steal = await post(intruderTok, '/api/automotive/statements', { customer: c.id, from: daysAgo(30), to: daysAgo(0), amount: 5000, transactions: [1] });
    expect(steal.statusCode).toBe(422);
    const patch = await t.app.inject({ method: 'PATCH', url: `/api/charge_customers/${c.id}`, headers: bearer(intruderTok), payload: { name: 'Stolen' } });
    expect(patch.statusCode).toBe(404);
  });
});
