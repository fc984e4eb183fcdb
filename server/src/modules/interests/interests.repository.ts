import { sql, type SQL } from 'drizzle-orm';
import type { TListingInterestSource, TListingInterestState } from '@cd/contracts/interests';
import { TOTAL_COUNT_CAP } from '../../db/capped-count';
import type { TTx } from '../../db/client';
import type { TListTotal } from '../../lib/hydra';
import type { TCustomerInterestRow, TInterestRow, TInterestsPageAsk, TListingInterestRow } from './interests.schema';

/** Every SQL statement of interests. Each list is one statement for its page plus one capped count on page one. */

type TRaw = Record<string, unknown>;
const rowsOf = async (tx: TTx, query: SQL): Promise<TRaw[]> => (await tx.execute(query)).rows as TRaw[];
const num = (v: unknown) => Number(v);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const dateOf = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Newest first after the keyset (`idColumn` breaks ties), or all (capped) in the picker's order. */
function pageSql(ask: TInterestsPageAsk, created: string, idColumn: string, unpagedOrder: SQL): { where: SQL; order: SQL; limit: number } {
  const c = sql.raw(created);
  const id = sql.raw(idColumn);
  if (!ask.paginated) return { where: sql``, order: unpagedOrder, limit: ask.limit };
  const where = ask.before
    ? ask.idLt !== undefined
      ? sql` and (${c}, ${id}) < (${ask.before.toISOString()}::timestamptz, ${ask.idLt})`
      : sql` and ${c} < ${ask.before.toISOString()}::timestamptz`
    : sql``;
  return { where, order: sql`${c} desc, ${id} desc`, limit: ask.limit };
}

async function cappedCount(tx: TTx, from: SQL): Promise<TListTotal> {
  const res = await rowsOf(tx, sql`select count(*)::int as n from (select 1 ${from} limit ${TOTAL_COUNT_CAP + 1}) capped`);
  const n = num(res[0]?.n ?? 0);
  return n <= TOTAL_COUNT_CAP ? { exact: n } : { atLeast: TOTAL_COUNT_CAP };
}

/* ---- Interest categories ---- */

const interestColumns = sql`i.company_id, i.id, i.name, i.description, i.created_at,
  (select count(*)::int from customer_interests ci where ci.company_id = i.company_id and ci.interest_id = i.id) as member_count`;

function interestOf(r: TRaw): TInterestRow {
  return {
    companyId: num(r.company_id),
    id: num(r.id),
    name: String(r.name),
    description: String(r.description),
    memberCount: num(r.member_count ?? 0),
    createdAt: dateOf(r.created_at),
  };
}

const interestFilter = (name?: string) => (name ? sql` and i.name ilike ${likeOf(name)}` : sql``);

export async function listInterests(tx: TTx, opts: { companyId: number; name?: string; ask: TInterestsPageAsk }): Promise<TInterestRow[]> {
  const p = pageSql(opts.ask, 'i.created_at', 'i.id', sql`lower(i.name), i.id`);
  const rows = await rowsOf(
    tx,
    sql`select ${interestColumns} from interests i where i.company_id = ${opts.companyId}${interestFilter(opts.name)}${p.where} order by ${p.order} limit ${p.limit}`,
  );
  return rows.map(interestOf);
}

export function countInterests(tx: TTx, opts: { companyId: number; name?: string }): Promise<TListTotal> {
  return cappedCount(tx, sql`from interests i where i.company_id = ${opts.companyId}${interestFilter(opts.name)}`);
}

export async function findInterest(tx: TTx, opts: { companyId: number; id: number }): Promise<TInterestRow | null> {
  const rows = await rowsOf(tx, sql`select ${interestColumns} from interests i where i.company_id = ${opts.companyId} and i.id = ${opts.id}`);
  return rows[0] ? interestOf(rows[0]) : null;
}

export async function insertInterest(tx: TTx, opts: { companyId: number; name: string; description: string }): Promise<TInterestRow> {
  const rows = await rowsOf(
    tx,
    sql`insert into interests (company_id, name, description) values (${opts.companyId}, ${opts.name}, ${opts.description})
        returning company_id, id, name, description, created_at, 0 as member_count`,
  );
  return interestOf(rows[0]!);
}

export async function updateInterest(tx: TTx, opts: { companyId: number; id: number; name?: string; description?: string }): Promise<boolean> {
  const sets: SQL[] = [];
  if (opts.name !== undefined) sets.push(sql`name = ${opts.name}`);
  if (opts.description !== undefined) sets.push(sql`description = ${opts.description}`);
  if (sets.length === 0) return true;
  const rows = await rowsOf(tx, sql`update interests set ${sql.join(sets, sql`, `)} where company_id = ${opts.companyId} and id = ${opts.id} returning id`);
  return rows.length > 0;
}

