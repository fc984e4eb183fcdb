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
