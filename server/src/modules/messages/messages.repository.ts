import { and, asc, desc, eq, gt, gte, inArray, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import { STATUS_RANK } from '@cd/contracts/message';
import type { TTx } from '../../db/client';
import { maskCardNumbers } from '../../lib/card-numbers';
import { listLinkedMedia, type TMediaRow } from '../media/media.api';
import { cardNumberMasked } from './messages.hooks';
import { messageAttachments, messages, messageTemplates, type TMessageRow } from './messages.schema';

type TMessageInsert = typeof messages.$inferInsert;

/**
 * Card numbers never reach the database (issue 17, PCI): every message — inbound on any channel, staff, automated,
 * group — is stored through the two functions below, which mask a card number typed into its text (`•••• 1234`) and
 * announce it (`cardNumberMasked`) so the agent is told to send a payment link instead.
 */
function withoutCardNumbers(values: TMessageInsert): { values: TMessageInsert; masked: boolean } {
  if (!values.content) return { values, masked: false };
  const m = maskCardNumbers(values.content);
  return m.masked ? { values: { ...values, content: m.text }, masked: true } : { values, masked: false };
}

export async function insertMessage(tx: TTx, values: TMessageInsert): Promise<TMessageRow> {
  const safe = withoutCardNumbers(values);
  const [row] = await tx.insert(messages).values(safe.values).returning();
  if (safe.masked) await cardNumberMasked.run({ tx, message: row! });
  return row!;
}

/**
 * Many messages in one statement (a batch of accepted sends). Rows come back in the order given: identity values
 * follow the VALUES order, so sorting by id lines them up with the inputs.
 */
export async function insertMessages(tx: TTx, values: TMessageInsert[]): Promise<TMessageRow[]> {
  if (!values.length) return [];
  const safe = values.map(withoutCardNumbers);
  const rows = (await tx.insert(messages).values(safe.map((v) => v.values)).returning()).sort((x, y) => x.id - y.id);
  for (const [i, v] of safe.entries()) if (v.masked) await cardNumberMasked.run({ tx, message: rows[i]! });
  return rows;
}

export async function findMessage(tx: TTx, opts: { companyId: number; id: number }): Promise<TMessageRow | undefined> {
  const [row] = await tx
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, opts.companyId), eq(messages.id, opts.id)))
    .limit(1);
  return row;
}

/** Many messages of one company by id, in one statement (the send job's batches). */
export async function findMessagesByIds(tx: TTx, opts: { companyId: number; ids: number[] }): Promise<TMessageRow[]> {
  if (!opts.ids.length) return [];
  return tx
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, opts.companyId), inArray(messages.id, opts.ids)));
}

/**
 * Stamps the start of a send attempt on messages about to go to their provider, in one statement. Only messages
 * still waiting to go out and not already stamped by someone else are stamped; the ids returned are the ones to send.
 */
export async function stampSendAttempts(tx: TTx, opts: { companyId: number; ids: number[]; at: Date }): Promise<number[]> {
  if (!opts.ids.length) return [];
  const rows = await tx
    .update(messages)
    .set({ attemptStartedAt: opts.at, attempt: sql`${messages.attempt} + 1`, updatedAt: opts.at })
    .where(
      and(
        eq(messages.companyId, opts.companyId),
        inArray(messages.id, opts.ids),
        eq(messages.status, 'SENDING'),
        sql`${messages.attemptStartedAt} is null and ${messages.providerMessageId} is null`,
      ),
    )
    .returning({ id: messages.id });
  return rows.map((r) => r.id);
}

/** Forgets the attempt stamp of sends the provider certainly refused (nothing to reconcile on the next try). */
export async function clearSendAttempts(tx: TTx, opts: { companyId: number; ids: number[] }): Promise<void> {
  if (!opts.ids.length) return;
  await tx
    .update(messages)
    .set({ attemptStartedAt: null, updatedAt: new Date() })
    .where(and(eq(messages.companyId, opts.companyId), inArray(messages.id, opts.ids)));
}

/** `case <status> when … then <rank>`: STATUS_RANK in SQL (its keys are fixed identifiers, not input). */
const statusRankOf = (column: SQL) =>
  sql`(case ${column} ${sql.raw(
    Object.entries(STATUS_RANK)
      .map(([status, rank]) => `when '${status}' then ${rank}`)
      .join(' '),
  )} end)`;

