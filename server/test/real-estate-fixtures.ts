import { sql } from 'drizzle-orm';
import { runInScope } from '../src/db/client';
import type { TTestApp } from './helpers';

/** Turns the real estate module on (or off) for a company, straight in the database. */
export async function setRealEstate(t: Pick<TTestApp, 'db'>, companyId: number, on = true): Promise<void> {
  await runInScope(t.db, { companyId: null, system: true }, (tx) =>
    tx.execute(sql`update companies set modules = modules || ${JSON.stringify({ realEstate: on })}::jsonb where id = ${companyId}`),
  );
}

/** Adds keywords to a company (what the super admin's generate does) and gives their ids in order. */
export async function seedKeywords(t: Pick<TTestApp, 'db'>, companyId: number, names: string[]): Promise<number[]> {
  return runInScope(t.db, { companyId: null, system: true }, async (tx) => {
    const ids: number[] = [];
    for (const name of names) {
      const res = await tx.execute(sql`insert into keywords (company_id, name) values (${companyId}, ${name}) returning id::int as id`);
      ids.push(Number((res.rows[0] as { id: number }).id));
    }
    return ids;
  });
}

/** A fresh keyword name of the unambiguous alphabet, unlikely to meet another test's. */
export function freshKeywordName(): string {
  const alphabet = 'CDFGHJKMNPRTVWXY';
  let s = 'T';
  for (let i = 0; i < 9; i++) s += alphabet[Math.floor(Math.random() * alphabet.length)];
  return s;
}
