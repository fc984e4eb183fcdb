import { and, asc, desc, eq, gte, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { TTx } from '../../db/client';
import { countRows } from '../../db/capped-count';
import type { TListTotal } from '../../lib/hydra';
import { REMINDER_LIMITS } from '@cd/contracts/reminders';
import { consentEvents, customerReadStates, customers, userActivePages, type TCustomerRow, type TLastMessage } from './customers.schema';

export interface TCustomerScope {
  companyId: number;
  /** Non-admins see only the customers they own. */
  ownerId: number | null;
}

export interface TInboxFilter extends TCustomerScope {
  viewerId: number;
  archived: boolean;
  search?: string;
  userId?: number;
  unread?: boolean;
  tags?: string[];
  since?: Date;
  scheduledWithin?: { from: Date; to: Date };
}

function escapeLike(v: string): string {
  return v.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `NOT EXISTS` a read row at or after the last inbound message: the viewer has not read it. */
export function unreadCondition(viewerId: number): SQL {
  return sql`(${customers.lastInboundAt} is not null and not exists (
    select 1 from customer_read_states r
    where r.company_id = ${customers.companyId} and r.customer_id = ${customers.id}
      and r.user_id = ${viewerId} and r.read_at >= ${customers.lastInboundAt}))`;
}

function inboxWhere(f: TInboxFilter): SQL {
  const conds: (SQL | undefined)[] = [eq(customers.companyId, f.companyId), eq(customers.archived, f.archived)];
  if (f.ownerId !== null) conds.push(eq(customers.userId, f.ownerId));
  if (f.search) {
    const like = `%${escapeLike(f.search)}%`;
    const digits = f.search.replace(/\D/g, '');
    conds.push(
      or(
        sql`(${customers.firstName} || ' ' || ${customers.lastName}) ilike ${like}`,
        sql`${customers.email} ilike ${like}`,
        digits.length >= 3 ? sql`${customers.phone} like ${`%${digits}%`}` : undefined,
      ),
    );
  }
  if (f.userId !== undefined) conds.push(eq(customers.userId, f.userId));
  if (f.unread) conds.push(unreadCondition(f.viewerId));
  if (f.tags?.length) conds.push(sql`${customers.tags} @> ${sql.param(f.tags)}::text[]`);
  if (f.since) conds.push(gte(customers.bumpedAt, f.since));
  if (f.scheduledWithin)
    conds.push(sql`exists (select 1 from messages m where m.company_id = ${customers.companyId} and m.customer_id = ${customers.id}
      and m.status = 'scheduled' and m.scheduled_at >= ${f.scheduledWithin.from} and m.scheduled_at < ${f.scheduledWithin.to})`);
  return and(...conds)!;
}

/** The customer resource's `lastOpenRepairOrder` / `lastClosedRepairOrder` (spec part 1 §3). */
export interface TCustomerRepairOrders {
  lastOpen: TRepairOrderSummaryRow | null;
  lastClosed: TRepairOrderSummaryRow | null;
}
export interface TRepairOrderSummaryRow {
  id: number;
  number: string;
  title: string;
  status: string;
  openedAt: Date;
  promisedAt: Date | null;
  closedAt: Date | null;
  vehicleReadySentAt: Date | null;
  surveyId: number | null;
}

/**
 * The newest open order (by opening) or the most recently closed one of the customer row, as JSON, in the same
 * statement as the customers (a correlated subquery on repair_orders_customer_idx, one index probe per row). The
 * repair_orders table is read by SQL here: customers sits below repair-orders and must not import it.
 */
function lastOrderOf(which: 'open' | 'closed') {
  const cond = which === 'open' ? sql`ro.closed_at is null` : sql`ro.closed_at is not null`;
  const order = which === 'open' ? sql`ro.opened_at desc, ro.id desc` : sql`ro.closed_at desc, ro.id desc`;
  return sql<Record<string, unknown> | null>`(select json_build_object('id', ro.id, 'number', ro.number, 'title', ro.title, 'status', ro.status,
      'openedAt', ro.opened_at, 'promisedAt', ro.promised_at, 'closedAt', ro.closed_at, 'vehicleReadySentAt', ro.vehicle_ready_sent_at,
      'surveyId', ro.survey_id)
    from repair_orders ro where ro.company_id = "customers"."company_id" and ro.customer_id = "customers"."id" and ${cond}
    order by ${order} limit 1)`;
}

/**
 * The viewer's open reminders about the customer row (the resource's `reminders`, soonest due first), as a JSON array
 * of ids in the same statement as the customers: one probe of reminders_customer_open_idx per row. Reminders sit
 * above customers, so the table is read by SQL here.
 */
function openReminderIdsOf(viewerId: number) {
  return sql<unknown>`(select coalesce(json_agg(rm.id order by rm.due_at, rm.id), '[]'::json)
    from (select rm.id, rm.due_at from reminders rm where rm.company_id = "customers"."company_id" and rm.customer_id = "customers"."id"
      and rm.user_id = ${viewerId} and rm.done_at is null order by rm.due_at, rm.id limit ${REMINDER_LIMITS.listMax}) rm)`;
}

function reminderIdsOf(v: unknown): number[] {
  const list = (typeof v === 'string' ? JSON.parse(v) : v) as unknown[] | null;
  return (list ?? []).map(Number);
}

/** The viewer's open reminders about some customers (one customer's page): one statement. */
export async function listCustomerReminderIds(tx: TTx, opts: { companyId: number; customerIds: number[]; viewerId: number }): Promise<Map<number, number[]>> {
  if (!opts.customerIds.length) return new Map();
  const rows = await tx
    .select({ id: customers.id, reminders: openReminderIdsOf(opts.viewerId) })
    .from(customers)
    .where(and(eq(customers.companyId, opts.companyId), inArray(customers.id, opts.customerIds)));
  return new Map(rows.map((r) => [r.id, reminderIdsOf(r.reminders)]));
}

const dateOrNull = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));

