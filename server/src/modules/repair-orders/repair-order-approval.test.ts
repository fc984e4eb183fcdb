import { runWithLiveEvents } from '../../live/run-with-live-events';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPublicApprovalPage, TPublicStatusPage, TPublicVehicleReadyPage } from '@cd/contracts/customer-link';
import { createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { automatedRows, caller, seedOrderWorld, setAutomotive } from '../../../test/repair-order-fixtures';
import { runInScope } from '../../db/client';
import { saveMediaFromBuffer } from '../media/media.service';
import type { TCustomerLinkRow } from '../customer-links/customer-links.api';
import { repairOrderLinesApproved, type TRepairOrderLinesApproved } from './repair-orders.hooks';
import { approvalLinkPage, statusLinkPage, vehicleReadyLinkPage } from './repair-orders.pages';

let t: TTestApp;
let c: TSeededCompany;
let tok: string;
let call: ReturnType<typeof caller>;
const approvedEvents: TRepairOrderLinesApproved[] = [];
const recordApproval = (e: TRepairOrderLinesApproved) => void approvedEvents.push(e);

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  c = await seedCompany(t.db);
  tok = (await login(t.app, c.admin.email)).token;
  await setAutomotive(t, c.companyId, { repairOrderLineApproval: 'Please approve: {approval_url}' });
  repairOrderLinesApproved.attach(recordApproval);
});
afterAll(() => t.close());

function linkOf(w: { companyId: number; orderId: number; customerId: number }, purpose: TCustomerLinkRow['purpose']): TCustomerLinkRow {
  const now = new Date();
  return {
    companyId: w.companyId,
    id: 1,
    code: 'TestCode1234',
    purpose,
    entity: 'repair_order',
    entityId: w.orderId,
    customerId: w.customerId,
    automatedMessageId: null,
    expiresAt: null,
    revokedAt: null,
    firstOpenedAt: null,
    lastOpenedAt: null,
    openCount: 0,
    createdAt: now,
  };
}
const inScope = <T>(fn: Parameters<typeof runInScope<T>>[2]) => runInScope(t.db, { companyId: c.companyId }, fn);

