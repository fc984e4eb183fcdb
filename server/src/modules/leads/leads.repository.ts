import { sql, type SQL } from 'drizzle-orm';
import type { TLeadSource, TLeadStatus } from '@cd/contracts/leads';
import { TOTAL_COUNT_CAP } from '../../db/capped-count';
import type { TTx } from '../../db/client';
import type { TListTotal } from '../../lib/hydra';
import type { TLeadAutoReplyKind, TLeadFilters, TLeadPageAsk, TLeadRow, TLeadViewRow } from './leads.schema';

/** Every SQL statement of marketing leads (migration 0030). */

type TRaw = Record<string, unknown>;
const rowsOf = async (tx: TTx, query: SQL): Promise<TRaw[]> => (await tx.execute(query)).rows as TRaw[];
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const dateOf = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
const strOrNull = (v: unknown) => (v === null || v === undefined ? null : String(v));

const leadColumns = sql.raw(`m.company_id::int as "companyId", m.id::int as id, m.customer_id::int as "customerId", m.source,
  m.listing_id::int as "listingId", m.offer_id::int as "offerId", m.agent_id::int as "agentId", m.status, m.note,
  m.created_at as "createdAt", m.updated_at as "updatedAt"`);

// The names a list shows; the listing is read without a foreign key (a lead keeps its listing id as history).
const viewColumns = sql.raw(`trim(c.first_name || ' ' || c.last_name) as "customerName", c.phone as "customerPhone",
  l.name as "listingName", nullif(trim(u.first_name || ' ' || u.last_name), '') as "agentName"`);
const viewJoins = sql.raw(`join customers c on c.company_id = m.company_id and c.id = m.customer_id
  left join listings l on l.company_id = m.company_id and l.id = m.listing_id
  left join users u on u.company_id = m.company_id and u.id = m.agent_id`);

function leadOf(r: TRaw): TLeadRow {
  return {
    companyId: Number(r.companyId),
    id: Number(r.id),
    customerId: Number(r.customerId),
    source: r.source as TLeadSource,
    listingId: numOrNull(r.listingId),
    offerId: numOrNull(r.offerId),
    agentId: numOrNull(r.agentId),
    status: r.status as TLeadStatus,
    note: String(r.note ?? ''),
    createdAt: dateOf(r.createdAt),
    updatedAt: dateOf(r.updatedAt),
  };
}

function viewOf(r: TRaw): TLeadViewRow {
  return {
    ...leadOf(r),
    customerName: String(r.customerName ?? ''),
    customerPhone: strOrNull(r.customerPhone),
    listingName: strOrNull(r.listingName),
    agentName: strOrNull(r.agentName),
  };
}

function filterSql(f: TLeadFilters): SQL {
  const parts: SQL[] = [];
  if (f.source) parts.push(sql` and m.source = ${f.source}`);
  if (f.status) parts.push(sql` and m.status = ${f.status}`);
  if (f.agentId !== undefined) parts.push(sql` and m.agent_id = ${f.agentId}`);
  if (f.listingId !== undefined) parts.push(sql` and m.listing_id = ${f.listingId}`);
  if (f.customerId !== undefined) parts.push(sql` and m.customer_id = ${f.customerId}`);
  return sql.join(parts, sql``);
}

/** Newest first after the keyset (or the newest ones up to the cap with `pagination=false`). */
export async function listLeads(tx: TTx, opts: { companyId: number; filters: TLeadFilters; ask: TLeadPageAsk }): Promise<TLeadViewRow[]> {
  const { ask } = opts;
  const keyset =
    ask.paginated && ask.before
      ? ask.idLt !== undefined
        ? sql` and (m.created_at, m.id) < (${ask.before.toISOString()}::timestamptz, ${ask.idLt})`
        : sql` and m.created_at < ${ask.before.toISOString()}::timestamptz`
      : sql``;
  const rows = await rowsOf(
    tx,
    sql`select ${leadColumns}, ${viewColumns} from marketing_leads m ${viewJoins}
        where m.company_id = ${opts.companyId}${filterSql(opts.filters)}${keyset}
        order by m.created_at desc, m.id desc limit ${ask.limit}`,
  );
  return rows.map(viewOf);
}

export async function countLeads(tx: TTx, opts: { companyId: number; filters: TLeadFilters }): Promise<TListTotal> {
  const rows = await rowsOf(
    tx,
    sql`select count(*)::int as n from (select 1 from marketing_leads m where m.company_id = ${opts.companyId}${filterSql(opts.filters)} limit ${TOTAL_COUNT_CAP + 1}) capped`,
  );
  const n = Number(rows[0]?.n ?? 0);
  return n <= TOTAL_COUNT_CAP ? { exact: n } : { atLeast: TOTAL_COUNT_CAP };
}

