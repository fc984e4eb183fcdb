import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInScope } from '../src/db/client';
import { createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from './helpers';
import { caller, seedOrderWorld, setAutomotive } from './repair-order-fixtures';

/**
 * The whole loop across modules (issue 13): an advisor's action plans an automated text, the engine renders it with
 * a customer link and sends it through the outbox, the customer answers on the public page, and the order shows it.
 */
let t: TTestApp;
let s: TSeededCompany;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  s = await seedCompany(t.db);
  token = (await login(t.app, s.admin.email)).token;
  await setAutomotive(t, s.companyId, {
    repairOrderLineApproval: '{company_name}: please review the extra work: {approval_url}',
    vehicleReady: 'Your vehicle is ready, {customer_name}.',
  });
});
afterAll(() => t.close());

const threadOf = async (customerId: number) =>
  (await caller(t)('GET', `/api/messages?customer=${customerId}`, token)).json().member as { content: string; sender: string; type: string }[];

describe('repair order approval and vehicle ready, end to end', () => {
  it('sends the approval text with a working link, takes the answers once and says vehicle ready once', async () => {
    const call = caller(t);
    const w = await seedOrderWorld(t, s, token);
    const line = (description: string, price: number) => call('POST', '/api/repair_order_lines', token, { repairOrder: w.orderId, description, price });
    const brakes = (await line('Front brake pads', 24000)).json();
    const filter = (await line('Cabin air filter', 4500)).json();

    expect((await call('PUT', `/api/repair_orders/${w.orderId}/send_approval_request`, token, {})).statusCode).toBe(200);
    await t.app.deps.jobs.drain();
    const approvalText = (await threadOf(w.customerId)).find((m) => m.content.includes('please review'));
    expect(approvalText).toMatchObject({ sender: 'system' });
    const code = /\/r\/([1-9A-HJ-NP-Za-km-z]{12})\b/.exec(approvalText!.content)![1]!;
    expect(approvalText!.content).toContain(`http://app.test/r/${code}`);

    const page = await t.app.inject({ method: 'GET', url: `/api/public/links/${code}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ purpose: 'approval', totals: { pending: 28500, approved: 0, denied: 0 }, answeredAt: null });
    // A public page shows no VIN and no customer data.
    expect(page.body).not.toMatch(/vin|phone/i);

    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/public/links/${code}/answer`,
      payload: {
        answers: [
          { lineId: brakes.id, decision: 'approved' },
          { lineId: filter.id, decision: 'denied' },
        ],
      },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ totals: { pending: 0, approved: 24000, denied: 4500 } });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/public/links/${code}/answer`,
      payload: {
        answers: [
          { lineId: brakes.id, decision: 'denied' },
          { lineId: filter.id, decision: 'approved' },
        ],
      },
    });
    expect(again.statusCode).toBe(409);

    const order = (await call('GET', `/api/repair_orders/${w.orderId}`, token)).json();
    expect(order.repairOrderLines.map((l: { status: string; decidedBy: string }) => [l.status, l.decidedBy])).toEqual([
      ['approved', 'customer'],
      ['denied', 'customer'],
    ]);
    const links = (await call('GET', `/api/customer_links?entity=repair_order&entityId=${w.orderId}`, token)).json().member;
    expect(links).toEqual([expect.objectContaining({ purpose: 'approval', openCount: 1 })]);

    // Two clicks at once: one text.
    const clicks = await Promise.all([1, 2].map(() => call('PUT', `/api/repair_orders/${w.orderId}/send_vehicle_ready`, token, {})));
    expect(clicks.map((c) => c.statusCode).sort()).toEqual([200, 409]);
    await t.app.deps.jobs.drain();
    const ready = (await threadOf(w.customerId)).filter((m) => m.content.startsWith('Your vehicle is ready'));
    expect(ready).toHaveLength(1);
    expect(ready[0]!.content).toBe('Your vehicle is ready, Ada ' + (await customerLastName(w.customerId)) + '.');

    const sent = (await call('GET', `/api/automated_messages?entity=repair_order&entityId=${w.orderId}`, token)).json().member;
    expect(sent.map((m: { kind: string; state: string }) => [m.kind, m.state])).toEqual(
      expect.arrayContaining([
        ['line_approval', 'sent'],
        ['vehicle_ready', 'sent'],
      ]),
    );
  });
});

async function customerLastName(customerId: number): Promise<string> {
  return runInScope(t.db, { companyId: s.companyId }, async (tx) => {
    const r = await tx.execute(sql`select last_name from customers where id = ${customerId}`);
    return (r.rows[0] as { last_name: string }).last_name;
  });
}
