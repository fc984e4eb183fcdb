import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInScope } from '../src/db/client';
import { problemFromDbError } from '../src/lib/db-errors';
import { bearer, createTestApp, login, seedCompany, seedSuperAdmin, unique, type TSeededCompany, type TTestApp } from './helpers';

let t: TTestApp;
let a: TSeededCompany;
let root: string;

beforeAll(async () => {
  t = await createTestApp();
  a = await seedCompany(t.db);
  root = (await login(t.app, (await seedSuperAdmin(t.db)).email)).token;
});
afterAll(() => t.close());

/** The error the real driver (PGlite or pg, through drizzle) raises for one statement. */
async function dbErrorOf(statement: ReturnType<typeof sql>): Promise<unknown> {
  try {
    await runInScope(t.db, { companyId: null, system: true }, (tx) => tx.execute(statement));
  } catch (err) {
    return err;
  }
  throw new Error('the statement was expected to fail');
}

describe('database constraint errors are answered as client errors on every route', () => {
  it('a super admin naming an unknown company for a company service gets 422 naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/company_services',
      headers: bearer(root),
      payload: { title: unique('svc'), duration: 30, price: 100, company: '/api/companies/999999999' },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().violations).toEqual([expect.objectContaining({ propertyPath: 'company' })]);
    expect(res.body).not.toMatch(/company_services_company_id_fkey|insert into/i);
  });

  it('a foreign key to a missing row is 422 naming the field, or 404 when the path names that row', async () => {
    const missing = 987654321;
    const group = await dbErrorOf(sql`insert into customer_group_members (company_id, group_id, customer_id) values (${a.companyId}, ${missing}, ${missing})`);
    const asBody = problemFromDbError(group, { routeUrl: '/api/customer_groups', params: {} });
    expect(asBody).toMatchObject({ status: 422, violations: [{ propertyPath: 'group' }] });
    const asPath = problemFromDbError(group, { routeUrl: '/api/customer_groups/:id/customers', params: { id: String(missing) } });
    expect(asPath?.status).toBe(404);
    // A path naming another kind of resource: the missing row came from the body.
    expect(problemFromDbError(group, { routeUrl: '/api/customers/:id/merge', params: { id: String(missing) } })?.status).toBe(422);
  });

  it('unique → 409, check and not-null → 422, out of range → 422, malformed text → 400', async () => {
    const phone = `+1555${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;
    await runInScope(t.db, { companyId: a.companyId }, (tx) => tx.execute(sql`insert into customers (company_id, phone) values (${a.companyId}, ${phone})`));
    const cases: [ReturnType<typeof sql>, number, string?][] = [
      [sql`insert into customers (company_id, phone) values (${a.companyId}, ${phone})`, 409],
      [sql`insert into company_services (company_id, title, duration_minutes, price_cents) values (${a.companyId}, 'x', 0, 0)`, 422],
      [sql`insert into customers (company_id, phone) values (${a.companyId}, null)`, 422],
      [sql`insert into company_services (company_id, title, duration_minutes, price_cents) values (${a.companyId}, null, 1, 0)`, 422, 'title'],
      [sql`select 32768::smallint`, 422],
      [sql`select ${'12abc'}::bigint`, 400],
      [sql`select ${'not a date'}::timestamptz`, 400],
    ];
    for (const [statement, status, field] of cases) {
      const problem = problemFromDbError(await dbErrorOf(statement), { routeUrl: '/api/things', params: {} });
      expect(problem?.status, JSON.stringify(statement)).toBe(status);
      if (field) expect(problem?.violations?.[0]?.propertyPath).toBe(field);
    }
  });

  it('errors that are not from the database are left to the other branches', () => {
    expect(problemFromDbError(new Error('boom'), {})).toBeUndefined();
    expect(problemFromDbError(Object.assign(new Error('pipe'), { code: 'EPIPE' }), {})).toBeUndefined();
  });
});
