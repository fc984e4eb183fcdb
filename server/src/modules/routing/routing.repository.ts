import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { TTx } from '../../db/client';
import { customers, type TCustomerRow } from '../customers/customers.schema';
import type { TCandidate, TRoutingDecisionRow, TRoutingRuleRow, TRoutingSettingsRow, TRoutingWaitRow, TSkip } from './routing.schema';

/**
 * Every SQL statement of routing. It reads `users` (who is enabled and online), `messages` (the last agent who wrote)
 * and `customers` (owner, the inbox timer) directly, the way the customers list reads reminders: one statement each,
 * inside the caller's transaction, no other module's repository.
 */

type TRaw = Record<string, unknown>;
const rowsOf = async (tx: TTx, query: SQL): Promise<TRaw[]> => (await tx.execute(query)).rows as TRaw[];
const num = (v: unknown) => Number(v);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const dateOf = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
const dateOrNull = (v: unknown) => (v === null || v === undefined ? null : dateOf(v));
const textOrNull = (v: unknown) => (v === null || v === undefined ? null : String(v));
const jsonOf = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
const idsParam = (ids: number[]) => sql`${sql.param(ids)}::bigint[]`;

function settingsOf(r: TRaw): TRoutingSettingsRow {
  return {
    companyId: num(r.company_id),
    firstReplyMinutes: numOrNull(r.first_reply_minutes),
    warnPercent: num(r.warn_percent),
    reassignMinutes: numOrNull(r.reassign_minutes),
    businessHours: jsonOf(r.business_hours),
  };
}

function ruleOf(r: TRaw): TRoutingRuleRow {
  return {
    companyId: num(r.company_id),
    id: num(r.id),
    position: num(r.position),
    name: String(r.name),
    enabled: Boolean(r.enabled),
    channels: (r.channels ?? []) as TRoutingRuleRow['channels'],
    keywords: (r.keywords ?? []) as string[],
    strategy: String(r.strategy) as TRoutingRuleRow['strategy'],
    role: String(r.role) as TRoutingRuleRow['role'],
    department: textOrNull(r.department),
    userId: numOrNull(r.user_id),
    lastUserId: numOrNull(r.last_user_id),
    createdAt: dateOf(r.created_at),
  };
}

function waitOf(r: TRaw): TRoutingWaitRow {
  return {
    companyId: num(r.company_id),
    id: num(r.id),
    customerId: num(r.customer_id),
    startedAt: dateOf(r.started_at),
    dueAt: dateOrNull(r.due_at),
    warnAt: dateOrNull(r.warn_at),
    repliedAt: dateOrNull(r.replied_at),
    warnedAt: dateOrNull(r.warned_at),
    breachedAt: dateOrNull(r.breached_at),
    hops: num(r.hops),
    jobIds: ((r.job_ids ?? []) as unknown[]).map(Number),
  };
}

// Settings

export async function findSettings(tx: TTx, opts: { companyId: number }): Promise<TRoutingSettingsRow | null> {
  const [r] = await rowsOf(tx, sql`select * from routing_settings where company_id = ${opts.companyId}`);
  return r ? settingsOf(r) : null;
}

export async function upsertSettings(tx: TTx, s: TRoutingSettingsRow): Promise<void> {
  await tx.execute(sql`
    insert into routing_settings (company_id, first_reply_minutes, warn_percent, reassign_minutes, business_hours)
    values (${s.companyId}, ${s.firstReplyMinutes}, ${s.warnPercent}, ${s.reassignMinutes}, ${JSON.stringify(s.businessHours)}::jsonb)
    on conflict (company_id) do update set first_reply_minutes = excluded.first_reply_minutes, warn_percent = excluded.warn_percent,
      reassign_minutes = excluded.reassign_minutes, business_hours = excluded.business_hours, updated_at = now()`);
}

