import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTAL_COUNT_CAP } from '../src/db/capped-count';
import { runInScope } from '../src/db/client';
import { bearer, createTestApp, login, seedCompany, seedSuperAdmin, unique, type TTestApp } from './helpers';

// Large lists count their first page only up to a cap (docs/decisions.md, "List totals"): above it they answer
// `totalItemsAtLeast`, `exactTotal=true` counts everything, and later keyset pages carry no total.
let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const OVER = TOTAL_COUNT_CAP + 1;

async function companyWithCustomers(n: number) {
  const co = await seedCompany(t.db);
  await runInScope(t.db, { companyId: co.companyId }, (tx) =>
    tx.execute(sql`insert into customers (company_id, phone, first_name, last_name, bumped_at)
      select ${co.companyId}, '+1556' || lpad(g::text, 7, '0'), 'Bulk', 'Customer' || g, now() - g * interval '1 second'
      from generate_series(1, ${n}::int) g`),
  );
  return { co, token: (await login(t.app, co.admin.email)).token };
}

describe('list totals', () => {
  it('inbox: exact under the cap, "at least" over it, exact on demand, none on later pages', async () => {
    const small = await companyWithCustomers(3);
    const s = (await get(small.token, '/api/customers?itemsPerPage=2')).json();
    expect(s.totalItems).toBe(3);
    expect(s.totalItemsAtLeast).toBeUndefined();

    const { token } = await companyWithCustomers(OVER);
    const first = await get(token, '/api/customers?itemsPerPage=5');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.member).toHaveLength(5);
    expect(body.totalItems).toBeUndefined();
    expect(body.totalItemsAtLeast).toBe(TOTAL_COUNT_CAP);

    const exact = (await get(token, '/api/customers?itemsPerPage=5&exactTotal=true')).json();
    expect(exact.totalItems).toBe(OVER);
    expect(exact.totalItemsAtLeast).toBeUndefined();
    // The link to the next page does not repeat the full count.
    expect(exact.view.next).not.toContain('exactTotal');

    const next = (await get(token, body.view.next)).json();
    expect(next.member).toHaveLength(5);
    expect(next.totalItems).toBeUndefined();
    expect(next.totalItemsAtLeast).toBeUndefined();

    // The search filter counts what it matches.
    const found = (await get(token, '/api/customers?search=Customer100')).json();
    expect(found.totalItems).toBe(3); // Customer100, Customer1000 and Customer1001
    expect((await get(token, '/api/customers?exactTotal=maybe')).statusCode).toBe(400);
  });

  it('repair orders: a capped total still links the next page but not the last', async () => {
    const { co, token } = await companyWithCustomers(1);
    await runInScope(t.db, { companyId: co.companyId }, (tx) =>
      tx.execute(sql`insert into repair_orders (company_id, customer_id, number, title, opened_at)
        select ${co.companyId}, (select id from customers where company_id = ${co.companyId}), 'RO-' || g, 'Oil change', now() - g * interval '1 minute'
        from generate_series(1, ${OVER}::int) g`),
    );
    const first = (await get(token, '/api/repair_orders?per_page=50')).json();
    expect(first.member).toHaveLength(50);
    expect(first.totalItemsAtLeast).toBe(TOTAL_COUNT_CAP);
    expect(first.view.last).toBeUndefined();
    expect(first.view.next).toContain('page=2');
    // A page past the cap counts just past itself, so it knows whether another follows.
    const deep = (await get(token, '/api/repair_orders?per_page=50&page=21')).json();
    expect(deep.member).toHaveLength(1);
    expect(deep.totalItems).toBe(OVER);
    expect(deep.view.next).toBeUndefined();
    const exact = (await get(token, '/api/repair_orders?per_page=50&exactTotal=1')).json();
    expect(exact.totalItems).toBe(OVER);
    expect(exact.view.last).toContain('page=21');
    expect(exact.view.next).not.toContain('exactTotal');
  });

  it('surveys: the first page counts (capped), later pages do not', async () => {
    const { co, token } = await companyWithCustomers(1);
    await runInScope(t.db, { companyId: co.companyId }, (tx) =>
      tx.execute(sql`insert into surveys (company_id, customer_id, state, due_at, sent_at)
        select ${co.companyId}, (select id from customers where company_id = ${co.companyId}), 'pending', now(), now() - g * interval '1 minute'
        from generate_series(1, ${OVER}::int) g`),
    );
    const first = (await get(token, '/api/surveys?itemsPerPage=10')).json();
    expect(first.member).toHaveLength(10);
    expect(first.totalItemsAtLeast).toBe(TOTAL_COUNT_CAP);
    const next = (await get(token, first.view.next)).json();
    expect(next.member).toHaveLength(10);
    expect(next.totalItems).toBeUndefined();
    expect(next.totalItemsAtLeast).toBeUndefined();
    expect((await get(token, '/api/surveys?itemsPerPage=10&exactTotal=true')).json().totalItems).toBe(OVER);
  });

  it('error reports: the same rules for the super admin log', async () => {
    const root = await seedSuperAdmin(t.db);
    const token = (await login(t.app, root.email)).token;
    const release = unique('rel');
    await runInScope(t.db, { companyId: null, system: true }, (tx) =>
      tx.execute(sql`insert into error_reports (release, message, received_at)
        select ${release}, 'boom ' || g, now() - g * interval '1 second' from generate_series(1, ${OVER}::int) g`),
    );
    const first = (await get(token, `/api/error_reports?release=${release}&itemsPerPage=20`)).json();
    expect(first.totalItemsAtLeast).toBe(TOTAL_COUNT_CAP);
    const next = (await get(token, first.view.next)).json();
    expect(next.member).toHaveLength(20);
    expect(Date.parse(next.member[0].receivedAt)).toBeLessThan(Date.parse(first.member[19].receivedAt));
    expect(next.totalItemsAtLeast).toBeUndefined();
    expect((await get(token, `/api/error_reports?release=${release}&exactTotal=true`)).json().totalItems).toBe(OVER);
  });

  it('the unread badge counts up to 100 and then says capped', async () => {
    const few = await companyWithCustomers(3);
    const many = await companyWithCustomers(150);
    for (const c of [few, many])
      await runInScope(t.db, { companyId: c.co.companyId }, (tx) =>
        tx.execute(sql`update customers set last_inbound_at = now() where company_id = ${c.co.companyId}`),
      );
    expect((await get(few.token, '/api/customers/read_state')).json()).toEqual({ unread: 3 });
    expect((await get(many.token, '/api/customers/read_state')).json()).toEqual({ unread: 100, capped: true });
  });
});
