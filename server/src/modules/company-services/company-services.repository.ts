import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client';
import { companyServices, type TCompanyServiceRow } from './company-services.schema';

export type TServiceValues = { title: string; description: string; durationMinutes: number; priceCents: number };

/** One page (or all, with `limit` null) ordered by title; the total comes from a second statement only when paged. */
export async function listServices(
  tx: TTx,
  opts: { companyId: number; limit: number | null; offset: number },
): Promise<{ rows: TCompanyServiceRow[]; total: number }> {
  const where = eq(companyServices.companyId, opts.companyId);
  let q = tx
    .select()
    .from(companyServices)
    .where(where)
    .orderBy(sql`lower(${companyServices.title})`, asc(companyServices.id))
    .$dynamic();
  if (opts.limit !== null) q = q.limit(opts.limit).offset(opts.offset);
  const rows = await q;
  if (opts.limit === null) return { rows, total: rows.length };
  const [c] = await tx.select({ n: count() }).from(companyServices).where(where);
  return { rows, total: Number(c?.n ?? 0) };
}

/** By id; `companyId` null (system scope, super admins) finds it in any company. */
export async function findService(tx: TTx, opts: { companyId: number | null; id: number }): Promise<TCompanyServiceRow | undefined> {
  const byId = eq(companyServices.id, opts.id);
  const [row] = await tx
    .select()
    .from(companyServices)
    .where(opts.companyId === null ? byId : and(eq(companyServices.companyId, opts.companyId), byId))
    .limit(1);
  return row;
}

export async function insertService(tx: TTx, values: TServiceValues & { companyId: number }): Promise<TCompanyServiceRow> {
  const [row] = await tx.insert(companyServices).values(values).returning();
  return row!;
}

export async function updateService(
  tx: TTx,
  opts: { companyId: number; id: number; values: Partial<TServiceValues> },
): Promise<TCompanyServiceRow | undefined> {
  const [row] = await tx
    .update(companyServices)
    .set({ ...opts.values, updatedAt: new Date() })
    .where(and(eq(companyServices.companyId, opts.companyId), eq(companyServices.id, opts.id)))
    .returning();
  return row;
}

export async function deleteService(tx: TTx, opts: { companyId: number; id: number }) {
  await tx.delete(companyServices).where(and(eq(companyServices.companyId, opts.companyId), eq(companyServices.id, opts.id)));
}