export async function findCompanyTimeZone(tx: TTx, opts: { companyId: number }): Promise<string> {
  const [r] = await rowsOf(tx, sql`select timezone from companies where id = ${opts.companyId}`);
  return r ? String(r.timezone) : 'UTC';
}

export async function countBreaches(tx: TTx, opts: { companyId: number }): Promise<number> {
  const [r] = await rowsOf(tx, sql`select count(*)::int as n from routing_waits where company_id = ${opts.companyId} and breached_at is not null`);
  return num(r?.n ?? 0);
}

// Rules

export async function listRules(tx: TTx, opts: { companyId: number }): Promise<TRoutingRuleRow[]> {
  return (await rowsOf(tx, sql`select * from routing_rules where company_id = ${opts.companyId} order by position, id`)).map(ruleOf);
}

export async function findRule(tx: TTx, opts: { companyId: number; id: number; lock?: boolean }): Promise<TRoutingRuleRow | null> {
  const lock = opts.lock ? sql` for update` : sql``;
  const [r] = await rowsOf(tx, sql`select * from routing_rules where company_id = ${opts.companyId} and id = ${opts.id}${lock}`);
  return r ? ruleOf(r) : null;
}

export async function insertRule(tx: TTx, r: Omit<TRoutingRuleRow, 'id' | 'position' | 'lastUserId' | 'createdAt'>): Promise<number> {
  const [row] = await rowsOf(
    tx,
    sql`insert into routing_rules (company_id, position, name, enabled, channels, keywords, strategy, role, department, user_id)
      values (${r.companyId}, (select coalesce(max(position), 0) + 1 from routing_rules where company_id = ${r.companyId}), ${r.name}, ${r.enabled},
        ${sql.param(r.channels)}::text[], ${sql.param(r.keywords)}::text[], ${r.strategy}, ${r.role}, ${r.department}, ${r.userId})
      returning id`,
  );
  return num(row!.id);
}

export async function updateRule(tx: TTx, r: TRoutingRuleRow): Promise<void> {
  await tx.execute(sql`
    update routing_rules set name = ${r.name}, enabled = ${r.enabled}, channels = ${sql.param(r.channels)}::text[],
      keywords = ${sql.param(r.keywords)}::text[], strategy = ${r.strategy}, role = ${r.role}, department = ${r.department},
      user_id = ${r.userId}, updated_at = now()
    where company_id = ${r.companyId} and id = ${r.id}`);
}

export async function deleteRule(tx: TTx, opts: { companyId: number; id: number }): Promise<boolean> {
  const rows = await rowsOf(tx, sql`delete from routing_rules where company_id = ${opts.companyId} and id = ${opts.id} returning id`);
  return rows.length > 0;
}

export async function countRules(tx: TTx, opts: { companyId: number }): Promise<number> {
  const [r] = await rowsOf(tx, sql`select count(*)::int as n from routing_rules where company_id = ${opts.companyId}`);
  return num(r?.n ?? 0);
}

/** Positions 1..n in the order given (every id of the company's rules, checked by the caller). */
export async function reorderRules(tx: TTx, opts: { companyId: number; ids: number[] }): Promise<void> {
  if (!opts.ids.length) return;
  await tx.execute(sql`
    update routing_rules r set position = o.ord, updated_at = now()
    from unnest(${idsParam(opts.ids)}) with ordinality as o(id, ord)
    where r.company_id = ${opts.companyId} and r.id = o.id`);
}

export async function setRuleLastUser(tx: TTx, opts: { companyId: number; id: number; userId: number }): Promise<void> {
  await tx.execute(sql`update routing_rules set last_user_id = ${opts.userId} where company_id = ${opts.companyId} and id = ${opts.id}`);
}

// Candidates

