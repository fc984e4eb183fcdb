import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInScope } from '../src/db/client';
import { AppError } from '../src/lib/errors';
import { createTestApp, recordStatements, seedCompany, type TSeededCompany, type TTestApp } from './helpers';

/**
 * runInScope opens its transaction and sets the scope in one round trip on PostgreSQL (decisions.md, "One round
 * trip to open a scoped transaction"); PGlite keeps drizzle's transaction. Both must behave the same.
 */
let t: TTestApp;
let a: TSeededCompany;
let b: TSeededCompany;

beforeAll(async () => {
  t = await createTestApp();
  a = await seedCompany(t.db);
  b = await seedCompany(t.db);
});
afterAll(() => t.close());

const visibleCompanies = (companyId: number | null, system = false) =>
  runInScope(t.db, { companyId, system }, async (tx) => {
    const res = await tx.execute(sql`select id::int as id from companies where id in (${a.companyId}, ${b.companyId}) order by id`);
    return (res.rows as { id: number }[]).map((r) => r.id);
  });

describe('runInScope', () => {
  it('applies the tenant, the system flag and the non-owner role to the whole transaction', async () => {
    expect(await visibleCompanies(a.companyId)).toEqual([a.companyId]);
    expect(await visibleCompanies(b.companyId)).toEqual([b.companyId]);
    expect(await visibleCompanies(null)).toEqual([]);
    expect(await visibleCompanies(null, true)).toEqual([a.companyId, b.companyId].sort((x, y) => x - y));
    const role = await runInScope(t.db, { companyId: a.companyId }, async (tx) => (await tx.execute(sql`select current_user as u`)).rows[0]);
    expect(role).toEqual({ u: 'courier_app' });
  });

  it('rolls back on a thrown error and leaves no setting behind for the next transaction on the connection', async () => {
    const name = `Rolled back ${Date.now()}`;
    await expect(
      runInScope(t.db, { companyId: a.companyId }, async (tx) => {
        await tx.execute(sql`update companies set name = ${name} where id = ${a.companyId}`);
        throw new AppError('conflict', 'stop here');
      }),
    ).rejects.toThrow('stop here');
    const names = await runInScope(t.db, { companyId: null, system: true }, async (tx) => {
      const res = await tx.execute(sql`select name, current_setting('app.company_id', true) as scope from companies where id = ${a.companyId}`);
      return res.rows[0] as { name: string; scope: string };
    });
    expect(names.name).not.toBe(name);
    expect(names.scope).toBe('');
  });

  it('a failed statement aborts only its own transaction: the pool goes on working', async () => {
    for (let i = 0; i < 6; i++) {
      await expect(runInScope(t.db, { companyId: a.companyId }, (tx) => tx.execute(sql`select 1 / 0`))).rejects.toThrow();
    }
    expect(await visibleCompanies(a.companyId)).toEqual([a.companyId]);
  });

  it('shows begin, the scope and commit to the statement observer, as drizzle did', async () => {
    const statements = await recordStatements(t, () => visibleCompanies(a.companyId));
    expect(statements.some((s) => s.includes("set_config('app.company_id'"))).toBe(true);
    if (t.db.kind === 'postgres') {
      expect(statements[0]).toBe('begin');
      expect(statements.at(-1)).toBe('commit');
      expect(statements).toHaveLength(4);
    }
  });

  it('refuses a company id that is not an integer before anything reaches the database', async () => {
    if (t.db.kind !== 'postgres') return;
    await expect(runInScope(t.db, { companyId: 1.5 }, async () => 1)).rejects.toThrow('integer');
  });
});
