import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { enablePayments, insertCustomer, insertPaymentRequest } from '../../../test/payment-operations-fixtures';

let t: TTestApp;
let a: TSeededCompany;
let b: TSeededCompany;
let admin: string;
let agent: string;
let intruder: string;

const post = (url: string, payload: unknown, token = admin) => t.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });
const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs the poll job as time passes (the simulator walks pending → processing → complete in 1.5 s steps). */
async function waitForTerminal(
  requestId: number,
  done: (state: string) => boolean,
): Promise<{ state: string; transaction: string | null; message: string | null }> {
  for (let i = 0; i < 20; i++) {
    await t.app.deps.jobs.drain();
    const res = (await get(`/api/payment_requests/${requestId}/terminal`)).json();
    if (done(res.state)) return res;
    await sleep(500);
  }
  throw new Error('terminal request never finished');
}

beforeAll(async () => {
  t = await createTestApp();
  a = await seedCompany(t.db);
  b = await seedCompany(t.db);
  await enablePayments(t, a);
  await enablePayments(t, b);
  admin = (await login(t.app, a.admin.email)).token;
  agent = (await login(t.app, a.agent.email)).token;
  intruder = (await login(t.app, b.admin.email)).token;
});
afterAll(() => t?.close());

describe('terminals', () => {
  it('lists the grid by assignment: 0 = everyone, else the named users (admins see all)', async () => {
    const mine = (await get('/api/payment/terminals', agent)).json().member.map((m: { serial: string }) => m.serial);
    expect(mine).toContain('T-ALL');
    expect(mine).not.toContain('T-ADMIN');
    const all = (await get('/api/payment/terminals')).json().member.map((m: { serial: string }) => m.serial);
    expect(all).toEqual(expect.arrayContaining(['T-ALL', 'T-ADMIN']));
    expect((await get(`/api/payment/terminals?company=${a.companyId}`, intruder)).statusCode).toBe(404);
  });

  it('a request sent to a simulator terminal walks to complete, is paid, and its sale is listed', async () => {
    const customer = await insertCustomer(t, a.companyId, { firstName: 'Terry' });
    const id = await insertPaymentRequest(t, a.companyId, { customerId: customer, amountCents: 4321, invoice: 'TERM-1' });
    const sent = await post(`/api/payment_requests/${id}/terminal`, { serial: 'T-ALL' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ terminalSerial: 'T-ALL', state: 'pending', amountCents: 4321 });
    // One running request per payment request and per terminal.
    expect((await post(`/api/payment_requests/${id}/terminal`, { serial: 'T-ALL' })).statusCode).toBe(409);
    const other = await insertPaymentRequest(t, a.companyId, { amountCents: 100 });
    expect((await post(`/api/payment_requests/${other}/terminal`, { serial: 'T-ALL' })).statusCode).toBe(409);
    const done = await waitForTerminal(id, (s) => !['creating', 'pending', 'processing'].includes(s));
    expect(done.state).toBe('complete');
    expect(done.transaction).toMatch(/^\/api\/payment\/transactions\/\d+$/);
    const request = (await get(`/api/payment_requests/${id}`)).json();
    expect(request).toMatchObject({ status: 'paid', paidCents: 4321 });
    const sale = (await get(done.transaction!)).json();
    expect(sale).toMatchObject({ method: 'terminal', kind: 'sale', amountCents: 4321, cardLast4: '2224', paymentRequest: { id, invoice: 'TERM-1' } });
    // Paid: no second terminal request.
    expect((await post(`/api/payment_requests/${id}/terminal`, { serial: 'T-ALL' })).statusCode).toBe(409);
  });

  it('cancel stops a running request; nothing is paid', async () => {
    const id = await insertPaymentRequest(t, a.companyId, { amountCents: 999 });
    expect((await post(`/api/payment_requests/${id}/terminal`, { serial: 'T-ADMIN' })).statusCode).toBe(201);
    const cancelled = await post(`/api/payment_requests/${id}/terminal/cancel`, {});
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().state).toBe('canceled');
    await t.app.deps.jobs.drain();
    expect((await get(`/api/payment_requests/${id}`)).json().status).toBe('sent');
    expect((await post(`/api/payment_requests/${id}/terminal/cancel`, {})).statusCode).toBe(409);
  });

  it('refuses unassigned terminals, unknown serials, other companies and bad bodies', async () => {
    const id = await insertPaymentRequest(t, a.companyId, { amountCents: 500 });
    expect((await post(`/api/payment_requests/${id}/terminal`, { serial: 'T-ADMIN' }, agent)).statusCode).toBe(403);
    const unknown = await post(`/api/payment_requests/${id}/terminal`, { serial: 'NOPE' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().violations[0].propertyPath).toBe('serial');
    expect((await post(`/api/payment_requests/${id}/terminal`, { serial: 'T-ALL' }, intruder)).statusCode).toBe(404);
    expect((await get(`/api/payment_requests/${id}/terminal`, intruder)).statusCode).toBe(404);
    expect((await post(`/api/payment_requests/${id}/terminal/cancel`, {}, intruder)).statusCode).toBe(404);
    for (const body of [{}, { serial: '' }, { serial: 5 }, { serial: 'x'.repeat(101) }, { serial: 'T-ALL', extra: 1 }, { serial: 'T\u0000' }])
      expect([400, 422], JSON.stringify(body)).toContain((await post(`/api/payment_requests/${id}/terminal`, body)).statusCode);
    expect((await get(`/api/payment_requests/${id}/terminal`)).statusCode).toBe(404);
  });
});
