import { sql, type SQL } from 'drizzle-orm';
import type { TListingStatus } from '@cd/contracts/listings';
import { TOTAL_COUNT_CAP } from '../../db/capped-count';
import type { TTx } from '../../db/client';
import type { TListTotal } from '../../lib/hydra';
import type { TListingPageAsk, TListingRow } from './listings.schema';

/** Every SQL statement of listings (migration 0028). */

type TRaw = Record<string, unknown>;
const rowsOf = async (tx: TTx, query: SQL): Promise<TRaw[]> => (await tx.execute(query)).rows as TRaw[];
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const strOrNull = (v: unknown) => (v === null || v === undefined ? null : String(v));
const dateOf = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
/** A literal substring for ILIKE: the user's %, _ and \ match themselves. */
const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const columns = sql`l.company_id, l.id, l.name, l.url, l.keyword_id, k.name as keyword_name, l.location, l.price_cents, l.negotiable,
  l.status, l.agent_id, nullif(trim(u.first_name || ' ' || u.last_name), '') as agent_name, l.photo_url, l.description,
  l.archived_at, l.created_at, l.updated_at`;
const fromSql = sql`from listings l
  left join keywords k on k.company_id = l.company_id and k.id = l.keyword_id
  left join users u on u.company_id = l.company_id and u.id = l.agent_id`;

function listingOf(r: TRaw): TListingRow {
  return {
    companyId: Number(r.company_id),
    id: Number(r.id),
    name: String(r.name),
    url: String(r.url),
    keywordId: numOrNull(r.keyword_id),
    keywordName: strOrNull(r.keyword_name),
    location: String(r.location),
    priceCents: numOrNull(r.price_cents),
    negotiable: Boolean(r.negotiable),
    status: String(r.status) as TListingStatus,
    agentId: numOrNull(r.agent_id),
    agentName: strOrNull(r.agent_name),
    photoUrl: strOrNull(r.photo_url),
    description: String(r.description),
    archivedAt: r.archived_at === null || r.archived_at === undefined ? null : dateOf(r.archived_at),
    createdAt: dateOf(r.created_at),
    updatedAt: dateOf(r.updated_at),
  };
}

export interface TListingFilter {
  companyId: number;
  archived: boolean;
  status?: TListingStatus;
  agentId?: number;
  q?: string;
}

function filterSql(f: TListingFilter): SQL {
  const parts: SQL[] = [sql`l.company_id = ${f.companyId}`, f.archived ? sql`l.archived_at is not null` : sql`l.archived_at is null`];
  if (f.status) parts.push(sql`l.status = ${f.status}`);
  if (f.agentId !== undefined) parts.push(sql`l.agent_id = ${f.agentId}`);
  if (f.q) {
    const like = likeOf(f.q);
    parts.push(sql`(l.name ilike ${like} or l.location ilike ${like} or k.name ilike ${like})`);
  }
  return sql.join(parts, sql` and `);
}

export async function listListings(tx: TTx, opts: TListingFilter & { ask: TListingPageAsk }): Promise<TListingRow[]> {
  const { ask } = opts;
  let keyset = sql``;
  if (ask.paginated && ask.before)
    keyset =
      ask.idLt !== undefined
        ? sql` and (l.created_at, l.id) < (${ask.before.toISOString()}::timestamptz, ${ask.idLt})`
        : sql` and l.created_at < ${ask.before.toISOString()}::timestamptz`;
  const rows = await rowsOf(tx, sql`select ${columns} ${fromSql} where ${filterSql(opts)}${keyset} order by l.created_at desc, l.id desc limit ${ask.limit}`);
  return rows.map(listingOf);
}

export async function countListings(tx: TTx, opts: TListingFilter): Promise<TListTotal> {
  const res = await rowsOf(tx, sql`select count(*)::int as n from (select 1 ${fromSql} where ${filterSql(opts)} limit ${TOTAL_COUNT_CAP + 1}) capped`);
  const n = Number(res[0]?.n ?? 0);
  return n <= TOTAL_COUNT_CAP ? { exact: n } : { atLeast: TOTAL_COUNT_CAP };
}

export async function findListing(tx: TTx, opts: { companyId: number; id: number; forUpdate?: boolean }): Promise<TListingRow | null> {
  const lock = opts.forUpdate ? sql` for update of l` : sql``;
  const rows = await rowsOf(tx, sql`select ${columns} ${fromSql} where l.company_id = ${opts.companyId} and l.id = ${opts.id}${lock}`);
  return rows[0] ? listingOf(rows[0]) : null;
}

