import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findModifierProblem } from '@cd/contracts/message-modifiers';
import { createTestApp, login, type TTestApp } from '../../test/helpers';
import { DEMO_PASSWORD, seedDemoData } from './seed';
import { DEMO_PAYMENT_TEXT } from './seed-payments';

let t: TTestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData({ db: t.db, publicUrl: 'http://app.test' });
  token = (await login(t.app, 'admin@motors.example.com', DEMO_PASSWORD)).token;
}, 120_000);
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

describe('demo seed: payments', () => {
  it('Demo Motors has paid, waiting and expired requests, and the waiting link pays with a test card', async () => {
    expect(findModifierProblem({ field: 'payment.text', text: DEMO_PAYMENT_TEXT })).toBeNull();
    const list = (await get('/api/payment_requests')).json();
    const byStatus = (s: string) => list.member.filter((r: { status: string }) => r.status === s);
    expect(byStatus('paid').length).toBeGreaterThanOrEqual(1);
    expect(byStatus('expired')).toHaveLength(1);
    const [waiting] = byStatus('sent');
    expect(waiting.paymentUrl).toMatch(/^http:\/\/app\.test\/r\/\w{12}$/);
    const order = (await get(waiting.repairOrder['@id'])).json();
    expect(order.paymentRequests).toContain(waiting['@id']);
    const customer = (await get(waiting.customer['@id'])).json();
    expect(customer.lastPaymentRequest).toMatchObject({ id: waiting.id, status: 'sent' });

    const code = waiting.paymentUrl.split('/r/')[1];
    const page = (await t.app.inject({ method: 'GET', url: `/api/public/payments/${code}` })).json();
    expect(page).toMatchObject({ state: 'payable', amountCents: waiting.amountCents, cardForm: { kind: 'simulator' } });
    const post = (url: string, body: unknown) =>
      t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    const key = (await post(`/api/public/payments/${code}/card-token`, { number: '4000100011112224', expiration: '12/39', cvc: '123' })).json().paymentKey;
    expect((await post(`/api/public/payments/${code}/charge`, { paymentKey: key, idempotencyKey: randomUUID() })).json().outcome).toBe('approved');
    const paidSale = (await get(`/api/payment_requests/${waiting.id}`)).json();
    expect(paidSale.status).toBe('paid');
  });
});