describe('line approval', () => {
  it('asks about pending lines, shows them with photos, takes one answer, keeps denied lines as recommendations', async () => {
    const w = await seedOrderWorld(t, c, tok, { order: { price: 10000 } });
    const pdf = { filename: 'photo.pdf', mimetype: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') };
    const media = await saveMediaFromBuffer({ deps: t.app.deps, companyId: c.companyId, userId: c.admin.id, file: pdf });
    const l1 = (
      await call('POST', '/api/repair_order_lines', tok, {
        repairOrder: w.orderId,
        description: 'Front pads',
        price: 12000,
        files: [`/api/media_objects/${media.id}`],
      })
    ).json();
    expect(l1.files).toMatchObject([{ id: media.id }]);
    const l2 = (
      await call('POST', '/api/repair_order_lines', tok, { repairOrder: `/api/repair_orders/${w.orderId}`, description: 'Cabin filter', price: 3000 })
    ).json();
    expect((await call('PUT', `/api/repair_orders/${w.orderId}/send_approval_request`, tok, {})).statusCode).toBe(200);
    expect(await automatedRows(t, c.companyId, 'repair_order', w.orderId)).toMatchObject([{ key: `repair_order:${w.orderId}:line_approval:1` }]);

    const link = linkOf(w, 'approval');
    const page = (await inScope((tx) => approvalLinkPage.read(tx, { deps: t.app.deps, link }))) as TPublicApprovalPage;
    expect(page.lines.map((l) => [l.id, l.status])).toEqual([
      [l1.id, 'pending'],
      [l2.id, 'pending'],
    ]);
    expect(page.lines[0]!.files[0]!.url).toContain('/storage/');
    expect(page.totals).toEqual({ pending: 15000, approved: 0, denied: 0 });
    expect(page.answeredAt).toBeNull();

    const answer = (answers: { lineId: number; decision: 'approved' | 'denied' }[]) =>
      runWithLiveEvents({
        deps: t.app.deps,
        scope: { companyId: link.companyId },
        fn: (tx, emit) => approvalLinkPage.answer!(tx, { deps: t.app.deps, link, body: { answers }, emit }),
      }).then(
        (p) => ({ ok: true as const, page: p as TPublicApprovalPage }),
        (err: { status?: number; message: string }) => ({ ok: false as const, status: err.status, message: err.message }),
      );
    const results = await Promise.all([
      answer([
        { lineId: l1.id, decision: 'approved' },
        { lineId: l2.id, decision: 'denied' },
      ]),
      answer([
        { lineId: l1.id, decision: 'denied' },
        { lineId: l2.id, decision: 'approved' },
      ]),
    ]);
    const applied = results.filter((r) => r.ok);
    expect(applied).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ status: 409 });
    const order = (await call('GET', `/api/repair_orders/${w.orderId}`, tok)).json();
    const statuses = order.repairOrderLines.map((l: { status: string; decidedBy: string }) => [l.status, l.decidedBy]);
    expect(statuses.map((s: string[]) => s[1])).toEqual(['customer', 'customer']);
    expect(applied[0]!.page.answeredAt).not.toBeNull();
    const approvedLine = order.repairOrderLines.find((l: { status: string }) => l.status === 'approved');
    const deniedLine = order.repairOrderLines.find((l: { status: string }) => l.status === 'denied');
    expect(approvedEvents.filter((e) => e.order.id === w.orderId).map((e) => e.lines.map((l) => l.id))).toEqual([[approvedLine.id]]);
    // A third submission changes nothing.
    expect(
      await answer([
        { lineId: l1.id, decision: 'denied' },
        { lineId: l2.id, decision: 'denied' },
      ]),
    ).toMatchObject({ ok: false, status: 409 });

    const events = await runInScope(t.db, { companyId: null, system: true }, (tx) =>
      tx.execute(
        sql`select payload->>'entity' as entity from live_events where company_id = ${c.companyId} and payload->>'event' = 'updated' and (payload->'data'->>'id')::bigint = ${l1.id}`,
      ),
    );
    expect((events.rows as { entity: string }[]).map((r) => r.entity)).toContain('repair_order_line');

    const recs = (await call('GET', `/api/vehicles/${w.vehicleId}/recommendations`, tok)).json().member;
    expect(recs).toMatchObject([
      { description: deniedLine.description, price: deniedLine.price, status: 'open', sourceRepairOrder: `/api/repair_orders/${w.orderId}` },
    ]);
    const ready = (await inScope((tx) => vehicleReadyLinkPage.read(tx, { deps: t.app.deps, link: linkOf(w, 'vehicle_ready') }))) as TPublicVehicleReadyPage;
    expect(ready.amountDue).toBe(10000 + approvedLine.price);
    expect(ready.pickup.timezone).toBeTruthy();
    const status = (await inScope((tx) => statusLinkPage.read(tx, { deps: t.app.deps, link: linkOf(w, 'status') }))) as TPublicStatusPage;
    expect(status.repairOrder).toMatchObject({ state: 'open', vehicle: { make: 'Honda' } });
    expect(JSON.stringify(status)).not.toContain('vin');

    // The next order of the vehicle takes the recommendation up as a line.
    const next = await call('POST', '/api/repair_orders', tok, {
      customer: w.customerId,
      vehicle: w.vehicleId,
      number: `N-${w.orderId}`,
      title: 'Next visit',
      price: 0,
    });
    const taken = await call('POST', '/api/repair_order_lines', tok, {
      repairOrder: next.json().id,
      description: recs[0].description,
      price: recs[0].price,
      fromRecommendation: recs[0].id,
    });
    expect(taken.statusCode).toBe(201);
    expect((await call('GET', `/api/vehicles/${w.vehicleId}/recommendations`, tok)).json().member).toEqual([]);
    const again = await call('POST', '/api/repair_order_lines', tok, {
      repairOrder: next.json().id,
      description: 'x',
      price: 1,
      fromRecommendation: recs[0].id,
    });
    expect(again.statusCode).toBe(422);
  });

  it('refuses without a text or pending lines; staff decide on the customer’s behalf; bad answers are 422', async () => {
    const d = await seedCompany(t.db);
    const dTok = (await login(t.app, d.admin.email)).token;
    const w = await seedOrderWorld(t, d, dTok);
    const url = `/api/repair_orders/${w.orderId}/send_approval_request`;
    const line = (await call('POST', '/api/repair_order_lines', dTok, { repairOrder: w.orderId, description: 'Oil change', price: 5000 })).json();
    expect((await call('PUT', url, dTok, {})).json().detail).toBe('approval_request_not_configured');
    await setAutomotive(t, d.companyId, { repairOrderLineApproval: 'Approve: {approval_url}' });
    const link = linkOf({ ...w, companyId: d.companyId }, 'approval');
    const answer = (body: unknown) =>
      runWithLiveEvents({
        deps: t.app.deps,
        scope: { companyId: d.companyId },
        fn: (tx, emit) => approvalLinkPage.answer!(tx, { deps: t.app.deps, link, body, emit }),
      }).catch((e: { status: number }) => e.status);
    expect(await answer({ answers: [{ lineId: line.id, decision: 'approved' }] })).toBe(409); // not asked yet
    expect((await call('PUT', url, dTok, {})).statusCode).toBe(200);
    for (const body of [
      {},
      { answers: [] },
      { answers: [{ lineId: line.id, decision: 'maybe' }] },
      { answers: [{ lineId: 999999, decision: 'approved' }] },
      'x',
    ])
      expect(await answer(body), JSON.stringify(body)).toBe(422);
    const staff = await call('PATCH', `/api/repair_order_lines/${line.id}`, dTok, { status: 'approved' });
    expect(staff.json()).toMatchObject({ status: 'approved', decidedBy: 'staff' });
    expect(approvedEvents.some((e) => e.order.id === w.orderId && e.decidedBy === 'staff')).toBe(true);
    expect((await call('PUT', url, dTok, {})).json().detail).toBe('no_pending_lines');
  });
});

