import { asc, count, eq, ilike, or } from 'drizzle-orm';
import type { TTx } from '../../db/client';
import { companies, type TCompanyRow } from './companies.schema';

export async function findCompany(tx: TTx, id: number): Promise<TCompanyRow | undefined> {
  const [row] = await tx.select().from(companies).where(eq(companies.id, id)).limit(1);
  return row;
}

export async function listCompanies(
  tx: TTx,
  opts: { search?: string; limit: number | null; offset: number },
): Promise<{ rows: TCompanyRow[]; total: number }> {
  const like = opts.search ? `%${opts.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = like ? or(ilike(companies.name, like), ilike(companies.slug, like)) : undefined;
  let q = tx.select().from(companies).where(where).orderBy(asc(companies.name), asc(companies.id)).$dynamic();
  if (opts.limit !== null) q = q.limit(opts.limit).offset(opts.offset);
  const rows = await q;
  if (opts.limit === null) return { rows, total: rows.length };
  const [c] = await tx.select({ n: count() }).from(companies).where(where);
  return { rows, total: Number(c?.n ?? 0) };
}

export async function insertCompany(tx: TTx, values: typeof companies.$inferInsert): Promise<TCompanyRow> {
  const [row] = await tx.insert(companies).values(values).returning();
  return row!;
}

export async function updateCompany(
  tx: TTx,
  opts: { id: number; values: Partial<typeof companies.$inferInsert> },
): Promise<TCompanyRow | undefined> {
  const [row] = await tx
    .update(companies)
    .set({ ...opts.values, updatedAt: new Date() })
    .where(eq(companies.id, opts.id))
    .returning();
  return row;
}

export async function deleteCompany(tx: TTx, id: number): Promise<boolean> {
  const rows = await tx.delete(companies).where(eq(companies.id, id)).returning({ id: companies.id });
  return rows.length > 0;
}

/** Webhooks name their company by slug (system scope: the caller is a provider, not a user). */
export async function findCompanyBySlug(tx: TTx, slug: string): Promise<TCompanyRow | undefined> {
  const [row] = await tx.select().from(companies).where(eq(companies.slug, slug)).limit(1);
  return row;
}