function summaryOf(v: Record<string, unknown> | string | null): TRepairOrderSummaryRow | null {
  if (v === null || v === undefined) return null;
  const o = (typeof v === 'string' ? JSON.parse(v) : v) as Record<string, unknown>;
  return {
    id: Number(o.id),
    number: String(o.number),
    title: String(o.title),
    status: String(o.status),
    openedAt: new Date(o.openedAt as string),
    promisedAt: dateOrNull(o.promisedAt),
    closedAt: dateOrNull(o.closedAt),
    vehicleReadySentAt: dateOrNull(o.vehicleReadySentAt),
    surveyId: o.surveyId === null || o.surveyId === undefined ? null : Number(o.surveyId),
  };
}

/** The two summaries of some customers (one customer's page, an event): one statement. */
export async function listCustomerRepairOrders(tx: TTx, opts: { companyId: number; customerIds: number[] }): Promise<Map<number, TCustomerRepairOrders>> {
  if (!opts.customerIds.length) return new Map();
  const rows = await tx
    .select({ id: customers.id, lastOpen: lastOrderOf('open'), lastClosed: lastOrderOf('closed') })
    .from(customers)
    .where(and(eq(customers.companyId, opts.companyId), inArray(customers.id, opts.customerIds)));
  return new Map(rows.map((r) => [r.id, { lastOpen: summaryOf(r.lastOpen), lastClosed: summaryOf(r.lastClosed) }]));
}

/**
 * Inbox page by keyset on (bumpedAt desc, id desc) — never OFFSET — plus the count, plus the page's read states:
 * three statements whatever the page size.
 */
export async function listInbox(
  tx: TTx,
  f: TInboxFilter & { limit: number; before?: { bumpedAt: Date; id: number }; exactTotal?: boolean },
): Promise<{
  rows: TCustomerRow[];
  total: TListTotal | null;
  readStates: { customerId: number; userId: number; readAt: Date }[];
  repairOrders: Map<number, TCustomerRepairOrders>;
  reminders: Map<number, number[]>;
}> {
  const where = inboxWhere(f);
  // A row comparison bounds the index scan itself (an OR of two conditions would only filter it).
  const keyset = f.before ? sql`(${customers.bumpedAt}, ${customers.id}) < (${f.before.bumpedAt}, ${f.before.id})` : undefined;
  const withOrders = await tx
    .select({ c: customers, lastOpen: lastOrderOf('open'), lastClosed: lastOrderOf('closed'), reminders: openReminderIdsOf(f.viewerId) })
    .from(customers)
    .where(and(where, keyset))
    .orderBy(desc(customers.bumpedAt), desc(customers.id))
    .limit(f.limit);
  const rows = withOrders.map((r) => r.c);
  const repairOrders = new Map(withOrders.map((r) => [r.c.id, { lastOpen: summaryOf(r.lastOpen), lastClosed: summaryOf(r.lastClosed) }]));
  // The count dominates the page's cost on big inboxes: the first page counts up to a cap, later pages (following
  // view.next while scrolling) not at all.
  const total = f.before ? null : await countRows(tx, { table: customers, where, exact: f.exactTotal });
  const readStates = await listReadStates(tx, { companyId: f.companyId, customerIds: rows.map((r) => r.id) });
  const reminders = new Map(withOrders.map((r) => [r.c.id, reminderIdsOf(r.reminders)]));
  return { rows, total, readStates, repairOrders, reminders };
}

