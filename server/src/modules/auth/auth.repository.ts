import { and, asc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client';
import { loginThrottle, passwordResetTokens, refreshTokens, type TLoginThrottleRow } from './auth.schema';

export async function insertRefreshToken(
  tx: TTx,
  values: { userId: number; family: string; tokenHash: string; expiresAt: Date; tokenVersion: number },
): Promise<void> {
  await tx.insert(refreshTokens).values(values);
}

/** Marks a refresh token spent and returns it; a token already spent or revoked comes back with its state. */
export async function spendRefreshToken(tx: TTx, tokenHash: string) {
  const [row] = await tx
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .for('update')
    .limit(1);
  if (!row) return undefined;
  if (!row.spentAt && !row.revokedAt) {
    await tx.update(refreshTokens).set({ spentAt: new Date() }).where(eq(refreshTokens.id, row.id));
  }
  return row;
}

export async function revokeFamily(tx: TTx, family: string): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.family, family), isNull(refreshTokens.revokedAt)));
}

/**
 * Ends the user's refresh families after a credential change, except `keepFamily` (the session that made the
 * change), whose live tokens move to the user's new version so it can go on refreshing. Runs inside the change's
 * own transaction, whatever its tenant scope: refresh tokens are system-only rows, so system access is switched on
 * for these two statements only (transaction-local; a failure rolls it back with everything else). One
 * transaction means no moment where the version is bumped but the kept session cannot refresh yet.
 */
export async function revokeUserSessionsExcept(
  tx: TTx,
  opts: { userId: number; keepFamily?: string; tokenVersion: number },
): Promise<void> {
  const { userId, keepFamily, tokenVersion } = opts;
  const before = await tx.execute(sql`select current_setting('app.system', true) as prev, set_config('app.system', 'on', true)`);
  const prev = (before.rows[0] as { prev: string | null } | undefined)?.prev ?? '';
  const live = and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt));
  await tx
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(keepFamily ? and(live, ne(refreshTokens.family, keepFamily)) : live);
  if (keepFamily)
    await tx
      .update(refreshTokens)
      .set({ tokenVersion })
      .where(and(live, eq(refreshTokens.family, keepFamily), isNull(refreshTokens.spentAt)));
  await tx.execute(sql`select set_config('app.system', ${prev}, true)`);
}

export async function revokeByHash(tx: TTx, tokenHash: string): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: sql`coalesce(${refreshTokens.revokedAt}, now())` })
    .where(eq(refreshTokens.tokenHash, tokenHash));
}

export async function insertResetToken(tx: TTx, values: { userId: number; tokenHash: string; expiresAt: Date }): Promise<void> {
  await tx.insert(passwordResetTokens).values(values);
}

export async function findValidResetToken(tx: TTx, tokenHash: string) {
  const [row] = await tx
    .select()
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        sql`${passwordResetTokens.expiresAt} > now()`,
      ),
    )
    .limit(1);
  return row;
}

export async function markResetTokenUsed(tx: TTx, id: number): Promise<boolean> {
  const rows = await tx
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.id, id), isNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  return rows.length > 0;
}

/**
 * Creates missing throttle rows and locks all of `keys` (in key order, so two sign-ins never deadlock), with the
 * database clock in milliseconds: parallel attempts on one key wait here and see each other's counts.
 */
export async function lockThrottleRows(tx: TTx, keys: string[]): Promise<{ nowMs: number; rows: TLoginThrottleRow[] }> {
  const sorted = [...new Set(keys)].sort();
  await tx
    .insert(loginThrottle)
    .values(sorted.map((key) => ({ key })))
    .onConflictDoNothing();
  const rows = await tx
    .select({ row: loginThrottle, nowMs: sql<number>`(extract(epoch from now()) * 1000)::float8` })
    .from(loginThrottle)
    .where(inArray(loginThrottle.key, sorted))
    .orderBy(asc(loginThrottle.key))
    .for('update');
  return { nowMs: Number(rows[0]?.nowMs), rows: rows.map((r) => r.row) };
}

export async function saveThrottleRow(tx: TTx, row: TLoginThrottleRow): Promise<void> {
  const { key, ...values } = row;
  await tx.update(loginThrottle).set(values).where(eq(loginThrottle.key, key));
}

export async function deleteThrottleRows(tx: TTx, keys: string[]): Promise<void> {
  if (keys.length) await tx.delete(loginThrottle).where(inArray(loginThrottle.key, keys));
}

/** Forgets counters idle for longer than `idleSeconds` whose back-off has run out. */
export async function pruneThrottleRows(tx: TTx, idleSeconds: number): Promise<void> {
  await tx
    .delete(loginThrottle)
    .where(
      and(
        lt(loginThrottle.updatedAt, sql`now() - make_interval(secs => ${idleSeconds})`),
        or(isNull(loginThrottle.nextAt), lt(loginThrottle.nextAt, sql`now()`)),
      ),
    );
}