/**
 * Records what the provider answered for many messages in one statement. A status callback may have landed
 * between the answer and this commit: a status never moves back (FAILED excepted). Returns the updated rows.
 */
export async function recordSendResults(
  tx: TTx,
  opts: { companyId: number; results: { id: number; providerMessageId: string; status: string }[]; sentAt: Date },
): Promise<TMessageRow[]> {
  if (!opts.results.length) return [];
  const res = await tx.execute(sql`
    update messages m
    set provider_message_id = v.pid,
        status = case when ${statusRankOf(sql`m.status`)} > ${statusRankOf(sql`v.status`)} and v.status <> 'FAILED' then m.status else v.status end,
        sent_at = ${opts.sentAt.toISOString()}::timestamptz,
        attempt_started_at = null,
        updated_at = ${opts.sentAt.toISOString()}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(opts.results.map((r) => ({ id: r.id, pid: r.providerMessageId, status: r.status })))}::jsonb)
      as v(id bigint, pid text, status text)
    where m.company_id = ${opts.companyId} and m.id = v.id
    returning m.id::int as id`);
  return findMessagesByIds(tx, { companyId: opts.companyId, ids: (res.rows as { id: number }[]).map((r) => r.id) });
}

export async function findMessageByProviderId(
  tx: TTx,
  opts: { companyId: number; channel: string; providerMessageId: string },
): Promise<TMessageRow | undefined> {
  const [row] = await tx
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, opts.companyId), eq(messages.channel, opts.channel), eq(messages.providerMessageId, opts.providerMessageId)))
    .limit(1);
  return row;
}

/** Whether the customer wrote on the channel after `since` (WhatsApp's 24-hour window asks this before a send). */
export async function hasInboundMessageSince(tx: TTx, opts: { companyId: number; customerId: number; channel: string; since: Date }): Promise<boolean> {
  const [row] = await tx
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.companyId, opts.companyId),
        eq(messages.customerId, opts.customerId),
        eq(messages.channel, opts.channel),
        eq(messages.direction, 'INBOUND'),
        gt(messages.createdAt, opts.since),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function updateMessage(
  tx: TTx,
  opts: { companyId: number; id: number; values: Partial<typeof messages.$inferInsert> },
): Promise<TMessageRow | undefined> {
  const safe = opts.values.content ? withoutCardNumbers(opts.values as TMessageInsert) : { values: opts.values, masked: false };
  const [row] = await tx
    .update(messages)
    .set({ ...safe.values, updatedAt: new Date() })
    .where(and(eq(messages.companyId, opts.companyId), eq(messages.id, opts.id)))
    .returning();
  if (row && safe.masked) await cardNumberMasked.run({ tx, message: row });
  return row;
}

export async function deleteMessage(tx: TTx, opts: { companyId: number; id: number }): Promise<void> {
  await tx.delete(messages).where(and(eq(messages.companyId, opts.companyId), eq(messages.id, opts.id)));
}

/**
 * One thread page, newest first, strictly before a time (keyset; never OFFSET). The cursor is an ISO time, so it
 * has milliseconds while stored times have microseconds (and an inbound message and its automatic reply share one
 * transaction's now()). A full page therefore also carries every other message of its oldest row's millisecond:
 * the next page, strictly before that millisecond, would otherwise skip them.
 */
export async function listThread(
  tx: TTx,
  opts: { companyId: number; customerId: number; before?: Date; limit: number },
): Promise<{ rows: TMessageRow[]; full: boolean }> {
  const base = [eq(messages.companyId, opts.companyId), eq(messages.customerId, opts.customerId)];
  const page = await tx
    .select()
    .from(messages)
    .where(and(...base, opts.before ? lt(messages.createdAt, opts.before) : undefined))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(opts.limit);
  const full = page.length === opts.limit;
  const oldest = page.at(-1);
  if (!full || !oldest) return { rows: page, full };
  // The driver's Date is the oldest row's time cut to the millisecond: the same value the cursor will carry.
  const from = oldest.createdAt;
  const ties = await tx
    .select()
    .from(messages)
    .where(
      and(
        ...base,
        gte(messages.createdAt, from),
        lt(messages.createdAt, new Date(from.getTime() + 1)),
        notInArray(messages.id, page.map((m) => m.id)),
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id));
  return { rows: [...page, ...ties], full };
}

