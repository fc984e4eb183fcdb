import { and, eq } from 'drizzle-orm';
import type { TTx } from '../../db/client';
import { mediaObjects, type TMediaInsert, type TMediaRow } from './media.schema';

export async function insertMedia(tx: TTx, values: TMediaInsert): Promise<TMediaRow> {
  const [row] = await tx.insert(mediaObjects).values(values).returning();
  return row!;
}

export async function findMedia(tx: TTx, opts: { companyId: number; id: number }): Promise<TMediaRow | undefined> {
  const [row] = await tx
    .select()
    .from(mediaObjects)
    .where(and(eq(mediaObjects.companyId, opts.companyId), eq(mediaObjects.id, opts.id)))
    .limit(1);
  return row;
}

export async function deleteMediaRow(tx: TTx, opts: { companyId: number; id: number }): Promise<TMediaRow | undefined> {
  const [row] = await tx
    .delete(mediaObjects)
    .where(and(eq(mediaObjects.companyId, opts.companyId), eq(mediaObjects.id, opts.id)))
    .returning();
  return row;
}