export async function deleteInterest(tx: TTx, opts: { companyId: number; id: number }): Promise<boolean> {
  const rows = await rowsOf(tx, sql`delete from interests where company_id = ${opts.companyId} and id = ${opts.id} returning id`);
  return rows.length > 0;
}

/* ---- Customers in a category ---- */

const customerName = (alias: string) =>
  sql.raw(`coalesce(nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), ''), ${alias}.phone, '#' || ${alias}.id::text)`);

function customerInterestOf(r: TRaw): TCustomerInterestRow {
  return {
    companyId: num(r.company_id),
    customerId: num(r.customer_id),
    customerName: String(r.customer_name ?? ''),
    interestId: num(r.interest_id),
    interestName: String(r.interest_name ?? ''),
    createdAt: dateOf(r.created_at),
  };
}

function customerInterestFilter(opts: { customerId?: number; interestId?: number }): SQL {
  return sql`${opts.customerId !== undefined ? sql` and ci.customer_id = ${opts.customerId}` : sql``}${
    opts.interestId !== undefined ? sql` and ci.interest_id = ${opts.interestId}` : sql``
  }`;
}

/** Ties on the creation time are broken by the pair's other half (the filter fixes one half). */
export async function listCustomerInterests(
  tx: TTx,
  opts: { companyId: number; customerId?: number; interestId?: number; ask: TInterestsPageAsk },
): Promise<TCustomerInterestRow[]> {
  const tie = opts.customerId !== undefined ? 'ci.interest_id' : 'ci.customer_id';
  const p = pageSql(opts.ask, 'ci.created_at', tie, sql`ci.created_at desc, ${sql.raw(tie)} desc`);
  const rows = await rowsOf(
    tx,
    sql`select ci.company_id, ci.customer_id, ci.interest_id, ci.created_at, ${customerName('c')} as customer_name, i.name as interest_name
        from customer_interests ci
        join customers c on c.company_id = ci.company_id and c.id = ci.customer_id
        join interests i on i.company_id = ci.company_id and i.id = ci.interest_id
        where ci.company_id = ${opts.companyId}${customerInterestFilter(opts)}${p.where}
        order by ${p.order} limit ${p.limit}`,
  );
  return rows.map(customerInterestOf);
}

export function countCustomerInterests(tx: TTx, opts: { companyId: number; customerId?: number; interestId?: number }): Promise<TListTotal> {
  return cappedCount(tx, sql`from customer_interests ci where ci.company_id = ${opts.companyId}${customerInterestFilter(opts)}`);
}

export async function findCustomerInterest(tx: TTx, opts: { companyId: number; customerId: number; interestId: number }): Promise<TCustomerInterestRow | null> {
  const rows = await rowsOf(
    tx,
    sql`select ci.company_id, ci.customer_id, ci.interest_id, ci.created_at, ${customerName('c')} as customer_name, i.name as interest_name
        from customer_interests ci
        join customers c on c.company_id = ci.company_id and c.id = ci.customer_id
        join interests i on i.company_id = ci.company_id and i.id = ci.interest_id
        where ci.company_id = ${opts.companyId} and ci.customer_id = ${opts.customerId} and ci.interest_id = ${opts.interestId}`,
  );
  return rows[0] ? customerInterestOf(rows[0]) : null;
}

/** Adds the pair once: a second (or parallel) add finds it there (`created` false). */
export async function insertCustomerInterest(tx: TTx, opts: { companyId: number; customerId: number; interestId: number }): Promise<boolean> {
  const rows = await rowsOf(
    tx,
    sql`insert into customer_interests (company_id, customer_id, interest_id) values (${opts.companyId}, ${opts.customerId}, ${opts.interestId})
        on conflict do nothing returning customer_id`,
  );
  return rows.length > 0;
}

export async function deleteCustomerInterest(tx: TTx, opts: { companyId: number; customerId: number; interestId: number }): Promise<boolean> {
  const rows = await rowsOf(
    tx,
    sql`delete from customer_interests where company_id = ${opts.companyId} and customer_id = ${opts.customerId} and interest_id = ${opts.interestId} returning customer_id`,
  );
  return rows.length > 0;
}

