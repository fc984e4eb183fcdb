import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZDashboardSchema } from '@cd/contracts/dashboard';
import { createTestApp, login, type TTestApp } from '../../test/helpers';
import { DEMO_PASSWORD, seedDemoData } from './seed';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData({ db: t.db, publicUrl: 'http://demo.test' });
}, 120_000);
afterAll(() => t.close());

describe('demo seed: reminders and the dashboard', () => {
  it('gives Demo Motors’ admin an overdue, two upcoming and a customer’s reminder, shown on the dashboard and the customer', async () => {
    const token = (await login(t.app, 'admin@motors.example.com', DEMO_PASSWORD)).token;
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    const res = await get('/api/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    const { reminders } = ZDashboardSchema.parse(res.json());
    expect(reminders).toHaveLength(4);
    const now = new Date().toISOString();
    expect(reminders.filter((r) => r.dueAt < now)).toHaveLength(1);
    const aboutCustomer = reminders.filter((r) => r.customerId !== null);
    expect(aboutCustomer).toHaveLength(1);
    expect(aboutCustomer[0]!.customerName).toEqual(expect.any(String));
    const customer = (await get(`/api/customers/${aboutCustomer[0]!.customerId}`)).json();
    expect(customer.reminders).toEqual([{ id: aboutCustomer[0]!.id, customerId: aboutCustomer[0]!.customerId }]);
    // The agent has none of them.
    const agent = (await login(t.app, 'agent@motors.example.com', DEMO_PASSWORD)).token;
    const theirs = await t.app.inject({ method: 'GET', url: '/api/reminders', headers: { authorization: `Bearer ${agent}` } });
    expect(theirs.json().member).toEqual([]);
  });
});
