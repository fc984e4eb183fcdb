import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDayOf } from '@cd/contracts/survey-dates';
import { runInScope } from '../../db/client';
import { bearer, createTestApp, login, patchCompany, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { multipartBody } from '../../../test/multipart';
import { enablePayments } from '../../../test/payment-operations-fixtures';
import { linkCodeIn, runAutomatedMessagesNow } from '../../../test/survey-fixtures';

/**
 * A statement of account goes out with the company's automotiveMessages.statementOfAccountText (spec part 2 §3), with
 * its {payment_url}; a company that wrote none sends its payment.text. Other payment requests keep payment.text.
 */

let t: TTestApp;
let s: TSeededCompany;
let admin: string;

const TZ = 'America/New_York';
const STATEMENT_TEXT = 'Hi {customer_name}, your {company_name} statement is ready: {payment_url}';
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(admin) });
const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(admin), payload });

const setStatementText = (text: string | null) =>
  runInScope(t.db, { companyId: null, system: true }, (tx) =>
    tx.execute(
      sql`update companies set automotive_messages = coalesce(automotive_messages, '{}'::jsonb) || ${JSON.stringify({ statementOfAccountText: text })}::jsonb where id = ${s.companyId}`,
    ),
  );

/** A charge customer linked to a new messaging customer, one open invoice, and a statement of it. */
async function statementFor(account: string, phone: string) {
  const messaging = await post('/api/customers', { phone, firstName: 'Dana', lastName: 'Payer' });
  expect(messaging.statusCode, messaging.body).toBe(201);
  const day = localDayOf({ instant: new Date(Date.now() - 5 * 86_400_000), timeZone: TZ });
  const csv = ['Account,Customer,Document,Date,Amount', `${account},Trade ${account},${account}-D1,${day},250.00`].join('\n');
  const form = multipartBody([{ name: 'file', filename: 'ar.csv', contentType: 'text/csv', data: Buffer.from(csv) }]);
  const imported = await t.app.inject({
    method: 'POST',
    url: '/api/automotive/transactions/import',
    headers: { ...bearer(admin), ...form.headers },
    payload: form.payload,
  });
  expect(imported.statusCode, imported.body).toBe(200);
  const customer = (await get(`/api/charge_customers?search=${account}`)).json().member[0] as { id: number };
  const linked = await t.app.inject({
    method: 'PATCH',
    url: `/api/charge_customers/${customer.id}`,
    headers: bearer(admin),
    payload: { customer: messaging.json().id },
  });
  expect(linked.statusCode, linked.body).toBe(200);
  const [tx] = (await get(`/api/automotive/transactions?customer=${customer.id}`)).json().member as { '@id': string }[];
  const created = await post('/api/automotive/statements', {
    customer: `/api/charge_customers/${customer.id}`,
    from: day,
    to: day,
    amount: 25000,
    transactions: [tx!['@id']],
  });
  expect(created.statusCode, created.body).toBe(201);
  return { statementId: created.json().id as number, customerId: messaging.json().id as number };
}

async function sendAndReadText(statementId: number, customerId: number): Promise<string> {
  const sent = await post(`/api/automotive/statements/${statementId}/send`, {});
  expect(sent.statusCode, sent.body).toBe(200);
  await runAutomatedMessagesNow(t, s.companyId);
  const thread = (await get(`/api/messages?customer=${customerId}`)).json().member as { content: string }[];
  expect(thread).toHaveLength(1);
  return thread[0]!.content;
}

beforeAll(async () => {
  t = await createTestApp();
  s = await seedCompany(t.db, { modules: { automotive: true } });
  await enablePayments(t, s);
  admin = (await login(t.app, s.admin.email)).token;
});
afterAll(() => t.close());

describe('the statement of account text', () => {
  it('is the text a sent statement goes out with, its link opening the statement’s payment request', async () => {
    await setStatementText(STATEMENT_TEXT);
    const { statementId, customerId } = await statementFor('TXT-1', '+15557780001');
    const content = await sendAndReadText(statementId, customerId);
    expect(content).toMatch(/^Hi Dana Payer, your .+ statement is ready: http:\/\/app\.test\/r\/\w{12}$/);
    expect(content).not.toContain('Pay here');
    const statement = (await get(`/api/automotive/statements/${statementId}`)).json();
    const request = (await get(statement.paymentRequest)).json();
    expect(request).toMatchObject({ source: 'ar_statement', status: 'sent', amountCents: 25000 });
    expect(request.paymentUrl).toBe(`http://app.test/r/${linkCodeIn(content)}`);
  });

  it('falls back to payment.text when the company wrote no statement text', async () => {
    await setStatementText('');
    const { statementId, customerId } = await statementFor('TXT-2', '+15557780002');
    expect(await sendAndReadText(statementId, customerId)).toMatch(/^Pay here: http:\/\/app\.test\/r\/\w{12}$/);
  });

  it('must carry {payment_url} in the company settings', async () => {
    const bad = await patchCompany(t.app, {
      id: s.companyId,
      token: admin,
      body: { automotiveMessages: { statementOfAccountText: 'Your statement is ready.' } },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().violations).toEqual([{ propertyPath: 'automotiveMessages.statementOfAccountText', message: 'text_must_contain_modifier' }]);
    const ok = await patchCompany(t.app, { id: s.companyId, token: admin, body: { automotiveMessages: { statementOfAccountText: STATEMENT_TEXT } } });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