export async function findLeadView(tx: TTx, opts: { companyId: number; id: number }): Promise<TLeadViewRow | null> {
  const rows = await rowsOf(
    tx,
    sql`select ${leadColumns}, ${viewColumns} from marketing_leads m ${viewJoins} where m.company_id = ${opts.companyId} and m.id = ${opts.id}`,
  );
  return rows[0] ? viewOf(rows[0]) : null;
}

export async function updateLead(tx: TTx, opts: { companyId: number; id: number; status?: TLeadStatus; note?: string }): Promise<boolean> {
  const sets: SQL[] = [sql`updated_at = now()`];
  if (opts.status !== undefined) sets.push(sql`status = ${opts.status}`);
  if (opts.note !== undefined) sets.push(sql`note = ${opts.note}`);
  const rows = await rowsOf(
    tx,
    sql`update marketing_leads set ${sql.join(sets, sql`, `)} where company_id = ${opts.companyId} and id = ${opts.id} returning id`,
  );
  return rows.length > 0;
}

/**
 * Records a lead once per (customer, source, listing, offer): the unique index makes two at once one row. A second
 * record of a closed lead opens it again (the person came back); otherwise only `updated_at` moves. `created` tells
 * a new lead from a found one.
 */
export async function upsertLead(
  tx: TTx,
  opts: { companyId: number; customerId: number; source: TLeadSource; listingId: number | null; offerId: number | null; agentId: number | null },
): Promise<{ row: TLeadRow; created: boolean }> {
  const rows = await rowsOf(
    tx,
    sql`insert into marketing_leads as m (company_id, customer_id, source, listing_id, offer_id, agent_id)
        values (${opts.companyId}, ${opts.customerId}, ${opts.source}, ${opts.listingId}, ${opts.offerId}, ${opts.agentId})
        on conflict (company_id, customer_id, source, coalesce(listing_id, 0), coalesce(offer_id, 0))
        do update set updated_at = now(), status = case when m.status = 'closed' then 'new' else m.status end,
          agent_id = coalesce(m.agent_id, excluded.agent_id)
        returning ${leadColumns}, (xmax = 0) as inserted`,
  );
  const r = rows[0]!;
  return { row: leadOf(r), created: r.inserted === true || r.inserted === 't' };
}

/** Whether the customer is already a lead of this offer (any source). */
export async function hasOfferLead(tx: TTx, opts: { companyId: number; customerId: number; offerId: number }): Promise<boolean> {
  const rows = await rowsOf(
    tx,
    sql`select 1 from marketing_leads where company_id = ${opts.companyId} and customer_id = ${opts.customerId} and offer_id = ${opts.offerId} limit 1`,
  );
  return rows.length > 0;
}

/**
 * Claims one auto-reply of a kind for (customer, listing): true when no reply of that kind went out within the window.
 * One statement: the insert, or the move of an expired `sent_at` — a parallel claim waits on the row and then sees it
 * taken, so two inbound texts at once send one reply. Rolls back with the caller's transaction.
 */
export async function claimAutoReply(
  tx: TTx,
  opts: { companyId: number; customerId: number; listingId: number | null; kind: TLeadAutoReplyKind; now: Date; windowHours: number },
): Promise<boolean> {
  const rows = await rowsOf(
    tx,
    sql`insert into lead_auto_replies as r (company_id, customer_id, listing_id, kind, sent_at)
        values (${opts.companyId}, ${opts.customerId}, ${opts.listingId ?? 0}, ${opts.kind}, ${opts.now.toISOString()}::timestamptz)
        on conflict (company_id, customer_id, listing_id, kind)
        do update set sent_at = excluded.sent_at
        where r.sent_at <= excluded.sent_at - make_interval(hours => ${opts.windowHours}::int)
        returning 1 as claimed`,
  );
  return rows.length > 0;
}

/** Whether any unarchived listing of the company holds a keyword (the "unknown property" answer needs one). */
export async function companyHasKeywordListings(tx: TTx, opts: { companyId: number }): Promise<boolean> {
  const rows = await rowsOf(tx, sql`select 1 from listings where company_id = ${opts.companyId} and archived_at is null and keyword_id is not null limit 1`);
  return rows.length > 0;
}