export async function listCandidates(tx: TTx, opts: { companyId: number; role: string; department: string | null }): Promise<TCandidate[]> {
  const dept = opts.department ? sql` and lower(department) = lower(${opts.department})` : sql``;
  const rows = await rowsOf(
    tx,
    sql`select id, enabled, away_state->>'status' as status from users
      where company_id = ${opts.companyId} and ${opts.role} = any(roles)${dept} order by id`,
  );
  return rows.map((r) => ({ id: num(r.id), enabled: Boolean(r.enabled), status: String(r.status ?? 'ONLINE') }));
}

export async function findCandidates(tx: TTx, opts: { companyId: number; ids: number[] }): Promise<TCandidate[]> {
  if (!opts.ids.length) return [];
  const rows = await rowsOf(
    tx,
    sql`select id, enabled, away_state->>'status' as status from users where company_id = ${opts.companyId} and id = any(${idsParam(opts.ids)})`,
  );
  return rows.map((r) => ({ id: num(r.id), enabled: Boolean(r.enabled), status: String(r.status ?? 'ONLINE') }));
}

/** A notification's recipient: who, and the language the texts are written in. */
export interface TRecipient {
  id: number;
  language: string;
}

export async function listCompanyAdmins(tx: TTx, opts: { companyId: number }): Promise<TRecipient[]> {
  const rows = await rowsOf(
    tx,
    sql`select id, language from users where company_id = ${opts.companyId} and enabled and 'ROLE_COMPANY_ADMIN' = any(roles) order by id`,
  );
  return rows.map((r) => ({ id: num(r.id), language: String(r.language ?? 'en') }));
}

export async function findRecipient(tx: TTx, opts: { companyId: number; id: number }): Promise<TRecipient | null> {
  const [r] = await rowsOf(tx, sql`select id, language from users where company_id = ${opts.companyId} and id = ${opts.id}`);
  return r ? { id: num(r.id), language: String(r.language ?? 'en') } : null;
}

/** Open waits (unanswered conversations) owned by each of `userIds`. */
export async function countOpenWaitsByOwner(tx: TTx, opts: { companyId: number; userIds: number[] }): Promise<Map<number, number>> {
  if (!opts.userIds.length) return new Map();
  const rows = await rowsOf(
    tx,
    sql`select c.user_id, count(*)::int as n from routing_waits w
      join customers c on c.company_id = w.company_id and c.id = w.customer_id
      where w.company_id = ${opts.companyId} and w.replied_at is null and c.user_id = any(${idsParam(opts.userIds)})
      group by c.user_id`,
  );
  return new Map(rows.map((r) => [num(r.user_id), num(r.n)]));
}

/** Who had the conversation before: the last routing choice, else the last agent who wrote to the customer. */
export async function findPreviousOwner(tx: TTx, opts: { companyId: number; customerId: number }): Promise<number | null> {
  const [r] = await rowsOf(
    tx,
    sql`select coalesce(
      (select chosen_user_id from routing_decisions where company_id = ${opts.companyId} and customer_id = ${opts.customerId}
         and chosen_user_id is not null order by created_at desc, id desc limit 1),
      (select user_id from messages where company_id = ${opts.companyId} and customer_id = ${opts.customerId}
         and sender = 'agent' and user_id is not null order by id desc limit 1)) as user_id`,
  );
  return numOrNull(r?.user_id);
}

// Conversations

export async function findCustomerOwner(
  tx: TTx,
  opts: { companyId: number; customerId: number },
): Promise<{ userId: number | null; name: string | null } | null> {
  const [r] = await rowsOf(
    tx,
    sql`select c.user_id, nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as name, u.email
      from customers c left join users u on u.company_id = c.company_id and u.id = c.user_id
      where c.company_id = ${opts.companyId} and c.id = ${opts.customerId}`,
  );
  if (!r) return null;
  return { userId: numOrNull(r.user_id), name: textOrNull(r.name) ?? textOrNull(r.email) };
}

/** "Take": the owner becomes `userId` only when the conversation has none (one atomic statement: one winner). */
export async function claimUnowned(tx: TTx, opts: { companyId: number; customerId: number; userId: number }): Promise<boolean> {
  const rows = await rowsOf(
    tx,
    sql`update customers set user_id = ${opts.userId}, updated_at = now()
      where company_id = ${opts.companyId} and id = ${opts.customerId} and user_id is null returning id`,
  );
  return rows.length > 0;
}

