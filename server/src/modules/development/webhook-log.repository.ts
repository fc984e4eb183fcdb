import { and, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { TTx } from '../../db/client';
import { countRows } from '../../db/capped-count';
import type { TListTotal } from '../../lib/hydra';
import { companies } from '../companies/companies.schema';
import { webhookRequests, type TNewWebhookRequest, type TWebhookRequestRow } from './webhook-log.schema';
import type { TCapturedWebhook } from './webhook-log.sink';

export type TWebhookRequestListRow = TWebhookRequestRow & { companyName: string | null };

/** Company ids of the slugs the rows name (one statement for the whole batch). */
async function companyIdsOf(tx: TTx, slugs: string[]): Promise<Map<string, number>> {
  const unique = [...new Set(slugs)];
  if (!unique.length) return new Map();
  const rows = await tx.select({ id: companies.id, slug: companies.slug }).from(companies).where(inArray(companies.slug, unique));
  return new Map(rows.map((r) => [r.slug, r.id]));
}

function rowOf(e: TCapturedWebhook, companyId: number | null, replayOf: number | null): TNewWebhookRequest {
  const { slug: _slug, ...rest } = e;
  return { ...rest, companyId, replayOf };
}

/** One multi-row insert of captured webhooks (plus one lookup of their companies). */
export async function insertCapturedWebhooks(tx: TTx, entries: TCapturedWebhook[]): Promise<void> {
  if (!entries.length) return;
  const ids = await companyIdsOf(
    tx,
    entries.flatMap((e) => (e.slug ? [e.slug] : [])),
  );
  await tx.insert(webhookRequests).values(entries.map((e) => rowOf(e, (e.slug && ids.get(e.slug)) || null, null)));
}

/** A replay's entry, stored with its original, whose replay count goes up in the same transaction. */
export async function insertReplayEntry(tx: TTx, opts: { entry: TCapturedWebhook; replayOf: number }): Promise<TWebhookRequestRow> {
  const ids = await companyIdsOf(tx, opts.entry.slug ? [opts.entry.slug] : []);
  const [row] = await tx
    .insert(webhookRequests)
    .values(rowOf(opts.entry, (opts.entry.slug && ids.get(opts.entry.slug)) || null, opts.replayOf))
    .returning();
  await tx
    .update(webhookRequests)
    .set({ replayCount: sql`${webhookRequests.replayCount} + 1` })
    .where(eq(webhookRequests.id, opts.replayOf));
  return row!;
}

export interface TWebhookRequestFilter {
  companyId?: number;
  source?: string;
  verification?: string;
  outcome?: string;
  from?: Date;
  to?: Date;
  q?: string;
}

function filterOf(f: TWebhookRequestFilter): SQL | undefined {
  const like = f.q ? `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return and(
    f.companyId !== undefined ? eq(webhookRequests.companyId, f.companyId) : undefined,
    f.source ? eq(webhookRequests.source, f.source) : undefined,
    f.verification ? eq(webhookRequests.verification, f.verification) : undefined,
    f.outcome ? eq(webhookRequests.outcome, f.outcome) : undefined,
    f.from ? gte(webhookRequests.createdAt, f.from) : undefined,
    f.to ? lt(webhookRequests.createdAt, f.to) : undefined,
    like ? or(ilike(webhookRequests.url, like), ilike(webhookRequests.error, like), ilike(webhookRequests.body, like)) : undefined,
  );
}

/** Newest first, keyset paged on (created_at, id); the first page also counts up to the cap: two statements. */
export async function listWebhookRequests(
  tx: TTx,
  opts: { filter: TWebhookRequestFilter; before?: { createdAt: Date; id?: number }; limit: number },
): Promise<{ rows: TWebhookRequestListRow[]; total: TListTotal | null }> {
  const filter = filterOf(opts.filter);
  let cursor: SQL | undefined;
  if (opts.before) {
    const at = opts.before.createdAt;
    // A row comparison bounds the index scan itself (an OR of two conditions would only filter it).
    cursor = opts.before.id ? sql`(${webhookRequests.createdAt}, ${webhookRequests.id}) < (${at}, ${opts.before.id})` : lt(webhookRequests.createdAt, at);
  }
  const rows = await tx
    .select({ row: webhookRequests, companyName: companies.name })
    .from(webhookRequests)
    .leftJoin(companies, eq(companies.id, webhookRequests.companyId))
    .where(and(filter, cursor))
    .orderBy(desc(webhookRequests.createdAt), desc(webhookRequests.id))
    .limit(opts.limit);
  const total = opts.before ? null : await countRows(tx, { table: webhookRequests, where: filter });
  return { rows: rows.map((r) => ({ ...r.row, companyName: r.companyName })), total };
}

export async function findWebhookRequest(tx: TTx, id: number): Promise<TWebhookRequestListRow | undefined> {
  const [r] = await tx
    .select({ row: webhookRequests, companyName: companies.name })
    .from(webhookRequests)
    .leftJoin(companies, eq(companies.id, webhookRequests.companyId))
    .where(eq(webhookRequests.id, id))
    .limit(1);
  return r && { ...r.row, companyName: r.companyName };
}
