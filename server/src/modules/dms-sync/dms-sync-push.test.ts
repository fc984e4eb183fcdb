import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInScope } from '../../db/client';
import { sampleOpenRepairOrder, startFakeDealertrack, type TFakeDealertrack } from '../../../test/fakes/fake-dealertrack';
import { bearer, createTestApp, login, seedCompany, unique, type TTestApp } from '../../../test/helpers';
import { enqueueApprovedLinePushes } from './dms-sync.api';

let fake: TFakeDealertrack;
let t: TTestApp;

beforeAll(async () => {
  fake = await startFakeDealertrack();
  t = await createTestApp({
    DEALERTRACK_BASE_URL: fake.baseUrl,
    DEALERTRACK_USERNAME: fake.username,
    DEALERTRACK_PASSWORD: fake.password,
    DMS_TIMEOUT_MS: '1500',
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

/** A company whose DMS order `<dealer>1` was imported; returns its id and the fake's copy. */
async function importedOrder(dms: Record<string, unknown> = {}) {
  const s = await seedCompany(t.db);
  const dealer = unique('P')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(-10);
  fake.grants.get('ZE')!.add(dealer);
  const settings = { dmsType: 'vendor_a', enabled: true, dtCompanyNumber: dealer, dtEnterpriseCode: 'ZE', sendApprovedRepairOrderLinesToDms: true, ...dms };
  await runInScope(t.db, { companyId: null, system: true }, (tx) =>
    tx.execute(sql`update companies set dms = ${JSON.stringify(settings)}::jsonb, phone = '+13125550100' where id = ${s.companyId}`),
  );
  const ro = { ...sampleOpenRepairOrder(), companyNumber: dealer, repairOrderNumber: `${dealer}1`, customerKey: `${dealer}C`, vin: '', modifiedAt: new Date() };
  fake.openRepairOrders.push(ro);
  const adminTok = (await login(t.app, s.admin.email)).token;
  expect((await t.app.inject({ method: 'POST', url: '/api/dms/sync', headers: bearer(adminTok), payload: { companyId: s.companyId } })).statusCode).toBe(202);
  await t.app.deps.jobs.drain();
  const orderId = await runInScope(t.db, { companyId: s.companyId }, async (tx) =>
    Number(((await tx.execute(sql`select id from repair_orders where company_id = ${s.companyId}`)).rows[0] as { id: string }).id),
  );
  return { s, ro, orderId, adminTok };
}

/** An approved extra line (the customer said yes on the approval page). */
async function approvedLine(companyId: number, orderId: number, description: string): Promise<number> {
  return runInScope(t.db, { companyId }, async (tx) => {
    const res = await tx.execute(sql`insert into repair_order_lines (company_id, repair_order_id, description, price_cents, status, decided_by, decided_at)
      values (${companyId}, ${orderId}, ${description}, 12000, 'approved', 'customer', now()) returning id`);
    return Number((res.rows[0] as { id: string }).id);
  });
}

const queue = (companyId: number, repairOrderId: number, lineIds: number[]) =>
  runInScope(t.db, { companyId }, (tx) => enqueueApprovedLinePushes(tx, { companyId, repairOrderId, lineIds }));

const addCalls = () => fake.requests.filter((r) => r.operation === 'AddRepairOrderLines').length;

async function pushesOf(tok: string, orderId: number) {
  const res = await t.app.inject({ method: 'GET', url: `/api/dms/pushes?repairOrder=${orderId}`, headers: bearer(tok) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().member as { state: string; attempts: number; lastError: string | null; nextAttemptAt: string | null }[];
}

/** The vendor is back: make the waiting attempt due now (instead of waiting out the back-off). */
async function makeDue(companyId: number) {
  await runInScope(t.db, { companyId: null, system: true }, async (tx) => {
    await tx.execute(sql`update dms_pushes set next_attempt_at = now() where company_id = ${companyId} and state = 'pending'`);
    await tx.execute(sql`update outbox_jobs set run_at = now() where company_id = ${companyId} and kind = 'dms:push_lines' and done_at is null`);
  });
}

describe('pushing approved lines to the DMS', () => {
  it('queues while the vendor is down, retries with back-off, and adds the line once when it returns', async () => {
    const { s, ro, orderId, adminTok } = await importedOrder();
    const lineId = await approvedLine(s.companyId, orderId, 'REPLACE FRONT PADS');
    expect(await queue(s.companyId, orderId, [lineId])).toBe(1);
    const before = addCalls();
    fake.failNext(1, 503);
    await t.app.deps.jobs.drain();
    const waiting = await pushesOf(adminTok, orderId);
    expect(waiting).toMatchObject([{ state: 'pending', attempts: 1, lastError: expect.stringMatching(/Dealertrack/) }]);
    // The order itself says what waits and why.
    const orderNow = () => t.app.inject({ method: 'GET', url: `/api/repair_orders/${orderId}`, headers: bearer(adminTok) }).then((r) => r.json());
    expect(await orderNow()).toMatchObject({ dmsPendingPushes: 1, dmsLastError: waiting[0]!.lastError });
    const due = Date.parse(waiting[0]!.nextAttemptAt!) - Date.now();
    expect(due).toBeGreaterThan(20_000);
    expect(due).toBeLessThanOrEqual(30_000);
    // The job waits for that time instead of giving up.
    const job = await runInScope(
      t.db,
      { companyId: null, system: true },
      async (tx) =>
        (await tx.execute(sql`select run_at, done_at from outbox_jobs where company_id = ${s.companyId} and kind = 'dms:push_lines'`)).rows as {
          run_at: string;
          done_at: string | null;
        }[],
    );
    expect(job).toHaveLength(1);
    expect(job[0]!.done_at).toBeNull();

    await makeDue(s.companyId);
    await t.app.deps.jobs.drain();
    expect(await pushesOf(adminTok, orderId)).toMatchObject([{ state: 'done', attempts: 2, lastError: null, nextAttemptAt: null }]);
    expect(await orderNow()).toMatchObject({ dmsPendingPushes: 0, dmsLastError: null });
    expect(addCalls() - before).toBe(1);
    expect(ro.details.filter((d) => d.comments === 'REPLACE FRONT PADS')).toHaveLength(1);
    const line = await runInScope(
      t.db,
      { companyId: s.companyId },
      async (tx) =>
        (await tx.execute(sql`select dms_pushed_at, dms_key, price_cents::int as price_cents from repair_order_lines where id = ${lineId}`)).rows[0] as Record<
          string,
          unknown
        >,
    );
    expect(line.dms_pushed_at).not.toBeNull();
    expect(line.dms_key).toBe('2');

    // Never twice: queueing again does nothing, a stray job sends nothing, and the next import keeps one line with our price.
    expect(await queue(s.companyId, orderId, [lineId])).toBe(0);
    await runInScope(t.db, { companyId: s.companyId }, (tx) =>
      tx.execute(
        sql`insert into outbox_jobs (company_id, kind, payload) values (${s.companyId}, 'dms:push_lines', ${JSON.stringify({ repairOrderId: orderId })}::jsonb)`,
      ),
    );
    await t.app.deps.jobs.drain();
    expect(addCalls() - before).toBe(1);
    expect((await t.app.inject({ method: 'POST', url: '/api/dms/sync', headers: bearer(adminTok), payload: { companyId: s.companyId } })).statusCode).toBe(202);
    await t.app.deps.jobs.drain();
    const lines = await runInScope(
      t.db,
      { companyId: s.companyId },
      async (tx) =>
        (await tx.execute(sql`select description, price_cents::int as price_cents from repair_order_lines where repair_order_id = ${orderId} order by id`))
          .rows,
    );
    expect(lines).toEqual([
      { description: 'CUSTOMER STATES BRAKES SQUEAL AT LOW SPEED', price_cents: 8995 },
      { description: 'REPLACE FRONT PADS', price_cents: 12000 },
    ]);
  });

  it('does not add a line twice when an earlier answer was lost (the line is already at the DMS)', async () => {
    const { s, ro, orderId, adminTok } = await importedOrder();
    const lineId = await approvedLine(s.companyId, orderId, 'ROTATE TIRES');
    ro.details.push({ serviceLineNumber: '2', lineType: 'A', transCode: 'CP', comments: 'ROTATE TIRES', lineStatus: 'I', laborOpCode: '*', netItemTotal: '0' });
    const before = addCalls();
    await queue(s.companyId, orderId, [lineId]);
    await t.app.deps.jobs.drain();
    expect(await pushesOf(adminTok, orderId)).toMatchObject([{ state: 'done' }]);
    expect(addCalls()).toBe(before);
    expect(ro.details.filter((d) => d.comments === 'ROTATE TIRES')).toHaveLength(1);
  });

  it('records a refusal as failed with the vendor’s words, without retrying', async () => {
    const { s, ro, orderId, adminTok } = await importedOrder();
    ro.serviceWriterId = 'OLD'; // an inactive writer: Dealertrack answers RO27
    const lineId = await approvedLine(s.companyId, orderId, 'WIPER BLADES');
    await queue(s.companyId, orderId, [lineId]);
    await t.app.deps.jobs.drain();
    expect(await pushesOf(adminTok, orderId)).toMatchObject([
      { state: 'failed', attempts: 1, lastError: expect.stringContaining('RO27'), nextAttemptAt: null },
    ]);
  });

  it('queues nothing when the company does not send approved lines, for lines from the DMS, or for an order the DMS never had', async () => {
    const off = await importedOrder({ sendApprovedRepairOrderLinesToDms: false });
    expect(await queue(off.s.companyId, off.orderId, [await approvedLine(off.s.companyId, off.orderId, 'A')])).toBe(0);
    const on = await importedOrder();
    const dmsLine = await runInScope(t.db, { companyId: on.s.companyId }, async (tx) =>
      Number(((await tx.execute(sql`select id from repair_order_lines where repair_order_id = ${on.orderId}`)).rows[0] as { id: string }).id),
    );
    expect(await queue(on.s.companyId, on.orderId, [dmsLine])).toBe(0);
    await runInScope(t.db, { companyId: on.s.companyId }, (tx) =>
      tx.execute(sql`update repair_orders set dms_key = null, dms_vendor = null where id = ${on.orderId}`),
    );
    expect(await queue(on.s.companyId, on.orderId, [await approvedLine(on.s.companyId, on.orderId, 'B')])).toBe(0);
  });

  it('shows the pushes to the company’s users only', async () => {
    const { s, orderId } = await importedOrder();
    await queue(s.companyId, orderId, [await approvedLine(s.companyId, orderId, 'CABIN FILTER')]);
    const agentTok = (await login(t.app, s.agent.email)).token;
    expect(await pushesOf(agentTok, orderId)).toHaveLength(1);
    const other = await seedCompany(t.db);
    const intruder = (await login(t.app, other.admin.email)).token;
    const res = await t.app.inject({ method: 'GET', url: `/api/dms/pushes?repairOrder=${orderId}`, headers: bearer(intruder) });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('CABIN');
    await t.app.deps.jobs.drain();
  });
});