describe('lines', () => {
  it('ranks past descriptions for autocomplete', async () => {
    const d = await seedCompany(t.db);
    const dTok = (await login(t.app, d.admin.email)).token;
    const w = await seedOrderWorld(t, d, dTok);
    for (const [description, price] of [
      ['Oil change', 4000],
      ['oil change', 4500],
      ['Oil filter', 1500],
      ['Tyres', 40000],
    ] as const)
      await call('POST', '/api/repair_order_lines', dTok, { repairOrder: w.orderId, description, price });
    const res = await call('GET', '/api/repair_order_lines/autocomplete_options?q=OIL', dTok);
    expect(res.json()).toMatchObject([
      { uses: 2, lastPrice: 4500 },
      { description: 'Oil filter', uses: 1 },
    ]);
    expect((await call('GET', '/api/repair_order_lines/autocomplete_options', dTok)).json()).toHaveLength(3);
  });

  it('answers bad input with 400/422, refuses other companies’ files, never 500', async () => {
    const w = await seedOrderWorld(t, c, tok);
    const other = await seedCompany(t.db);
    const foreign = await saveMediaFromBuffer({
      deps: t.app.deps,
      companyId: other.companyId,
      userId: other.admin.id,
      file: { filename: 'a.pdf', mimetype: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
    });
    const base = { repairOrder: w.orderId, description: 'x', price: 1 };
    for (const body of [
      {},
      { ...base, price: -5 },
      { ...base, description: '' },
      { ...base, status: 'done' },
      { ...base, repairOrder: 999999999 },
      { ...base, files: ['nope'] },
      { ...base, files: [`/api/media_objects/${foreign.id}`] },
      { ...base, files: ['/api/media_objects/999999999'] },
      { ...base, fromRecommendation: 999999999 },
      { ...base, extra: 1 },
    ]) {
      const res = await call('POST', '/api/repair_order_lines', tok, body);
      expect([400, 422], `${JSON.stringify(body)} → ${res.body}`).toContain(res.statusCode);
    }
    const line = (await call('POST', '/api/repair_order_lines', tok, base)).json();
    for (const body of [{ price: 'x' }, { status: 'later' }, { repairOrder: w.orderId }, { files: 'x' }])
      expect([400, 422]).toContain((await call('PATCH', `/api/repair_order_lines/${line.id}`, tok, body)).statusCode);
    expect((await call('GET', `/api/repair_order_lines/autocomplete_options?q=${'x'.repeat(101)}`, tok)).statusCode).toBe(400);
    expect((await call('DELETE', `/api/repair_order_lines/${line.id}`, tok)).statusCode).toBe(204);
    expect((await call('GET', `/api/repair_order_lines/${line.id}`, tok)).statusCode).toBe(404);
  });
});
