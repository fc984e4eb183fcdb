import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client';
import { passwordResetTokens, refreshTokens } from './auth.schema';

export async function insertRefreshToken(
  tx: TTx,
  values: { userId: number; family: string; tokenHash: string; expiresAt: Date },
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

export async function revokeUserSessions(tx: TTx, userId: number): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
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