export async function setResponseDue(tx: TTx, opts: { companyId: number; customerIds: number[]; dueAt: Date | null }): Promise<void> {
  if (!opts.customerIds.length) return;
  await tx.execute(sql`update customers set response_due_at = ${opts.dueAt} where company_id = ${opts.companyId} and id = any(${idsParam(opts.customerIds)})`);
}

// Waits

export async function findOpenWait(tx: TTx, opts: { companyId: number; customerId: number }): Promise<TRoutingWaitRow | null> {
  const [r] = await rowsOf(
    tx,
    sql`select * from routing_waits where company_id = ${opts.companyId} and customer_id = ${opts.customerId} and replied_at is null`,
  );
  return r ? waitOf(r) : null;
}

export async function findWait(tx: TTx, opts: { companyId: number; id: number }): Promise<TRoutingWaitRow | null> {
  const [r] = await rowsOf(tx, sql`select * from routing_waits where company_id = ${opts.companyId} and id = ${opts.id}`);
  return r ? waitOf(r) : null;
}

/** Opens a wait unless one is open (two inbound messages of one stretch share it); null when one was open. */
export async function openWait(
  tx: TTx,
  opts: { companyId: number; customerId: number; startedAt: Date; dueAt: Date | null; warnAt: Date | null },
): Promise<TRoutingWaitRow | null> {
  const [r] = await rowsOf(
    tx,
    sql`insert into routing_waits (company_id, customer_id, started_at, due_at, warn_at)
      values (${opts.companyId}, ${opts.customerId}, ${opts.startedAt}, ${opts.dueAt}, ${opts.warnAt})
      on conflict (company_id, customer_id) where replied_at is null do nothing returning *`,
  );
  return r ? waitOf(r) : null;
}

export async function addWaitJobs(tx: TTx, opts: { companyId: number; id: number; jobIds: number[]; hop?: boolean }): Promise<void> {
  const hop = opts.hop ? sql`, hops = hops + 1` : sql``;
  await tx.execute(sql`update routing_waits set job_ids = job_ids || ${idsParam(opts.jobIds)}${hop} where company_id = ${opts.companyId} and id = ${opts.id}`);
}

/** The conversation's owner at this moment, inside an update of routing_waits aliased `w`. */
const ownerNow = sql`(select c.user_id from customers c where c.company_id = w.company_id and c.id = w.customer_id)`;

/** A reply closes the open waits of these conversations; answers the jobs they had planned (to cancel). */
export async function closeWaits(tx: TTx, opts: { companyId: number; customerIds: number[] }): Promise<number[]> {
  if (!opts.customerIds.length) return [];
  const rows = await rowsOf(
    tx,
    sql`update routing_waits w set replied_at = now(), owner_id = coalesce(w.owner_id, ${ownerNow})
      where w.company_id = ${opts.companyId} and w.customer_id = any(${idsParam(opts.customerIds)}) and w.replied_at is null
      returning w.job_ids`,
  );
  return rows.flatMap((r) => ((r.job_ids ?? []) as unknown[]).map(Number));
}

/** Completes planned jobs that have not run (a reply cancels them); the handlers also check the wait. */
export async function cancelJobs(tx: TTx, opts: { companyId: number; jobIds: number[] }): Promise<void> {
  if (!opts.jobIds.length) return;
  await tx.execute(sql`update outbox_jobs set done_at = now(), locked_until = null, last_error = 'cancelled: replied'
    where company_id = ${opts.companyId} and id = any(${idsParam(opts.jobIds)}) and done_at is null`);
}

