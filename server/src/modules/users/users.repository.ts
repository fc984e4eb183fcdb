import { and, asc, count, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { TTx } from '../../db/client';
import { awayReplies, users, type TUserRow } from './users.schema';

export async function findUserById(tx: TTx, opts: { companyId: number | null; id: number }): Promise<TUserRow | undefined> {
  // Super admins have no company; their own row is read in system scope where companyId is null.
  const where = opts.companyId === null ? eq(users.id, opts.id) : and(eq(users.companyId, opts.companyId), eq(users.id, opts.id));
  const [row] = await tx.select().from(users).where(where).limit(1);
  return row;
}

/** Authentication path (system scope): the signed-in user and, when impersonating, the target in one query. */
export async function findAuthUsers(
  tx: TTx,
  opts: { id: number; impersonateEmail?: string },
): Promise<(TUserRow & { companyEnabled: boolean | null })[]> {
  const cond = opts.impersonateEmail
    ? or(eq(users.id, opts.id), sql`lower(${users.email}) = lower(${opts.impersonateEmail})`)
    : eq(users.id, opts.id);
  const rows = await tx
    .select({ user: users, companyEnabled: sql<boolean | null>`(select c.enabled from companies c where c.id = ${users.companyId})` })
    .from(users)
    .where(cond);
  return rows.map((r) => ({ ...r.user, companyEnabled: r.companyEnabled }));
}

/** Authentication path (system scope): the users behind many requests' tokens in one query (auth-user-lookup.ts). */
export async function findAuthUsersByIds(tx: TTx, opts: { ids: number[] }): Promise<(TUserRow & { companyEnabled: boolean | null })[]> {
  if (!opts.ids.length) return [];
  const rows = await tx
    .select({ user: users, companyEnabled: sql<boolean | null>`(select c.enabled from companies c where c.id = ${users.companyId})` })
    .from(users)
    .where(inArray(users.id, opts.ids));
  return rows.map((r) => ({ ...r.user, companyEnabled: r.companyEnabled }));
}

export async function findUserByEmail(tx: TTx, email: string): Promise<(TUserRow & { companyEnabled: boolean | null }) | undefined> {
  const [row] = await tx
    .select({ user: users, companyEnabled: sql<boolean | null>`(select c.enabled from companies c where c.id = ${users.companyId})` })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row ? { ...row.user, companyEnabled: row.companyEnabled } : undefined;
}

export interface TUserListFilter {
  companyId: number | null;
  search?: string;
  enabled?: boolean;
  excludeId?: number;
}

function listWhere(f: TUserListFilter): SQL | undefined {
  const conds: (SQL | undefined)[] = [];
  if (f.companyId !== null) conds.push(eq(users.companyId, f.companyId));
  if (f.enabled !== undefined) conds.push(eq(users.enabled, f.enabled));
  if (f.excludeId !== undefined) conds.push(ne(users.id, f.excludeId));
  if (f.search) {
    const like = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(or(ilike(users.firstName, like), ilike(users.lastName, like), ilike(users.email, like)));
  }
  return conds.length ? and(...conds) : undefined;
}

/** One statement for the page and one for the count, whatever the page size. */
export async function listUsers(
  tx: TTx,
  opts: TUserListFilter & { limit: number | null; offset: number },
): Promise<{ rows: TUserRow[]; total: number }> {
  const where = listWhere(opts);
  let q = tx.select().from(users).where(where).orderBy(asc(users.lastName), asc(users.firstName), asc(users.id)).$dynamic();
  if (opts.limit !== null) q = q.limit(opts.limit).offset(opts.offset);
  const rows = await q;
  if (opts.limit === null) return { rows, total: rows.length };
  const [c] = await tx.select({ n: count() }).from(users).where(where);
  return { rows, total: Number(c?.n ?? 0) };
}

export async function insertUser(tx: TTx, values: typeof users.$inferInsert): Promise<TUserRow> {
  const [row] = await tx.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(
  tx: TTx,
  opts: { companyId: number | null; id: number; values: Partial<typeof users.$inferInsert> },
): Promise<TUserRow | undefined> {
  const where =
    opts.companyId === null ? eq(users.id, opts.id) : and(eq(users.companyId, opts.companyId), eq(users.id, opts.id));
  const [row] = await tx
    .update(users)
    .set({ ...opts.values, updatedAt: new Date() })
    .where(where)
    .returning();
  return row;
}

/** Retires every token issued under the user's current credentials (see auth.service authenticate). */
export async function bumpTokenVersion(tx: TTx, opts: { companyId: number | null; id: number }): Promise<TUserRow | undefined> {
  const where =
    opts.companyId === null ? eq(users.id, opts.id) : and(eq(users.companyId, opts.companyId), eq(users.id, opts.id));
  const [row] = await tx
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(where)
    .returning();
  return row;
}

export async function deleteUser(tx: TTx, opts: { companyId: number; id: number }): Promise<boolean> {
  const rows = await tx
    .delete(users)
    .where(and(eq(users.companyId, opts.companyId), eq(users.id, opts.id)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function findUsersByIds(tx: TTx, opts: { companyId: number; ids: number[] }): Promise<TUserRow[]> {
  if (!opts.ids.length) return [];
  return tx
    .select()
    .from(users)
    .where(and(eq(users.companyId, opts.companyId), inArray(users.id, opts.ids)));
}

/**
 * Claims the away auto-reply of one conversation for the owner's current away period. True only for the first
 * caller: the primary key decides, so two inbound messages committed at once still get one reply.
 */
export async function claimAwayReply(tx: TTx, opts: { companyId: number; userId: number; awayPeriod: number; customerId: number }): Promise<boolean> {
  const rows = await tx.insert(awayReplies).values(opts).onConflictDoNothing().returning({ customerId: awayReplies.customerId });
  return rows.length > 0;
}

/** Forgets which conversations got the away text (the period they belong to is over). */
export async function clearAwayReplies(tx: TTx, opts: { companyId: number; userId: number }): Promise<void> {
  await tx.delete(awayReplies).where(and(eq(awayReplies.companyId, opts.companyId), eq(awayReplies.userId, opts.userId)));
}

/**
 * The return to ONLINE at `backAt`, in one conditional statement: it applies only while the user's state still
 * carries that return time, so an old job never overrides a newer choice (and running it twice changes nothing).
 */
export async function returnOnlineIfDue(tx: TTx, opts: { companyId: number | null; id: number; backAt: string }): Promise<TUserRow | undefined> {
  const own = opts.companyId === null ? eq(users.id, opts.id) : and(eq(users.companyId, opts.companyId), eq(users.id, opts.id));
  const [row] = await tx
    .update(users)
    .set({ awayState: { status: 'ONLINE', backAt: null, awayText: null, transferToUserId: null }, updatedAt: new Date() })
    .where(and(own, sql`${users.awayState}->>'status' <> 'ONLINE'`, sql`${users.awayState}->>'backAt' = ${opts.backAt}`))
    .returning();
  return row;
}
