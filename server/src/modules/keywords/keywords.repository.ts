import { sql, type SQL } from 'drizzle-orm';
import type { TKeywordStatus } from '@cd/contracts/listings';
import type { TTx } from '../../db/client';
import type { TKeywordRow } from './keywords.schema';

/** Every SQL statement of keywords. The status is derived from the listings table (migration 0028). */

type TRaw = Record<string, unknown>;
const rowsOf = async (tx: TTx, query: SQL): Promise<TRaw[]> => (await tx.execute(query)).rows as TRaw[];
const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const columns = sql`k.company_id, k.id, k.name, k.created_at, l.id as listing_id, l.name as listing_name`;
// Archived listings hold no keyword (keyword_id is cleared), so any listing row found means USED.
const fromSql = sql`from keywords k left join listings l on l.company_id = k.company_id and l.keyword_id = k.id`;

function keywordOf(r: TRaw): TKeywordRow {
  const listingId = r.listing_id === null || r.listing_id === undefined ? null : Number(r.listing_id);
  return {
    companyId: Number(r.company_id),
    id: Number(r.id),
    name: String(r.name),
    status: listingId === null ? 'AVAILABLE' : 'USED',
    listingId,
    listingName: r.listing_name === null || r.listing_name === undefined ? null : String(r.listing_name),
    createdAt: r.created_at instanceof Date ? r.created_at : new Date(String(r.created_at)),
  };
}

function filterSql(opts: { companyId: number; status?: TKeywordStatus; name?: string }): SQL {
  const status = opts.status === 'AVAILABLE' ? sql` and l.id is null` : opts.status === 'USED' ? sql` and l.id is not null` : sql``;
  const name = opts.name ? sql` and k.name ilike ${likeOf(opts.name)}` : sql``;
  return sql`where k.company_id = ${opts.companyId}${status}${name}`;
}

/** By name (what a picker shows), one page by offset: keyword lists are short and read in name order. */
export async function listKeywords(
  tx: TTx,
  opts: { companyId: number; status?: TKeywordStatus; name?: string; limit: number; offset: number },
): Promise<TKeywordRow[]> {
  const rows = await rowsOf(tx, sql`select ${columns} ${fromSql} ${filterSql(opts)} order by k.name, k.id limit ${opts.limit} offset ${opts.offset}`);
  return rows.map(keywordOf);
}

export async function countKeywords(tx: TTx, opts: { companyId: number; status?: TKeywordStatus; name?: string }): Promise<number> {
  const rows = await rowsOf(tx, sql`select count(*)::int as n ${fromSql} ${filterSql(opts)}`);
  return Number(rows[0]?.n ?? 0);
}

/** companyId null: any company's (a super admin in system scope). */
export async function findKeyword(tx: TTx, opts: { companyId: number | null; id: number; forUpdate?: boolean }): Promise<TKeywordRow | null> {
  // FOR UPDATE of the keyword row: a delete and an assignment of the same keyword take turns.
  const lock = opts.forUpdate ? sql` for update of k` : sql``;
  const company = opts.companyId === null ? sql`` : sql` and k.company_id = ${opts.companyId}`;
  const rows = await rowsOf(tx, sql`select ${columns} ${fromSql} where k.id = ${opts.id}${company}${lock}`);
  return rows[0] ? keywordOf(rows[0]) : null;
}

export async function findKeywordByName(tx: TTx, opts: { companyId: number; name: string }): Promise<TKeywordRow | null> {
  const rows = await rowsOf(tx, sql`select ${columns} ${fromSql} where k.company_id = ${opts.companyId} and k.name = ${opts.name.toUpperCase()}`);
  return rows[0] ? keywordOf(rows[0]) : null;
}

/** Inserts the names not taken yet (ON CONFLICT DO NOTHING: a parallel call's names are skipped, never duplicated). */
export async function insertKeywords(tx: TTx, opts: { companyId: number; names: string[] }): Promise<number[]> {
  if (!opts.names.length) return [];
  const values = sql.join(
    opts.names.map((n) => sql`(${opts.companyId}, ${n})`),
    sql`, `,
  );
  const rows = await rowsOf(tx, sql`insert into keywords (company_id, name) values ${values} on conflict (company_id, name) do nothing returning id`);
  return rows.map((r) => Number(r.id));
}

export async function findKeywordsByIds(tx: TTx, opts: { companyId: number; ids: number[] }): Promise<TKeywordRow[]> {
  if (!opts.ids.length) return [];
  const ids = sql.join(
    opts.ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await rowsOf(tx, sql`select ${columns} ${fromSql} where k.company_id = ${opts.companyId} and k.id in (${ids}) order by k.name`);
  return rows.map(keywordOf);
}

/** Deletes only an unused keyword (the listing FK refuses the rest); true when deleted. */
export async function deleteAvailableKeyword(tx: TTx, opts: { companyId: number; id: number }): Promise<boolean> {
  const rows = await rowsOf(
    tx,
    sql`delete from keywords k where k.company_id = ${opts.companyId} and k.id = ${opts.id}
      and not exists (select 1 from listings l where l.company_id = k.company_id and l.keyword_id = k.id) returning k.id`,
  );
  return rows.length > 0;
}
