import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPAIR_ORDER_LINES_NOT_CLOSED, REPAIR_ORDER_NUMBER_TAKEN, SURVEY_NOT_CONFIGURED } from '@cd/contracts/repair-order';
import { countStatements, createTestApp, login, seedCompany, unique, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { automatedRows, caller, flagUser, seedOrderWorld, setAutomotive, setSurveySettings } from '../../../test/repair-order-fixtures';

let t: TTestApp;
let a: TSeededCompany;
let adminTok: string;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  a = await seedCompany(t.db);
  adminTok = (await login(t.app, a.admin.email)).token;
  await flagUser(t, a.agent.id, { advisor: true });
  await flagUser(t, a.user2.id, { mechanic: true });
});
afterAll(() => t.close());

const HOUR = 3_600_000;

describe('repair orders', () => {
  it('creates with staff and vehicle, reads, patches and lists with filters and search', async () => {
    const w = await seedOrderWorld(t, a, adminTok, { order: { serviceAdvisor: a.agent.id, mechanic: `/api/users/${a.user2.id}`, price: 2500 } });
    const got = await call('GET', `/api/repair_orders/${w.orderId}`, adminTok);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({
      state: 'open',
      status: 'new',
      price: 2500,
      vehicle: { id: w.vehicleId },
      serviceAdvisor: { id: a.agent.id },
      mechanic: { id: a.user2.id },
    });
    const patched = await call('PATCH', `/api/repair_orders/${w.orderId}`, adminTok, { title: 'Brakes and pads', mechanic: null });
    expect(patched.json()).toMatchObject({ title: 'Brakes and pads', mechanic: null });
    const number = got.json().number as string;
    for (const q of [
      `q=${encodeURIComponent(number)}`,
      `q=${encodeURIComponent(w.phone.slice(-7))}`,
      `customer=${w.customerId}&exists[closedAt]=false`,
      `vehicle=${w.vehicleId}&status=new`,
    ]) {
      const list = await call('GET', `/api/repair_orders?${q}`, adminTok);
      expect(list.statusCode, q).toBe(200);
      expect(
        list.json().member.map((o: { id: number }) => o.id),
        q,
      ).toEqual([w.orderId]);
    }
    expect((await call('GET', `/api/repair_orders?customer=${w.customerId}&exists[closedAt]=true`, adminTok)).json().member).toEqual([]);
  });

  it('pages 10 per page by default, newest opened first, in a constant number of statements', async () => {
    const w = await seedOrderWorld(t, a, adminTok, { order: false });
    const make = (i: number) =>
      call('POST', '/api/repair_orders', adminTok, {
        customer: w.customerId,
        vehicle: w.vehicleId,
        number: unique('P'),
        title: `T${i}`,
        price: 1,
        openedAt: new Date(Date.now() - i * HOUR).toISOString(),
      });
    const first = await make(100);
    await call('POST', '/api/repair_order_lines', adminTok, { repairOrder: first.json().id, description: 'Wipers', price: 100 });
    const url = `/api/repair_orders?customer=${w.customerId}`;
    const few = await countStatements(t, () => call('GET', url, adminTok));
    for (let i = 0; i < 11; i++) {
      const o = await make(i);
      await call('POST', '/api/repair_order_lines', adminTok, { repairOrder: o.json().id, description: `Line ${i}`, price: 100 });
    }
    const many = await countStatements(t, () => call('GET', url, adminTok));
    expect(many).toBe(few);
    const page1 = (await call('GET', url, adminTok)).json();
    expect(page1.member).toHaveLength(10);
    expect(page1.totalItems).toBe(12);
    expect(page1.member[0].title).toBe('T0');
    expect(page1.member[0].repairOrderLines).toHaveLength(1);
    const page2 = (await call('GET', `${url}&page=2`, adminTok)).json();
    expect(page2.member.map((o: { title: string }) => o.title)).toEqual(['T10', 'T100']);
    expect((await call('GET', `${url}&per_page=3`, adminTok)).json().member).toHaveLength(3);
  });

  it('keeps the number unique per company, also under parallel creates', async () => {
    const w = await seedOrderWorld(t, a, adminTok, { order: false });
    const number = unique('DUP');
    const res = await Promise.all(
      [1, 2, 3, 4].map(() => call('POST', '/api/repair_orders', adminTok, { customer: w.customerId, number, title: 'x', price: 0 })),
    );
    expect(res.map((r) => r.statusCode).sort()).toEqual([201, 422, 422, 422]);
    expect(res.find((r) => r.statusCode === 422)!.json().violations).toMatchObject([{ propertyPath: 'number', message: REPAIR_ORDER_NUMBER_TAKEN }]);
    const other = await call('POST', '/api/repair_orders', adminTok, { customer: w.customerId, number: unique('N'), title: 'x', price: 0 });
    expect((await call('PATCH', `/api/repair_orders/${other.json().id}`, adminTok, { number })).statusCode).toBe(422);
  });

  it('refuses staff without the flag and a vehicle of another customer (422)', async () => {
    const w = await seedOrderWorld(t, a, adminTok, { order: false });
    const w2 = await seedOrderWorld(t, a, adminTok, { order: false });
    const base = { customer: w.customerId, number: unique('S'), title: 'x', price: 0 };
    for (const [extra, path] of [
      [{ serviceAdvisor: a.user2.id }, 'serviceAdvisor'],
      [{ mechanic: a.agent.id }, 'mechanic'],
      [{ serviceAdvisor: a.admin.id }, 'serviceAdvisor'],
      [{ vehicle: w2.vehicleId }, 'vehicle'],
      [{ vehicle: 999999999 }, 'vehicle'],
    ] as const) {
      const res = await call('POST', '/api/repair_orders', adminTok, { ...base, ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(422);
      expect(res.json().violations[0].propertyPath).toBe(path);
    }
  });

  it('answers bad input with 400/422 on every route, never 500', async () => {
    const w = await seedOrderWorld(t, a, adminTok);
    const base = { customer: w.customerId, number: unique('B'), title: 'x', price: 0 };
    for (const body of [
      {},
      { ...base, price: -1 },
      { ...base, price: 1.5 },
      { ...base, number: '' },
      { ...base, status: 'done' },
      { ...base, openedAt: 'yesterday' },
      { ...base, openedAt: '2026-01-02T00:00:00Z', promisedAt: '2026-01-01T00:00:00Z' },
      { ...base, customer: 999999999 },
      { ...base, foo: 1 },
      { ...base, serviceAdvisor: 'x' },
    ]) {
      const res = await call('POST', '/api/repair_orders', adminTok, body);
      expect([400, 422], `${JSON.stringify(body)} → ${res.body}`).toContain(res.statusCode);
    }
    for (const body of [{ price: 'x' }, { customer: w.customerId }, { promisedAt: '2000-01-01T00:00:00Z' }, { status: null }]) {
      const res = await call('PATCH', `/api/repair_orders/${w.orderId}`, adminTok, body);
      expect([400, 422], `${JSON.stringify(body)} → ${res.body}`).toContain(res.statusCode);
    }
    for (const q of ['per_page=0', 'per_page=51', 'exists[closedAt]=maybe', 'status=x', 'customer=abc', 'page=0', `q=${'x'.repeat(101)}`])
      expect((await call('GET', `/api/repair_orders?${q}`, adminTok)).statusCode, q).toBe(400);
    for (const action of ['close', 'reopen', 'send_vehicle_ready', 'send_approval_request', 'send_survey'])
      expect([400, 422], action).toContain((await call('PUT', `/api/repair_orders/${w.orderId}/${action}`, adminTok, { bogus: true })).statusCode);
    expect((await call('PUT', `/api/repair_orders/${w.orderId}/close`, adminTok, { withoutSurvey: 'yes' })).statusCode).toBeOneOf([400, 422]);
    expect((await call('GET', '/api/repair_orders/0', adminTok)).statusCode).toBe(400);
    expect((await call('GET', '/api/repair_orders/999999999', adminTok)).statusCode).toBe(404);
  });
});

describe('closing and actions', () => {
  it('refuses to close while a line is pending, cancels waiting automations except the survey, and freezes the lines', async () => {
    const c = await seedCompany(t.db);
    const tok = (await login(t.app, c.admin.email)).token;
    await setAutomotive(t, c.companyId, { repairOrderStatusUrl: 'Status: {status_url}', repairOrderStatusMessageHoursAfter: 6 });
    const w = await seedOrderWorld(t, c, tok);
    const line = (await call('POST', '/api/repair_order_lines', tok, { repairOrder: w.orderId, description: 'Pads', price: 5000 })).json();
    const refused = await call('PUT', `/api/repair_orders/${w.orderId}/close`, tok, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(REPAIR_ORDER_LINES_NOT_CLOSED);
    expect((await call('PATCH', `/api/repair_order_lines/${line.id}`, tok, { status: 'rejected' })).json()).toMatchObject({
      status: 'rejected',
      decidedBy: 'staff',
    });
    const closed = await call('PUT', `/api/repair_orders/${w.orderId}/close`, tok, { withoutSurvey: true });
    expect(closed.json()).toMatchObject({ state: 'closed' });
    expect(await automatedRows(t, c.companyId, 'repair_order', w.orderId)).toMatchObject([{ kind: 'status_url', state: 'cancelled' }]);
    expect((await call('PATCH', `/api/repair_order_lines/${line.id}`, tok, { price: 1 })).statusCode).toBe(409);
    expect((await call('POST', '/api/repair_order_lines', tok, { repairOrder: w.orderId, description: 'More', price: 1 })).statusCode).toBe(409);
    expect((await call('DELETE', `/api/repair_order_lines/${line.id}`, tok)).statusCode).toBe(409);
    expect((await call('PUT', `/api/repair_orders/${w.orderId}/close`, tok, {})).statusCode).toBe(409);
    expect((await call('PUT', `/api/repair_orders/${w.orderId}/reopen`, tok, {})).json()).toMatchObject({ state: 'open' });
  });

  it('sends vehicle ready once, even under five parallel clicks', async () => {
    const c = await seedCompany(t.db);
    const tok = (await login(t.app, c.admin.email)).token;
    const w = await seedOrderWorld(t, c, tok);
    const url = `/api/repair_orders/${w.orderId}/send_vehicle_ready`;
    expect((await call('PUT', url, tok, {})).statusCode).toBe(409);
    await setAutomotive(t, c.companyId, { vehicleReady: 'Your car is ready: {vehicle_ready_url}' });
    const res = await Promise.all([1, 2, 3, 4, 5].map(() => call('PUT', url, tok, {})));
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(res.find((r) => r.statusCode === 409)!.json().detail).toBe('message_already_sent');
    expect(res.find((r) => r.statusCode === 200)!.json().vehicleReadySentAt).not.toBeNull();
    expect(await automatedRows(t, c.companyId, 'repair_order', w.orderId)).toMatchObject([{ key: `repair_order:${w.orderId}:vehicle_ready` }]);
  });

  it('plans the status link, the prior-to-arrival notice (moved, cleared) and status updates', async () => {
    const c = await seedCompany(t.db);
    const tok = (await login(t.app, c.admin.email)).token;
    await setAutomotive(t, c.companyId, {
      repairOrderStatusUrl: 'Follow: {status_url}',
      repairOrderStatusMessageHoursAfter: 24,
      vehicleReadyNotifyMinutesPriorToArrival: 30,
      vehicleReadyNotifyPriorToArrivalText: 'Ready in {minutes} min: {vehicle_ready_url}',
      repairOrderStatusUpdate: 'Update: {status_url}',
    });
    const openedAt = new Date(Date.now() - HOUR);
    const promisedAt = new Date(Date.now() + 5 * HOUR);
    const w = await seedOrderWorld(t, c, tok, { order: { openedAt: openedAt.toISOString(), promisedAt: promisedAt.toISOString() } });
    const rows = () => automatedRows(t, c.companyId, 'repair_order', w.orderId);
    const planned = await rows();
    expect(planned.map((r) => [r.kind, r.state, r.dueAt.getTime()])).toEqual([
      ['status_url', 'planned', openedAt.getTime() + 24 * HOUR],
      ['prior_to_arrival', 'planned', promisedAt.getTime() - 30 * 60_000],
    ]);
    const moved = new Date(Date.now() + 8 * HOUR);
    await call('PATCH', `/api/repair_orders/${w.orderId}`, tok, { promisedAt: moved.toISOString() });
    expect((await rows()).find((r) => r.kind === 'prior_to_arrival')!.dueAt.getTime()).toBe(moved.getTime() - 30 * 60_000);
    await call('PATCH', `/api/repair_orders/${w.orderId}`, tok, { status: 'in_progress' });
    await call('PATCH', `/api/repair_orders/${w.orderId}`, tok, { status: 'on_hold' });
    expect((await rows()).filter((r) => r.kind === 'status_update').map((r) => r.key)).toEqual([
      `repair_order:${w.orderId}:status_update:1`,
      `repair_order:${w.orderId}:status_update:2`,
    ]);
    await call('PATCH', `/api/repair_orders/${w.orderId}`, tok, { promisedAt: null });
    expect((await rows()).find((r) => r.kind === 'prior_to_arrival')!.state).toBe('cancelled');
    await call('PUT', `/api/repair_orders/${w.orderId}/close`, tok, {});
    expect((await rows()).filter((r) => r.state === 'planned')).toEqual([]);
  });

  it('records the survey request only when a survey text is configured', async () => {
    const c = await seedCompany(t.db);
    const tok = (await login(t.app, c.admin.email)).token;
    const w = await seedOrderWorld(t, c, tok);
    const url = `/api/repair_orders/${w.orderId}/send_survey`;
    const refused = await call('PUT', url, tok, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(SURVEY_NOT_CONFIGURED);
    await setSurveySettings(t, c.companyId, { text: 'How did we do? {survey_url}' });
    const sent = (await call('PUT', url, tok, {})).json();
    expect(sent.surveyRequestedAt).not.toBeNull();
    expect(sent.survey).toMatch(/^\/api\/surveys\/\d+$/);
    expect((await call('PUT', url, tok, {})).statusCode).toBe(409);
    // The survey is its own entity: one survey, one text (the surveys module).
    const surveyId = Number(sent.survey.split('/').pop());
    expect(await automatedRows(t, c.companyId, 'survey', surveyId)).toMatchObject([{ kind: 'survey', key: `survey:${surveyId}:survey` }]);
    const withSurvey = await call('GET', `/api/repair_orders?customer=${w.customerId}&exists[survey]=true`, tok);
    expect(withSurvey.json().member.map((o: { id: number }) => o.id)).toEqual([w.orderId]);
  });

  it('fills the customer resource with its last open and last closed order', async () => {
    const w = await seedOrderWorld(t, a, adminTok);
    const closedOne = await call('POST', '/api/repair_orders', adminTok, { customer: w.customerId, number: unique('C'), title: 'Old', price: 0 });
    await call('PUT', `/api/repair_orders/${closedOne.json().id}/close`, adminTok, {});
    const customer = (await call('GET', `/api/customers/${w.customerId}`, adminTok)).json();
    expect(customer.lastOpenRepairOrder).toMatchObject({ id: w.orderId, '@id': `/api/repair_orders/${w.orderId}`, closedAt: null });
    expect(customer.lastClosedRepairOrder).toMatchObject({ id: closedOne.json().id, title: 'Old' });
    const list = (await call('GET', `/api/customers?search=${encodeURIComponent(w.phone.slice(-7))}`, adminTok)).json();
    expect(list.member.find((m: { id: number }) => m.id === w.customerId)).toMatchObject({
      lastOpenRepairOrder: { id: w.orderId },
      lastClosedRepairOrder: { id: closedOne.json().id },
    });
  });
});