export async function linkAttachments(tx: TTx, opts: { companyId: number; messageId: number; mediaIds: number[] }): Promise<void> {
  if (!opts.mediaIds.length) return;
  await tx
    .insert(messageAttachments)
    .values(opts.mediaIds.map((mediaId, position) => ({ companyId: opts.companyId, messageId: opts.messageId, mediaId, position })))
    .onConflictDoNothing();
}

/** linkAttachments for many messages in one statement. */
export async function linkAttachmentsOfMany(tx: TTx, opts: { companyId: number; links: { messageId: number; mediaIds: number[] }[] }): Promise<void> {
  const values = opts.links.flatMap((l) => l.mediaIds.map((mediaId, position) => ({ companyId: opts.companyId, messageId: l.messageId, mediaId, position })));
  if (!values.length) return;
  await tx.insert(messageAttachments).values(values).onConflictDoNothing();
}

/** Attachments of a page of messages in one statement. */
export function listAttachments(tx: TTx, opts: { companyId: number; messageIds: number[] }): Promise<(TMediaRow & { messageId: number })[]> {
  return listLinkedMedia(tx, { links: messageAttachments, ...opts });
}

export async function listTemplates(tx: TTx, opts: { companyId: number }) {
  return tx.select().from(messageTemplates).where(eq(messageTemplates.companyId, opts.companyId)).orderBy(asc(messageTemplates.id));
}

/** By id; `companyId` null (system scope, super admins) finds it in any company. */
export async function findTemplate(tx: TTx, opts: { companyId: number | null; id: number }) {
  const byId = eq(messageTemplates.id, opts.id);
  const [row] = await tx
    .select()
    .from(messageTemplates)
    .where(opts.companyId === null ? byId : and(eq(messageTemplates.companyId, opts.companyId), byId))
    .limit(1);
  return row;
}

export async function insertTemplate(tx: TTx, values: { companyId: number; text: string }) {
  const [row] = await tx.insert(messageTemplates).values(values).returning();
  return row!;
}

export async function updateTemplate(tx: TTx, opts: { companyId: number; id: number; text: string }) {
  const [row] = await tx
    .update(messageTemplates)
    .set({ text: opts.text })
    .where(and(eq(messageTemplates.companyId, opts.companyId), eq(messageTemplates.id, opts.id)))
    .returning();
  return row;
}

export async function deleteTemplate(tx: TTx, opts: { companyId: number; id: number }): Promise<boolean> {
  const rows = await tx
    .delete(messageTemplates)
    .where(and(eq(messageTemplates.companyId, opts.companyId), eq(messageTemplates.id, opts.id)))
    .returning({ id: messageTemplates.id });
  return rows.length > 0;
}

/** Recent simulator conversations of a company: customers with any simulator message, newest first. */
export async function listSimulatorCustomerIds(tx: TTx, opts: { companyId: number; limit: number }): Promise<number[]> {
  const res = await tx.execute(sql`
    select customer_id::int as id from messages
    where company_id = ${opts.companyId} and channel = 'simulator'
    group by customer_id order by max(created_at) desc limit ${opts.limit}`);
  return (res.rows as { id: number }[]).map((r) => r.id);
}

export async function listRecentMessagesOf(tx: TTx, opts: { companyId: number; customerIds: number[]; perCustomer: number }): Promise<TMessageRow[]> {
  if (!opts.customerIds.length) return [];
  const res = await tx.execute(sql`
    select id::int from (
      select id, row_number() over (partition by customer_id order by created_at desc, id desc) as n
      from messages where company_id = ${opts.companyId} and customer_id = any(${sql.param(opts.customerIds)}::bigint[])
    ) t where n <= ${opts.perCustomer}`);
  const ids = (res.rows as { id: number }[]).map((r) => r.id);
  if (!ids.length) return [];
  return tx
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, opts.companyId), inArray(messages.id, ids)))
    .orderBy(asc(messages.createdAt), asc(messages.id));
}
