import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client';
import { customerImports, type TCustomerImportInsert, type TCustomerImportRow, type TImportRowError } from './customer-import.schema';

export interface TImportScope {
  companyId: number;
  /** Non-admins see only their own imports. */
  userId: number | null;
}

export async function insertImport(tx: TTx, values: TCustomerImportInsert): Promise<TCustomerImportRow> {
  const [row] = await tx.insert(customerImports).values(values).returning();
  return row!;
}

export async function findImport(tx: TTx, opts: TImportScope & { id: number }): Promise<TCustomerImportRow | undefined> {
  const conds = [eq(customerImports.companyId, opts.companyId), eq(customerImports.id, opts.id)];
  if (opts.userId !== null) conds.push(eq(customerImports.userId, opts.userId));
  const [row] = await tx.select().from(customerImports).where(and(...conds)).limit(1);
  return row;
}

/** The import row locked for this transaction: two runs of one import (a lease that ran out) never apply a batch twice. */
export async function lockImport(tx: TTx, opts: { companyId: number; id: number }): Promise<TCustomerImportRow | undefined> {
  const [row] = await tx
    .select()
    .from(customerImports)
    .where(and(eq(customerImports.companyId, opts.companyId), eq(customerImports.id, opts.id)))
    .for('update')
    .limit(1);
  return row;
}

export async function listImports(tx: TTx, opts: TImportScope & { limit: number; offset: number }) {
  const conds = [eq(customerImports.companyId, opts.companyId)];
  if (opts.userId !== null) conds.push(eq(customerImports.userId, opts.userId));
  const where = and(...conds);
  const rows = await tx
    .select()
    .from(customerImports)
    .where(where)
    .orderBy(desc(customerImports.createdAt), desc(customerImports.id))
    .limit(opts.limit)
    .offset(opts.offset);
  const [c] = await tx.select({ n: count() }).from(customerImports).where(where);
  return { rows, total: Number(c?.n ?? 0) };
}

export async function updateImport(
  tx: TTx,
  opts: { companyId: number; id: number; values: Partial<TCustomerImportInsert> },
): Promise<TCustomerImportRow | undefined> {
  const [row] = await tx
    .update(customerImports)
    .set({ ...opts.values, updatedAt: new Date() })
    .where(and(eq(customerImports.companyId, opts.companyId), eq(customerImports.id, opts.id)))
    .returning();
  return row;
}

/** Adds one batch's outcome; `errors` is already cut to what still fits under the cap. */
export async function recordBatchProgress(
  tx: TTx,
  opts: { companyId: number; id: number; processedRows: number; created: number; updated: number; failed: number; errors: TImportRowError[] },
): Promise<TCustomerImportRow> {
  const [row] = await tx
    .update(customerImports)
    .set({
      processedRows: opts.processedRows,
      createdCount: sql`${customerImports.createdCount} + ${opts.created}`,
      updatedCount: sql`${customerImports.updatedCount} + ${opts.updated}`,
      failedCount: sql`${customerImports.failedCount} + ${opts.failed}`,
      errors: opts.errors.length ? sql`${customerImports.errors} || ${JSON.stringify(opts.errors)}::jsonb` : undefined,
      updatedAt: new Date(),
    })
    .where(and(eq(customerImports.companyId, opts.companyId), eq(customerImports.id, opts.id)))
    .returning();
  return row!;
}

/** One customer to write; every value already validated and normalised (phone in E.164). */
export interface TImportCustomer {
  phone: string;
  firstName: string;
  lastName: string;
  email: string | null;
  notes: string | null;
  preferredBrand: string | null;
  address: Record<string, string>;
  tags: string[];
}

export interface TUpsertedCustomer {
  id: number;
  phone: string;
  inserted: boolean;
  optOut: boolean;
}

/**
 * Creates or completes a batch of customers in ONE statement, keyed by phone (unique per company). An existing
 * customer keeps every value it has; only empty fields are filled, tags are unioned (existing order first),
 * address keys are filled one by one. Opt-out and archive state are never touched, so an import cannot
 * re-subscribe someone who sent STOP. Phones must be unique within `rows` (merge duplicates first).
 * With `ownOnly`, customers owned by someone else are left alone and not returned (the caller reports them).
 * `xmax = 0` tells a fresh insert from an update (PostgreSQL and PGlite alike).
 */
export async function upsertCustomers(
  tx: TTx,
  opts: { companyId: number; ownerId: number | null; ownOnly: boolean; rows: TImportCustomer[] },
): Promise<TUpsertedCustomer[]> {
  if (!opts.rows.length) return [];
  const ownOnly = opts.ownOnly ? sql`where c.user_id = ${opts.ownerId}::bigint` : sql``;
  const res = await tx.execute(sql`
    insert into customers as c (company_id, user_id, first_name, last_name, phone, email, notes, preferred_brand, address, tags, bumped_at)
    select ${opts.companyId}::bigint, ${opts.ownerId}::bigint, r.first_name, r.last_name, r.phone, r.email, r.notes, r.preferred_brand,
           r.address, array(select jsonb_array_elements_text(r.tags)), now()
    from jsonb_to_recordset(${JSON.stringify(
      opts.rows.map((r) => ({
        phone: r.phone,
        first_name: r.firstName,
        last_name: r.lastName,
        email: r.email,
        notes: r.notes,
        preferred_brand: r.preferredBrand,
        address: r.address,
        tags: r.tags,
      })),
    )}::jsonb) as r(phone text, first_name text, last_name text, email text, notes text, preferred_brand text, address jsonb, tags jsonb)
    on conflict (company_id, phone) do update set
      first_name = case when (c.first_name = '' or upper(c.first_name) = 'UNKNOWN') and excluded.first_name <> '' then excluded.first_name else c.first_name end,
      last_name = case when c.last_name = '' then excluded.last_name else c.last_name end,
      email = coalesce(nullif(c.email, ''), excluded.email),
      notes = coalesce(nullif(c.notes, ''), excluded.notes),
      preferred_brand = coalesce(nullif(c.preferred_brand, ''), excluded.preferred_brand),
      address = excluded.address || coalesce(
        (select jsonb_object_agg(e.key, e.value) from jsonb_each(c.address) as e
          where e.value not in ('null'::jsonb, '""'::jsonb)), '{}'::jsonb),
      tags = array(select u.t from unnest(c.tags || excluded.tags) with ordinality as u(t, o) group by u.t order by min(u.o)),
      user_id = coalesce(c.user_id, excluded.user_id),
      updated_at = now()
    ${ownOnly}
    returning c.id::text as id, c.phone, (c.xmax = 0) as inserted, c.opt_out`);
  return (res.rows as { id: string; phone: string; inserted: boolean; opt_out: boolean }[]).map((r) => ({
    id: Number(r.id),
    phone: r.phone,
    inserted: r.inserted,
    optOut: r.opt_out,
  }));
}

/** The import's opt-ins, one statement per batch. */
export async function insertImportOptIns(
  tx: TTx,
  opts: { companyId: number; customerIds: number[]; source: string; detail: Record<string, unknown> },
): Promise<void> {
  if (!opts.customerIds.length) return;
  await tx.execute(sql`
    insert into consent_events (company_id, customer_id, kind, source, detail)
    select ${opts.companyId}::bigint, ids.id::bigint, 'opt_in', ${opts.source}, ${JSON.stringify(opts.detail)}::jsonb
    from jsonb_array_elements_text(${JSON.stringify(opts.customerIds)}::jsonb) as ids(id)`);
}