/** Once-only marks: true for the one caller that set it, while the wait is still open. A breach records who owned it. */
export async function markWait(tx: TTx, opts: { companyId: number; id: number; mark: 'warned_at' | 'breached_at' }): Promise<boolean> {
  const col = sql.raw(opts.mark);
  const owner = opts.mark === 'breached_at' ? sql`, owner_id = ${ownerNow}` : sql``;
  const rows = await rowsOf(
    tx,
    sql`update routing_waits w set ${col} = now()${owner}
      where w.company_id = ${opts.companyId} and w.id = ${opts.id} and w.replied_at is null and w.${col} is null returning w.id`,
  );
  return rows.length > 0;
}

// Decisions

export async function insertDecision(
  tx: TTx,
  d: Omit<TRoutingDecisionRow, 'id' | 'createdAt' | 'chosenUserName'> & { messageId: number | null },
): Promise<void> {
  await tx.execute(sql`
    insert into routing_decisions (company_id, customer_id, message_id, kind, rule_id, rule_name, strategy, chosen_user_id, previous_user_id, reason, skipped)
    values (${d.companyId}, ${d.customerId}, ${d.messageId}, ${d.kind}, ${d.ruleId}, ${d.ruleName}, ${d.strategy}, ${d.chosenUserId},
      ${d.previousUserId}, ${d.reason}, ${JSON.stringify(d.skipped)}::jsonb)`);
}

export async function listDecisions(tx: TTx, opts: { companyId: number; customerId: number; limit: number }): Promise<TRoutingDecisionRow[]> {
  const rows = await rowsOf(
    tx,
    sql`select d.*, nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as chosen_name, u.email as chosen_email
      from routing_decisions d left join users u on u.company_id = d.company_id and u.id = d.chosen_user_id
      where d.company_id = ${opts.companyId} and d.customer_id = ${opts.customerId}
      order by d.created_at desc, d.id desc limit ${opts.limit}`,
  );
  return rows.map((r) => ({
    companyId: num(r.company_id),
    id: num(r.id),
    customerId: num(r.customer_id),
    kind: String(r.kind) as TRoutingDecisionRow['kind'],
    ruleId: numOrNull(r.rule_id),
    ruleName: textOrNull(r.rule_name),
    strategy: textOrNull(r.strategy) as TRoutingDecisionRow['strategy'],
    chosenUserId: numOrNull(r.chosen_user_id),
    chosenUserName: textOrNull(r.chosen_name) ?? textOrNull(r.chosen_email),
    previousUserId: numOrNull(r.previous_user_id),
    reason: String(r.reason),
    skipped: jsonOf<TSkip[]>(r.skipped),
    createdAt: dateOf(r.created_at),
  }));
}

// The unassigned queue

/**
 * One page of the company's conversations without an owner (not archived), newest first, keyset paged; with the
 * viewer's read time in the same statement (the owner index `(company_id, user_id, archived, bumped_at, id)` serves
 * `user_id is null`). Never an owned customer: the condition is the statement's own.
 */
export async function listUnowned(
  tx: TTx,
  opts: { companyId: number; viewerId: number; limit: number; before?: { bumpedAt: Date; id: number } },
): Promise<{ row: TCustomerRow; readAt: Date | null }[]> {
  const keyset = opts.before ? sql`(${customers.bumpedAt}, ${customers.id}) < (${opts.before.bumpedAt}, ${opts.before.id})` : undefined;
  const rows = await tx
    .select({
      row: customers,
      readAt: sql<Date | string | null>`(select r.read_at from customer_read_states r
        where r.company_id = ${customers.companyId} and r.customer_id = ${customers.id} and r.user_id = ${opts.viewerId})`,
    })
    .from(customers)
    .where(and(eq(customers.companyId, opts.companyId), isNull(customers.userId), eq(customers.archived, false), keyset))
    .orderBy(desc(customers.bumpedAt), desc(customers.id))
    .limit(opts.limit);
  return rows.map((r) => ({ row: r.row, readAt: r.readAt === null ? null : dateOf(r.readAt) }));
}