export async function listReadStates(tx: TTx, opts: { companyId: number; customerIds: number[] }) {
  if (!opts.customerIds.length) return [];
  return tx
    .select({ customerId: customerReadStates.customerId, userId: customerReadStates.userId, readAt: customerReadStates.readAt })
    .from(customerReadStates)
    .where(and(eq(customerReadStates.companyId, opts.companyId), inArray(customerReadStates.customerId, opts.customerIds)));
}

/**
 * The unread badge: counted up to `cap` (100), since a badge shows "99+" past that and counting every unread
 * conversation of a 100k inbox is an anti-join over all of them (~200 ms; docs/performance.md).
 */
export async function countUnread(tx: TTx, opts: TCustomerScope & { viewerId: number; cap: number }): Promise<TListTotal> {
  const conds = [eq(customers.companyId, opts.companyId), eq(customers.archived, false), unreadCondition(opts.viewerId)];
  if (opts.ownerId !== null) conds.push(eq(customers.userId, opts.ownerId));
  return countRows(tx, { table: customers, where: and(...conds), cap: opts.cap });
}

export async function findCustomer(tx: TTx, opts: TCustomerScope & { id: number }): Promise<TCustomerRow | undefined> {
  const conds = [eq(customers.companyId, opts.companyId), eq(customers.id, opts.id)];
  if (opts.ownerId !== null) conds.push(eq(customers.userId, opts.ownerId));
  const [row] = await tx.select().from(customers).where(and(...conds)).limit(1);
  return row;
}

export async function findCustomerByPhone(tx: TTx, opts: { companyId: number; phone: string }): Promise<TCustomerRow | undefined> {
  const [row] = await tx
    .select()
    .from(customers)
    .where(and(eq(customers.companyId, opts.companyId), eq(customers.phone, opts.phone)))
    .limit(1);
  return row;
}

export async function listSimpleCustomers(tx: TTx, opts: TCustomerScope & { search?: string; limit: number }) {
  const conds: (SQL | undefined)[] = [eq(customers.companyId, opts.companyId)];
  if (opts.ownerId !== null) conds.push(eq(customers.userId, opts.ownerId));
  if (opts.search) {
    const like = `%${escapeLike(opts.search)}%`;
    conds.push(or(sql`(${customers.firstName} || ' ' || ${customers.lastName}) ilike ${like}`, sql`${customers.phone} like ${like}`));
  }
  return tx
    .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName, phone: customers.phone })
    .from(customers)
    .where(and(...conds))
    .orderBy(asc(customers.lastName), asc(customers.firstName), asc(customers.id))
    .limit(opts.limit);
}

export async function insertCustomer(tx: TTx, values: typeof customers.$inferInsert): Promise<TCustomerRow> {
  const [row] = await tx.insert(customers).values(values).returning();
  return row!;
}

export async function updateCustomer(
  tx: TTx,
  opts: { companyId: number; id: number; values: Partial<typeof customers.$inferInsert> },
): Promise<TCustomerRow | undefined> {
  const [row] = await tx
    .update(customers)
    .set({ ...opts.values, updatedAt: new Date() })
    .where(and(eq(customers.companyId, opts.companyId), eq(customers.id, opts.id)))
    .returning();
  return row;
}

export async function deleteCustomer(tx: TTx, opts: { companyId: number; id: number }): Promise<void> {
  await tx.delete(customers).where(and(eq(customers.companyId, opts.companyId), eq(customers.id, opts.id)));
}

export async function upsertReadState(tx: TTx, opts: { companyId: number; customerId: number; userId: number }): Promise<void> {
  await tx
    .insert(customerReadStates)
    .values({ ...opts, readAt: new Date() })
    .onConflictDoUpdate({
      target: [customerReadStates.companyId, customerReadStates.customerId, customerReadStates.userId],
      set: { readAt: sql`now()` },
    });
}

export async function deleteReadState(tx: TTx, opts: { companyId: number; customerId: number; userId: number }): Promise<void> {
  await tx
    .delete(customerReadStates)
    .where(
      and(
        eq(customerReadStates.companyId, opts.companyId),
        eq(customerReadStates.customerId, opts.customerId),
        eq(customerReadStates.userId, opts.userId),
      ),
    );
}

