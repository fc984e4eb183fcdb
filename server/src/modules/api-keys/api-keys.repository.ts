import { sql, type SQL } from 'drizzle-orm';
import type { TApiKeyScope } from '@cd/contracts/api-keys';
import type { TTx } from '../../db/client';
import type { TApiKeyRow } from './api-keys.schema';

/** Every SQL statement of API keys. */

type TRaw = Record<string, unknown>;
const rowsOf = async (tx: TTx, query: SQL): Promise<TRaw[]> => (await tx.execute(query)).rows as TRaw[];
const num = (v: unknown) => Number(v);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const dateOf = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
const dateOrNull = (v: unknown) => (v === null || v === undefined ? null : dateOf(v));
const scopesOf = (v: unknown): TApiKeyScope[] => (typeof v === 'string' ? JSON.parse(v) : (v ?? [])) as TApiKeyScope[];

const columns = sql`k.company_id, k.id, k.name, k.prefix, k.secret_hash, k.scopes, k.created_by_user_id, k.revoked_by_user_id,
  k.created_at, k.expires_at, k.revoked_at, k.last_used_at`;

function keyOf(r: TRaw): TApiKeyRow {
  return {
    companyId: num(r.company_id),
    id: num(r.id),
    name: r.name === null || r.name === undefined ? null : String(r.name),
    prefix: String(r.prefix),
    secretHash: String(r.secret_hash),
    scopes: scopesOf(r.scopes),
    createdByUserId: num(r.created_by_user_id),
    revokedByUserId: numOrNull(r.revoked_by_user_id),
    createdAt: dateOf(r.created_at),
    expiresAt: dateOrNull(r.expires_at),
    revokedAt: dateOrNull(r.revoked_at),
    lastUsedAt: dateOrNull(r.last_used_at),
  };
}

/** The company's keys, newest first (a company holds few: one statement, capped). */
export async function listApiKeys(tx: TTx, opts: { companyId: number; limit: number }): Promise<TApiKeyRow[]> {
  const rows = await rowsOf(
    tx,
    sql`select ${columns} from api_keys k where k.company_id = ${opts.companyId} order by k.created_at desc, k.id desc limit ${opts.limit}`,
  );
  return rows.map(keyOf);
}

/** One key by id; `companyId` null (super admins' system scope) finds it in any company. */
export async function findApiKey(tx: TTx, opts: { companyId: number | null; id: number }): Promise<TApiKeyRow | null> {
  const company = opts.companyId === null ? sql`` : sql` and k.company_id = ${opts.companyId}`;
  const rows = await rowsOf(tx, sql`select ${columns} from api_keys k where k.id = ${opts.id}${company}`);
  return rows[0] ? keyOf(rows[0]) : null;
}

/** The bearer lookup (system scope): the key with this prefix, and whether its company is enabled. */
export async function findApiKeyForAuth(tx: TTx, prefix: string): Promise<(TApiKeyRow & { companyEnabled: boolean }) | null> {
  const rows = await rowsOf(
    tx,
    sql`select ${columns}, c.enabled as company_enabled from api_keys k join companies c on c.id = k.company_id where k.prefix = ${prefix}`,
  );
  const r = rows[0];
  return r ? { ...keyOf(r), companyEnabled: r.company_enabled !== false } : null;
}

/** Serializes key creation per company, so parallel creations cannot pass the active-key limit together. */
export async function lockCompanyKeys(tx: TTx, companyId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`api-keys:${companyId}`}, 0))`);
}

export async function countActiveApiKeys(tx: TTx, companyId: number): Promise<number> {
  const rows = await rowsOf(
    tx,
    sql`select count(*)::int as n from api_keys where company_id = ${companyId} and revoked_at is null and (expires_at is null or expires_at > now())`,
  );
  return num(rows[0]?.n ?? 0);
}

export async function insertApiKey(
  tx: TTx,
  opts: { companyId: number; name: string | null; prefix: string; secretHash: string; scopes: TApiKeyScope[]; createdByUserId: number; expiresAt: Date | null },
): Promise<TApiKeyRow> {
  const rows = await rowsOf(
    tx,
    sql`insert into api_keys as k (company_id, name, prefix, secret_hash, scopes, created_by_user_id, expires_at)
        values (${opts.companyId}, ${opts.name}, ${opts.prefix}, ${opts.secretHash}, ${JSON.stringify(opts.scopes)}::jsonb, ${opts.createdByUserId},
          ${opts.expiresAt ? opts.expiresAt.toISOString() : null}::timestamptz)
        returning ${columns}`,
  );
  return keyOf(rows[0]!);
}

/** Revokes a key that is not revoked yet; false when it already was (parallel revocations: one wins). */
export async function revokeApiKey(tx: TTx, opts: { companyId: number; id: number; userId: number }): Promise<TApiKeyRow | null> {
  const rows = await rowsOf(
    tx,
    sql`update api_keys k set revoked_at = now(), revoked_by_user_id = ${opts.userId}
        where k.company_id = ${opts.companyId} and k.id = ${opts.id} and k.revoked_at is null returning ${columns}`,
  );
  return rows[0] ? keyOf(rows[0]) : null;
}

/** Last use, written only when the stored one is a minute old (several processes cannot write it more often). */
export async function touchApiKey(tx: TTx, opts: { companyId: number; id: number }): Promise<void> {
  await tx.execute(
    sql`update api_keys set last_used_at = now()
        where company_id = ${opts.companyId} and id = ${opts.id} and (last_used_at is null or last_used_at < now() - interval '1 minute')`,
  );
}
