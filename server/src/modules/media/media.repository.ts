import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
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

export async function findMediaRows(tx: TTx, opts: { companyId: number; ids: number[] }): Promise<TMediaRow[]> {
  if (!opts.ids.length) return [];
  return tx
    .select()
    .from(mediaObjects)
    .where(and(eq(mediaObjects.companyId, opts.companyId), inArray(mediaObjects.id, opts.ids)));
}

/** Media rows named by (company, id) pairs across companies, in one statement (the caller's scope still applies). */
export async function findMediaRowsByRefs(tx: TTx, refs: { companyId: number; id: number }[]): Promise<TMediaRow[]> {
  if (!refs.length) return [];
  return tx
    .select()
    .from(mediaObjects)
    .where(or(...refs.map((r) => and(eq(mediaObjects.companyId, r.companyId), eq(mediaObjects.id, r.id)))));
}

/** A table that links media to messages in order (message_attachments, internal_chat_message_attachments). */
export type TMediaLinkTable = PgTable & { companyId: PgColumn; messageId: PgColumn; mediaId: PgColumn; position: PgColumn };

/** Attachments of a page of messages in one statement, in their order. */
export async function listLinkedMedia(tx: TTx, opts: { links: TMediaLinkTable; companyId: number; messageIds: number[] }): Promise<(TMediaRow & { messageId: number })[]> {
  const { links } = opts;
  if (!opts.messageIds.length) return [];
  const rows = await tx
    .select({ media: mediaObjects, messageId: links.messageId })
    .from(links)
    .innerJoin(mediaObjects, and(eq(mediaObjects.companyId, links.companyId), eq(mediaObjects.id, links.mediaId)))
    .where(and(eq(links.companyId, opts.companyId), inArray(links.messageId, opts.messageIds)))
    .orderBy(asc(links.position));
  return rows.map((r) => ({ ...r.media, messageId: r.messageId as number }));
}

/** Files that belong to entities (e.g. the photos of repair order lines), oldest first, in one statement. */
export async function listEntityMedia(tx: TTx, opts: { companyId: number; entityName: string; entityIds: number[] }): Promise<TMediaRow[]> {
  if (!opts.entityIds.length) return [];
  return tx
    .select()
    .from(mediaObjects)
    .where(and(eq(mediaObjects.companyId, opts.companyId), eq(mediaObjects.entityName, opts.entityName), inArray(mediaObjects.entityId, opts.entityIds)))
    .orderBy(asc(mediaObjects.id));
}

/**
 * Makes exactly `mediaIds` the files of an entity: each must be of the company and uploaded for that kind of entity,
 * either not yet attached (uploaded before the entity existed, entityId of another or none) or attached to this one;
 * files attached before and no longer listed are detached (kept, entity cleared). Answers the ids it could not take.
 */
export async function setEntityMedia(
  tx: TTx,
  opts: { companyId: number; entityName: string; entityId: number; mediaIds: number[]; attachable: (row: TMediaRow) => boolean },
): Promise<{ refused: number[] }> {
  const rows = await findMediaRows(tx, { companyId: opts.companyId, ids: opts.mediaIds });
  const ok = new Set(rows.filter(opts.attachable).map((r) => r.id));
  const refused = opts.mediaIds.filter((id) => !ok.has(id));
  if (refused.length) return { refused };
  const current = await listEntityMedia(tx, { companyId: opts.companyId, entityName: opts.entityName, entityIds: [opts.entityId] });
  const drop = current.filter((r) => !ok.has(r.id)).map((r) => r.id);
  if (drop.length)
    await tx
      .update(mediaObjects)
      .set({ entityName: null, entityId: null })
      .where(and(eq(mediaObjects.companyId, opts.companyId), inArray(mediaObjects.id, drop)));
  if (ok.size)
    await tx
      .update(mediaObjects)
      .set({ entityName: opts.entityName, entityId: opts.entityId })
      .where(and(eq(mediaObjects.companyId, opts.companyId), inArray(mediaObjects.id, [...ok])));
  return { refused: [] };
}