/** upsertReadState for many (customer, user) pairs in one statement; repeated pairs are written once. */
export async function upsertReadStates(tx: TTx, opts: { companyId: number; pairs: { customerId: number; userId: number }[] }): Promise<void> {
  const seen = new Set<string>();
  // ON CONFLICT DO UPDATE may not touch one row twice in a statement.
  const pairs = opts.pairs.filter((p) => !seen.has(`${p.customerId}:${p.userId}`) && !!seen.add(`${p.customerId}:${p.userId}`));
  if (!pairs.length) return;
  const readAt = new Date();
  await tx
    .insert(customerReadStates)
    .values(pairs.map((p) => ({ companyId: opts.companyId, customerId: p.customerId, userId: p.userId, readAt })))
    .onConflictDoUpdate({
      target: [customerReadStates.companyId, customerReadStates.customerId, customerReadStates.userId],
      set: { readAt: sql`now()` },
    });
}

/**
 * Moves many conversations up with their new last message, in one statement (a batch of sends); one entry per
 * customer. Returns the updated rows.
 */
export async function bumpCustomers(
  tx: TTx,
  opts: { companyId: number; bumps: { id: number; bumpedAt: Date; lastMessage: TLastMessage }[] },
): Promise<TCustomerRow[]> {
  if (!opts.bumps.length) return [];
  const rows = opts.bumps.map((b) => ({ id: b.id, bumped_at: b.bumpedAt.toISOString(), last_message: b.lastMessage }));
  const v = sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id bigint, bumped_at timestamptz, last_message jsonb)`;
  return tx
    .update(customers)
    .set({ bumpedAt: sql`v.bumped_at`, lastMessage: sql`v.last_message`, updatedAt: new Date() })
    .from(v)
    .where(and(eq(customers.companyId, opts.companyId), sql`${customers.id} = v.id`))
    .returning();
}

/** One statement: every unread customer the viewer can see gets a read row now. */
export async function markAllRead(tx: TTx, opts: TCustomerScope & { viewerId: number }): Promise<number> {
  const ownerCond = opts.ownerId !== null ? sql`and c.user_id = ${opts.ownerId}` : sql``;
  const res = await tx.execute(sql`
    insert into customer_read_states (company_id, customer_id, user_id, read_at)
    select c.company_id, c.id, ${opts.viewerId}, now() from customers c
    where c.company_id = ${opts.companyId} and c.archived = false and c.last_inbound_at is not null ${ownerCond}
    on conflict (company_id, customer_id, user_id) do update set read_at = excluded.read_at
    returning customer_id`);
  return res.rows.length;
}

export async function listTags(tx: TTx, opts: TCustomerScope): Promise<{ name: string; count: number }[]> {
  const ownerCond = opts.ownerId !== null ? sql`and user_id = ${opts.ownerId}` : sql``;
  const res = await tx.execute(sql`
    select tag as name, count(*)::int as count from customers, unnest(tags) as tag
    where company_id = ${opts.companyId} ${ownerCond}
    group by tag order by count(*) desc, tag limit 200`);
  return res.rows as { name: string; count: number }[];
}

export async function insertConsentEvent(
  tx: TTx,
  values: { companyId: number; customerId: number; kind: 'opt_out' | 'opt_in'; source: string; channel?: string | null; detail?: Record<string, unknown> },
): Promise<void> {
  await tx.insert(consentEvents).values({ ...values, channel: values.channel ?? null, detail: values.detail ?? {} });
}

/** Merge: lock both customers in id order, so crossing merges (A into B, B into A) queue instead of deadlocking. */
export async function lockCustomers(tx: TTx, opts: { companyId: number; ids: number[] }): Promise<void> {
  await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.companyId, opts.companyId), inArray(customers.id, opts.ids)))
    .orderBy(asc(customers.id))
    .for('update');
}

/** Merge preview: what would move from the duplicate (`fromId`) onto the kept customer (`toId`). */
export async function countMergeMoves(
  tx: TTx,
  opts: { companyId: number; fromId: number; toId: number },
): Promise<{ messages: number; scheduledMessages: number; groups: number; consentEvents: number }> {
  const { companyId, fromId, toId } = opts;
  const res = await tx.execute(sql`
    select
      (select count(*)::int from messages where company_id = ${companyId} and customer_id = ${fromId} and status <> 'scheduled') as messages,
      (select count(*)::int from messages where company_id = ${companyId} and customer_id = ${fromId} and status = 'scheduled') as "scheduledMessages",
      (select count(*)::int from customer_group_members d where d.company_id = ${companyId} and d.customer_id = ${fromId}
         and not exists (select 1 from customer_group_members k where k.company_id = d.company_id and k.group_id = d.group_id and k.customer_id = ${toId})) as groups,
      (select count(*)::int from consent_events where company_id = ${companyId} and customer_id = ${fromId}) as "consentEvents"`);
  return res.rows[0] as { messages: number; scheduledMessages: number; groups: number; consentEvents: number };
}

/** Merge: move the duplicate's messages, group memberships, consent history, read states and reminders onto the kept customer. */
export async function moveCustomerData(tx: TTx, opts: { companyId: number; fromId: number; toId: number }): Promise<void> {
  const { companyId, fromId, toId } = opts;
  // A group message both received would break its one-per-recipient key: the duplicate's copy stays in the
  // thread, no longer counted as that group message's recipient.
  await tx.execute(sql`
    update messages set group_message_id = null
    where company_id = ${companyId} and customer_id = ${fromId} and group_message_id in (
      select group_message_id from messages where company_id = ${companyId} and customer_id = ${toId} and group_message_id is not null)`);
  await tx.execute(sql`update messages set customer_id = ${toId} where company_id = ${companyId} and customer_id = ${fromId}`);
  await tx.execute(sql`
    insert into customer_group_members (company_id, group_id, customer_id, added_at)
    select company_id, group_id, ${toId}, added_at from customer_group_members where company_id = ${companyId} and customer_id = ${fromId}
    on conflict (company_id, group_id, customer_id) do nothing`);
  await tx.execute(sql`update consent_events set customer_id = ${toId} where company_id = ${companyId} and customer_id = ${fromId}`);
  await tx.execute(sql`update reminders set customer_id = ${toId} where company_id = ${companyId} and customer_id = ${fromId}`);
  await tx.execute(sql`
    insert into customer_read_states (company_id, customer_id, user_id, read_at)
    select company_id, ${toId}, user_id, read_at from customer_read_states where company_id = ${companyId} and customer_id = ${fromId}
    on conflict (company_id, customer_id, user_id) do update set read_at = greatest(customer_read_states.read_at, excluded.read_at)`);
}

export async function upsertActivePage(
  tx: TTx,
  values: { companyId: number; userId: number; page: string; customerId: number | null },
): Promise<void> {
  await tx
    .insert(userActivePages)
    .values({ ...values, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [userActivePages.companyId, userActivePages.userId],
      set: { page: values.page, customerId: values.customerId, updatedAt: sql`now()` },
    });
}

/** Whether the user reported looking at this customer's conversation (focused window) within the last `freshSeconds`. */
export async function isViewingCustomer(tx: TTx, opts: { companyId: number; userId: number; customerId: number; freshSeconds: number }): Promise<boolean> {
  const res = await tx.execute(sql`
    select 1 from user_active_pages
    where company_id = ${opts.companyId} and user_id = ${opts.userId} and customer_id = ${opts.customerId} and page <> 'none'
      and updated_at > now() - make_interval(secs => ${opts.freshSeconds})`);
  return res.rows.length > 0;
}

export async function reassignCustomers(tx: TTx, opts: { companyId: number; fromUserId: number; toUserId: number }): Promise<void> {
  await tx
    .update(customers)
    .set({ userId: opts.toUserId })
    .where(and(eq(customers.companyId, opts.companyId), eq(customers.userId, opts.fromUserId)));
}


export async function findCustomersByIds(tx: TTx, opts: TCustomerScope & { ids: number[] }): Promise<TCustomerRow[]> {
  if (!opts.ids.length) return [];
  const conds = [eq(customers.companyId, opts.companyId), inArray(customers.id, opts.ids)];
  if (opts.ownerId !== null) conds.push(eq(customers.userId, opts.ownerId));
  return tx.select().from(customers).where(and(...conds));
}

/** The customer behind an inbound message: by phone number, or by messaging-app id when there is no number. */
export async function findCustomerByIdentity(
  tx: TTx,
  opts: { companyId: number; phone?: string; viberUserId?: string; webchatVisitorId?: string },
): Promise<TCustomerRow | undefined> {
  if (opts.phone) return findCustomerByPhone(tx, { companyId: opts.companyId, phone: opts.phone });
  if (opts.webchatVisitorId) {
    const [row] = await tx
      .select()
      .from(customers)
      .where(and(eq(customers.companyId, opts.companyId), eq(customers.webchatVisitorId, opts.webchatVisitorId)))
      .limit(1);
    return row;
  }
  if (!opts.viberUserId) return undefined;
  const [row] = await tx
    .select()
    .from(customers)
    .where(and(eq(customers.companyId, opts.companyId), eq(customers.viberUserId, opts.viberUserId)))
    .limit(1);
  return row;
}