/** The unarchived listing holding a keyword (case-insensitive name), or null. */
export async function findListingByKeyword(tx: TTx, opts: { companyId: number; keyword: string }): Promise<TListingRow | null> {
  const rows = await rowsOf(
    tx,
    sql`select ${columns} ${fromSql} where l.company_id = ${opts.companyId} and l.archived_at is null and k.name = ${opts.keyword.trim().toUpperCase()} limit 1`,
  );
  return rows[0] ? listingOf(rows[0]) : null;
}

/**
 * Unarchived listings whose URL matches once normalised (scheme and host case, a trailing slash and "www." ignored);
 * newest first. The candidates are narrowed in SQL by host, the exact comparison is done by the caller.
 */
export async function findListingsByHost(tx: TTx, opts: { companyId: number; host: string }): Promise<TListingRow[]> {
  const rows = await rowsOf(
    tx,
    sql`select ${columns} ${fromSql} where l.company_id = ${opts.companyId} and l.archived_at is null and l.url ilike ${likeOf(opts.host)}
      order by l.created_at desc, l.id desc limit 200`,
  );
  return rows.map(listingOf);
}

export interface TListingValues {
  name: string;
  url: string;
  keywordId: number | null;
  location: string;
  priceCents: number | null;
  negotiable: boolean;
  status: TListingStatus;
  agentId: number | null;
  photoUrl: string | null;
  description: string;
}

export async function insertListing(tx: TTx, opts: { companyId: number; values: TListingValues }): Promise<number> {
  const v = opts.values;
  const rows = await rowsOf(
    tx,
    sql`insert into listings (company_id, name, url, keyword_id, location, price_cents, negotiable, status, agent_id, photo_url, description)
      values (${opts.companyId}, ${v.name}, ${v.url}, ${v.keywordId}, ${v.location}, ${v.priceCents}, ${v.negotiable}, ${v.status}, ${v.agentId},
        ${v.photoUrl}, ${v.description}) returning id`,
  );
  return Number(rows[0]!.id);
}

const COLUMN: Record<keyof TListingValues | 'archivedAt', string> = {
  name: 'name',
  url: 'url',
  keywordId: 'keyword_id',
  location: 'location',
  priceCents: 'price_cents',
  negotiable: 'negotiable',
  status: 'status',
  agentId: 'agent_id',
  photoUrl: 'photo_url',
  description: 'description',
  archivedAt: 'archived_at',
};

export async function updateListing(
  tx: TTx,
  opts: { companyId: number; id: number; values: Partial<TListingValues> & { archivedAt?: Date | null } },
): Promise<void> {
  const sets = Object.entries(opts.values)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => sql`${sql.raw(COLUMN[k as keyof typeof COLUMN])} = ${v instanceof Date ? v.toISOString() : v}`);
  sets.push(sql`updated_at = now()`);
  await tx.execute(sql`update listings set ${sql.join(sets, sql`, `)} where company_id = ${opts.companyId} and id = ${opts.id}`);
}

export async function deleteListing(tx: TTx, opts: { companyId: number; id: number }): Promise<void> {
  await tx.execute(sql`delete from listings where company_id = ${opts.companyId} and id = ${opts.id}`);
}

/** An enabled user of the company (an agent to assign), or false. */
export async function isEnabledCompanyUser(tx: TTx, opts: { companyId: number; userId: number }): Promise<boolean> {
  const rows = await rowsOf(tx, sql`select 1 from users where company_id = ${opts.companyId} and id = ${opts.userId} and enabled`);
  return rows.length > 0;
}

/** Enabled users of the company by lower-case email (the import's agent column). */
export async function findUserIdsByEmail(tx: TTx, opts: { companyId: number; emails: string[] }): Promise<Map<string, number>> {
  if (!opts.emails.length) return new Map();
  const list = sql.join(
    opts.emails.map((e) => sql`${e}`),
    sql`, `,
  );
  const rows = await rowsOf(
    tx,
    sql`select id, lower(email) as email from users where company_id = ${opts.companyId} and enabled and lower(email) in (${list})`,
  );
  return new Map(rows.map((r) => [String(r.email), Number(r.id)]));
}
