import { and, desc, eq, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client';
import { customerLinks, type TCustomerLinkRow } from './customer-links.schema';

export type TNewCustomerLink = Pick<
  TCustomerLinkRow,
  'companyId' | 'code' | 'purpose' | 'entity' | 'entityId' | 'customerId' | 'automatedMessageId' | 'expiresAt'
>;

/** Inserts a link; undefined when its code is taken (the caller draws another code). */
export async function insertLink(tx: TTx, values: TNewCustomerLink): Promise<TCustomerLinkRow | undefined> {
  const [row] = await tx.insert(customerLinks).values(values).onConflictDoNothing({ target: customerLinks.code }).returning();
  return row;
}

/** By code alone (codes are unique across companies): the caller runs in system scope. */
export async function findLinkByCode(tx: TTx, code: string): Promise<TCustomerLinkRow | undefined> {
  const [row] = await tx.select().from(customerLinks).where(eq(customerLinks.code, code)).limit(1);
  return row;
}

/**
 * Records an open of a link that still works, in one statement: the counter is incremented by the database (never
 * read-then-written), so parallel opens all count. Undefined when the code is unknown, expired or revoked.
 */
export async function recordOpen(tx: TTx, opts: { code: string; now: Date }): Promise<TCustomerLinkRow | undefined> {
  const [row] = await tx
    .update(customerLinks)
    .set({
      openCount: sql`${customerLinks.openCount} + 1`,
      firstOpenedAt: sql`coalesce(${customerLinks.firstOpenedAt}, ${opts.now.toISOString()}::timestamptz)`,
      lastOpenedAt: opts.now,
    })
    .where(
      and(
        eq(customerLinks.code, opts.code),
        sql`${customerLinks.revokedAt} is null`,
        sql`(${customerLinks.expiresAt} is null or ${customerLinks.expiresAt} > ${opts.now.toISOString()}::timestamptz)`,
      ),
    )
    .returning();
  return row;
}

/**
 * Narrows a system-scope transaction to one company (the same settings runInScope makes), so a public page, once
 * the code has told us the company, reads under that company's row-level security like every signed-in request.
 */
export async function narrowToCompany(tx: TTx, companyId: number): Promise<void> {
  await tx.execute(sql`select set_config('app.company_id', ${String(companyId)}, true), set_config('app.system', '', true)`);
}

export async function listLinksOf(tx: TTx, opts: { companyId: number; entity: string; entityId: number }): Promise<TCustomerLinkRow[]> {
  return tx
    .select()
    .from(customerLinks)
    .where(and(eq(customerLinks.companyId, opts.companyId), eq(customerLinks.entity, opts.entity), eq(customerLinks.entityId, opts.entityId)))
    .orderBy(desc(customerLinks.id));
}

export async function findLink(tx: TTx, opts: { companyId: number | null; id: number }): Promise<TCustomerLinkRow | undefined> {
  const conds = [eq(customerLinks.id, opts.id)];
  if (opts.companyId !== null) conds.push(eq(customerLinks.companyId, opts.companyId));
  const [row] = await tx
    .select()
    .from(customerLinks)
    .where(and(...conds))
    .limit(1);
  return row;
}

/** Revokes every live link of one entity (a payment request cancelled or expired); answers the links revoked now. */
export async function revokeLinksOf(tx: TTx, opts: { companyId: number; entity: string; entityId: number; now: Date }): Promise<TCustomerLinkRow[]> {
  return tx
    .update(customerLinks)
    .set({ revokedAt: opts.now })
    .where(
      and(
        eq(customerLinks.companyId, opts.companyId),
        eq(customerLinks.entity, opts.entity),
        eq(customerLinks.entityId, opts.entityId),
        sql`${customerLinks.revokedAt} is null`,
      ),
    )
    .returning();
}

/** Revokes once: a second revoke keeps the first time (idempotent). */
export async function revokeLink(tx: TTx, opts: { companyId: number; id: number; now: Date }): Promise<TCustomerLinkRow | undefined> {
  const [row] = await tx
    .update(customerLinks)
    .set({ revokedAt: sql`coalesce(${customerLinks.revokedAt}, ${opts.now.toISOString()}::timestamptz)` })
    .where(and(eq(customerLinks.companyId, opts.companyId), eq(customerLinks.id, opts.id)))
    .returning();
  return row;
}