/** Distinct customers in any of the categories (an offer's audience). */
export async function customerIdsOfInterests(tx: TTx, opts: { companyId: number; interestIds: readonly number[] }): Promise<number[]> {
  if (opts.interestIds.length === 0) return [];
  const ids = sql.join(
    opts.interestIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await rowsOf(
    tx,
    sql`select distinct customer_id from customer_interests where company_id = ${opts.companyId} and interest_id in (${ids}) order by customer_id`,
  );
  return rows.map((r) => num(r.customer_id));
}

/* ---- A customer's interest in a listing ---- */

const listingInterestColumns = sql`li.company_id, li.id, li.listing_id, li.customer_id, li.state, li.agent_id, li.source, li.created_at, li.updated_at,
  ${customerName('c')} as customer_name, c.phone as customer_phone, l.name as listing_name`;
// The listing's name rides along so a customer's interests read as a list without one request per listing.
const listingInterestFrom = sql`from listing_interests li join customers c on c.company_id = li.company_id and c.id = li.customer_id
  join listings l on l.company_id = li.company_id and l.id = li.listing_id`;

function listingInterestOf(r: TRaw): TListingInterestRow {
  return {
    companyId: num(r.company_id),
    id: num(r.id),
    listingId: num(r.listing_id),
    listingName: String(r.listing_name ?? ''),
    customerId: num(r.customer_id),
    customerName: String(r.customer_name ?? ''),
    customerPhone: r.customer_phone === null || r.customer_phone === undefined || r.customer_phone === '' ? null : String(r.customer_phone),
    state: String(r.state) as TListingInterestState,
    agentId: numOrNull(r.agent_id),
    source: String(r.source) as TListingInterestSource,
    createdAt: dateOf(r.created_at),
    updatedAt: dateOf(r.updated_at),
  };
}

type TListingInterestFilter = { companyId: number; listingId?: number; customerId?: number; state?: TListingInterestState };

function listingInterestFilter(opts: TListingInterestFilter): SQL {
  const parts: SQL[] = [sql` and li.company_id = ${opts.companyId}`];
  if (opts.listingId !== undefined) parts.push(sql` and li.listing_id = ${opts.listingId}`);
  if (opts.customerId !== undefined) parts.push(sql` and li.customer_id = ${opts.customerId}`);
  if (opts.state !== undefined) parts.push(sql` and li.state = ${opts.state}`);
  return sql.join(parts, sql``);
}

export async function listListingInterests(tx: TTx, opts: TListingInterestFilter & { ask: TInterestsPageAsk }): Promise<TListingInterestRow[]> {
  const p = pageSql(opts.ask, 'li.created_at', 'li.id', sql`li.created_at desc, li.id desc`);
  const rows = await rowsOf(
    tx,
    sql`select ${listingInterestColumns} ${listingInterestFrom} where true${listingInterestFilter(opts)}${p.where} order by ${p.order} limit ${p.limit}`,
  );
  return rows.map(listingInterestOf);
}

export function countListingInterests(tx: TTx, opts: TListingInterestFilter): Promise<TListTotal> {
  return cappedCount(tx, sql`from listing_interests li where true${listingInterestFilter(opts)}`);
}

export async function findListingInterest(tx: TTx, opts: { companyId: number; id: number }): Promise<TListingInterestRow | null> {
  const rows = await rowsOf(tx, sql`select ${listingInterestColumns} ${listingInterestFrom} where li.company_id = ${opts.companyId} and li.id = ${opts.id}`);
  return rows[0] ? listingInterestOf(rows[0]) : null;
}

export async function updateListingInterestState(tx: TTx, opts: { companyId: number; id: number; state: TListingInterestState }): Promise<boolean> {
  const rows = await rowsOf(
    tx,
    sql`update listing_interests set state = ${opts.state}, updated_at = now() where company_id = ${opts.companyId} and id = ${opts.id} returning id`,
  );
  return rows.length > 0;
}

/**
 * One row per customer and listing, race-safe through the unique key: a new one is active; an existing one becomes
 * active again (the customer asked again), keeps its first source, and takes the agent when one is named.
 */
export async function upsertListingInterest(
  tx: TTx,
  opts: { companyId: number; listingId: number; customerId: number; agentId: number | null; source: TListingInterestSource },
): Promise<{ id: number; created: boolean }> {
  const rows = await rowsOf(
    tx,
    sql`insert into listing_interests (company_id, listing_id, customer_id, agent_id, source, state)
        values (${opts.companyId}, ${opts.listingId}, ${opts.customerId}, ${opts.agentId}, ${opts.source}, 'active')
        on conflict (company_id, listing_id, customer_id) do update
          set state = 'active', agent_id = coalesce(excluded.agent_id, listing_interests.agent_id), updated_at = now()
        returning id, (xmax = 0) as created`,
  );
  const r = rows[0]!;
  return { id: num(r.id), created: r.created === true || r.created === 't' };
}
