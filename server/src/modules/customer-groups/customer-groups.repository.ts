import { and, asc, count, desc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client';
import { customers, type TCustomerRow } from '../customers/customers.schema';
import type { TCustomerScope } from '../customers/customers.api';
import { customerGroupMembers, customerGroups, groupMessageAttachments, groupMessages, type TCustomerGroupRow, type TGroupMessageRow } from './customer-groups.schema';

export async function listGroups(tx: TTx, opts: { companyId: number }): Promise<TCustomerGroupRow[]> {
  return tx.select().from(customerGroups).where(eq(customerGroups.companyId, opts.companyId)).orderBy(asc(customerGroups.name), asc(customerGroups.id));
}

export async function findGroup(tx: TTx, opts: { companyId: number; id: number }): Promise<TCustomerGroupRow | undefined> {
  const [row] = await tx.select().from(customerGroups).where(and(eq(customerGroups.companyId, opts.companyId), eq(customerGroups.id, opts.id))).limit(1);
  return row;
}

/** Member counts of many groups in one statement; non-admins count only the customers they see. */
export async function countMembers(tx: TTx, opts: TCustomerScope & { groupIds: number[] }): Promise<Map<number, number>> {
  if (!opts.groupIds.length) return new Map();
  const ownerCond = opts.ownerId !== null ? eq(customers.userId, opts.ownerId) : undefined;
  const rows = await tx
    .select({ groupId: customerGroupMembers.groupId, n: count() })
    .from(customerGroupMembers)
    .innerJoin(customers, and(eq(customers.companyId, customerGroupMembers.companyId), eq(customers.id, customerGroupMembers.customerId)))
    .where(and(eq(customerGroupMembers.companyId, opts.companyId), inArray(customerGroupMembers.groupId, opts.groupIds), ownerCond))
    .groupBy(customerGroupMembers.groupId);
  return new Map(rows.map((r) => [r.groupId, Number(r.n)]));
}

export async function insertGroup(tx: TTx, values: { companyId: number; name: string }): Promise<TCustomerGroupRow> {
  const [row] = await tx.insert(customerGroups).values(values).returning();
  return row!;
}

export async function renameGroup(tx: TTx, opts: { companyId: number; id: number; name: string }) {
  await tx.update(customerGroups).set({ name: opts.name, updatedAt: new Date() }).where(and(eq(customerGroups.companyId, opts.companyId), eq(customerGroups.id, opts.id)));
}

export async function deleteGroup(tx: TTx, opts: { companyId: number; id: number }) {
  await tx.delete(customerGroups).where(and(eq(customerGroups.companyId, opts.companyId), eq(customerGroups.id, opts.id)));
}

/** Adds customers (only those the scope sees) in one statement; returns how many were new members. */
export async function addMembers(tx: TTx, opts: TCustomerScope & { groupId: number; customerIds?: number[]; tags?: string[] }): Promise<number> {
  const conds = [sql`c.company_id = ${opts.companyId}`];
  if (opts.ownerId !== null) conds.push(sql`c.user_id = ${opts.ownerId}`);
  if (opts.customerIds) conds.push(sql`c.id = any(${sql.param(opts.customerIds)}::bigint[])`);
  if (opts.tags?.length) conds.push(sql`c.tags && ${sql.param(opts.tags)}::text[]`);
  const res = await tx.execute(sql`
    insert into customer_group_members (company_id, group_id, customer_id)
    select c.company_id, ${opts.groupId}, c.id from customers c where ${sql.join(conds, sql` and `)}
    on conflict do nothing
    returning customer_id`);
  return res.rows.length;
}

export async function removeMembers(tx: TTx, opts: TCustomerScope & { groupId: number; customerIds: number[] | 'all' }): Promise<void> {
  const ownerCond = opts.ownerId !== null ? sql`and customer_id in (select id from customers where company_id = ${opts.companyId} and user_id = ${opts.ownerId})` : sql``;
  const idCond = opts.customerIds === 'all' ? sql`` : sql`and customer_id = any(${sql.param(opts.customerIds)}::bigint[])`;
  await tx.execute(sql`delete from customer_group_members where company_id = ${opts.companyId} and group_id = ${opts.groupId} ${idCond} ${ownerCond}`);
}

/** One page of a group's members (visible to the scope), by customer id. */
export async function listMembers(tx: TTx, opts: TCustomerScope & { groupId: number; afterId?: number; limit: number }): Promise<TCustomerRow[]> {
  const conds = [
    eq(customerGroupMembers.companyId, opts.companyId),
    eq(customerGroupMembers.groupId, opts.groupId),
    opts.ownerId !== null ? eq(customers.userId, opts.ownerId) : undefined,
    opts.afterId !== undefined ? gt(customers.id, opts.afterId) : undefined,
  ];
  const rows = await tx
    .select({ c: customers })
    .from(customerGroupMembers)
    .innerJoin(customers, and(eq(customers.companyId, customerGroupMembers.companyId), eq(customers.id, customerGroupMembers.customerId)))
    .where(and(...conds))
    .orderBy(asc(customers.id))
    .limit(opts.limit);
  return rows.map((r) => r.c);
}

export async function insertGroupMessage(tx: TTx, values: typeof groupMessages.$inferInsert): Promise<TGroupMessageRow> {
  const [row] = await tx.insert(groupMessages).values(values).returning();
  return row!;
}

export async function findGroupMessage(tx: TTx, opts: { companyId: number; id: number }): Promise<TGroupMessageRow | undefined> {
  const [row] = await tx.select().from(groupMessages).where(and(eq(groupMessages.companyId, opts.companyId), eq(groupMessages.id, opts.id))).limit(1);
  return row;
}

export async function updateGroupMessage(tx: TTx, opts: { companyId: number; id: number; values: Partial<typeof groupMessages.$inferInsert> }) {
  const [row] = await tx
    .update(groupMessages)
    .set({ ...opts.values, updatedAt: new Date() })
    .where(and(eq(groupMessages.companyId, opts.companyId), eq(groupMessages.id, opts.id)))
    .returning();
  return row;
}

export async function deleteGroupMessage(tx: TTx, opts: { companyId: number; id: number }) {
  await tx.delete(groupMessages).where(and(eq(groupMessages.companyId, opts.companyId), eq(groupMessages.id, opts.id)));
}

export async function listGroupMessages(tx: TTx, opts: { companyId: number; groupId?: number; before?: Date; limit: number }): Promise<TGroupMessageRow[]> {
  return tx
    .select()
    .from(groupMessages)
    .where(
      and(
        eq(groupMessages.companyId, opts.companyId),
        // An offer's carrier (group_id null, source OFFER) is listed with the offers, not here.
        opts.groupId !== undefined ? eq(groupMessages.groupId, opts.groupId) : ne(groupMessages.source, 'OFFER'),
        opts.before ? lt(groupMessages.createdAt, opts.before) : undefined,
      ),
    )
    .orderBy(desc(groupMessages.createdAt), desc(groupMessages.id))
    .limit(opts.limit);
}

/** Per-status recipient counts for many group messages in one statement. */
export async function countRecipientStatuses(tx: TTx, opts: { companyId: number; groupMessageIds: number[] }): Promise<Map<number, Record<string, number>>> {
  const out = new Map<number, Record<string, number>>();
  if (!opts.groupMessageIds.length) return out;
  const res = await tx.execute(sql`
    select group_message_id::int as id, status, count(*)::int as n from messages
    where company_id = ${opts.companyId} and group_message_id = any(${sql.param(opts.groupMessageIds)}::bigint[])
    group by group_message_id, status`);
  for (const r of res.rows as { id: number; status: string; n: number }[]) {
    const m = out.get(r.id) ?? {};
    m[r.status] = r.n;
    out.set(r.id, m);
  }
  return out;
}

export async function linkGroupAttachments(tx: TTx, opts: { companyId: number; groupMessageId: number; mediaIds: number[] }) {
  if (!opts.mediaIds.length) return;
  await tx.insert(groupMessageAttachments).values(opts.mediaIds.map((mediaId, position) => ({ companyId: opts.companyId, groupMessageId: opts.groupMessageId, mediaId, position })));
}

export async function listGroupAttachmentIds(tx: TTx, opts: { companyId: number; groupMessageId: number }): Promise<number[]> {
  const rows = await tx
    .select({ id: groupMessageAttachments.mediaId })
    .from(groupMessageAttachments)
    .where(and(eq(groupMessageAttachments.companyId, opts.companyId), eq(groupMessageAttachments.groupMessageId, opts.groupMessageId)))
    .orderBy(asc(groupMessageAttachments.position));
  return rows.map((r) => r.id);
}

/**
 * Creates the recipients' messages of one batch in one statement. The unique (group message, customer) key
 * makes a re-run after a crash skip those already created: each recipient gets exactly one message.
 */
export async function insertRecipientMessages(
  tx: TTx,
  opts: {
    companyId: number;
    groupMessageId: number;
    userId: number | null;
    content: string | null;
    rows: { customerId: number; channel: string; status: string; errorMessage: string | null }[];
  },
): Promise<{ id: number; customerId: number; status: string }[]> {
  if (!opts.rows.length) return [];
  const res = await tx.execute(sql`
    insert into messages (company_id, customer_id, user_id, direction, status, type, channel, sender, content, group_message_id, error_message)
    select ${opts.companyId}, (r->>'customerId')::bigint, ${opts.userId}, 'OUTBOUND', r->>'status', 'STANDARD', r->>'channel', 'agent',
           ${opts.content}, ${opts.groupMessageId}, r->>'errorMessage'
    from jsonb_array_elements(${JSON.stringify(opts.rows)}::jsonb) as r
    on conflict (company_id, group_message_id, customer_id) where group_message_id is not null do nothing
    returning id::int as id, customer_id::int as "customerId", status`);
  return res.rows as { id: number; customerId: number; status: string }[];
}

/** The send jobs of a batch in one statement (written in the same transaction as the messages). */
export async function enqueueSendJobs(tx: TTx, opts: { companyId: number; kind: string; messageIds: number[] }): Promise<void> {
  if (!opts.messageIds.length) return;
  await tx.execute(sql`
    insert into outbox_jobs (company_id, kind, payload)
    select ${opts.companyId}, ${opts.kind}, jsonb_build_object('messageId', id) from unnest(${sql.param(opts.messageIds)}::bigint[]) as id`);
}

export async function linkAttachmentsToMessages(tx: TTx, opts: { companyId: number; messageIds: number[]; mediaIds: number[] }) {
  if (!opts.messageIds.length || !opts.mediaIds.length) return;
  await tx.execute(sql`
    insert into message_attachments (company_id, message_id, media_id, position)
    select ${opts.companyId}, m, media, pos - 1
    from unnest(${sql.param(opts.messageIds)}::bigint[]) as m
    cross join unnest(${sql.param(opts.mediaIds)}::bigint[]) with ordinality as x(media, pos)
    on conflict do nothing`);
}

export async function listRecipients(
  tx: TTx,
  opts: TCustomerScope & { groupMessageId: number; status?: string; afterId?: number; limit: number },
) {
  const ownerCond = opts.ownerId !== null ? sql`and c.user_id = ${opts.ownerId}` : sql``;
  const statusCond = opts.status ? sql`and m.status = ${opts.status}` : sql``;
  const afterCond = opts.afterId !== undefined ? sql`and m.id > ${opts.afterId}` : sql``;
  const res = await tx.execute(sql`
    select m.id::int as "messageId", m.status, m.error_code as "errorCode", m.error_message as "errorMessage", m.channel,
           c.id::int as "customerId", c.first_name as "firstName", c.last_name as "lastName", c.phone
    from messages m join customers c on c.company_id = m.company_id and c.id = m.customer_id
    where m.company_id = ${opts.companyId} and m.group_message_id = ${opts.groupMessageId} ${statusCond} ${afterCond} ${ownerCond}
    order by m.id limit ${opts.limit}`);
  return res.rows as { messageId: number; status: string; errorCode: string | null; errorMessage: string | null; channel: string; customerId: number; firstName: string; lastName: string; phone: string | null }[];
}

/** Where an interrupted expansion resumes: recipients are created in customer-id order. */
export async function lastRecipientCustomerId(tx: TTx, opts: { companyId: number; groupMessageId: number }): Promise<number | undefined> {
  const res = await tx.execute(sql`select max(customer_id)::text as max from messages where company_id = ${opts.companyId} and group_message_id = ${opts.groupMessageId}`);
  const max = (res.rows[0] as { max: string | null } | undefined)?.max;
  return max ? Number(max) : undefined;
}
