import { sql, type SQL } from 'drizzle-orm';
import type { TTx } from '../../db/client';
import type { TMarketingConsentRow } from './marketing.schema';

/** Every SQL statement of marketing consent. */

type TRaw = Record<string, unknown>;
const dateOrNull = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));
const jsonOf = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

const columns = sql`company_id::int as company_id, id::int as id, customer_id::int as customer_id, source, wording, granted_at,
  revoked_at, revoke_reason, recorded_by_id::int as recorded_by_id, evidence`;

function rowOf(r: TRaw): TMarketingConsentRow {
  return {
    companyId: Number(r.company_id),
    id: Number(r.id),
    customerId: Number(r.customer_id),
    source: r.source as TMarketingConsentRow['source'],
    wording: String(r.wording),
    grantedAt: dateOrNull(r.granted_at)!,
    revokedAt: dateOrNull(r.revoked_at),
    revokeReason: (r.revoke_reason as string | null) ?? null,
    recordedById: r.recorded_by_id === null || r.recorded_by_id === undefined ? null : Number(r.recorded_by_id),
    evidence: jsonOf<Record<string, unknown>>(r.evidence) ?? {},
  };
}

/**
 * True for a customer (the SQL alias `c` of customers) with active marketing consent: a grant not revoked, no
 * opt-out now, and no opt-out since the grant (a STOP that reached no hook still voids it).
 */
export function activeConsentSql(customerAlias: string): SQL {
  const c = sql.raw(customerAlias);
  return sql`(not ${c}.opt_out and exists (
    select 1 from marketing_consents mc
    where mc.company_id = ${c}.company_id and mc.customer_id = ${c}.id and mc.revoked_at is null
      and (${c}.opted_out_at is null or ${c}.opted_out_at < mc.granted_at)))`;
}

/** The newest grant of a customer (active or not). */
export async function findLatestConsent(tx: TTx, opts: { companyId: number; customerId: number }): Promise<TMarketingConsentRow | undefined> {
  const res = await tx.execute(sql`
    select ${columns} from marketing_consents where company_id = ${opts.companyId} and customer_id = ${opts.customerId}
    order by (revoked_at is null) desc, granted_at desc, id desc limit 1`);
  const r = res.rows[0] as TRaw | undefined;
  return r ? rowOf(r) : undefined;
}

/** A new grant; undefined when one is already active (the partial unique index decides under concurrency). */
export async function insertConsent(
  tx: TTx,
  values: { companyId: number; customerId: number; source: string; wording: string; evidence: Record<string, unknown>; recordedById: number | null },
): Promise<TMarketingConsentRow | undefined> {
  const res = await tx.execute(sql`
    insert into marketing_consents (company_id, customer_id, source, wording, evidence, recorded_by_id)
    values (${values.companyId}, ${values.customerId}, ${values.source}, ${values.wording}, ${JSON.stringify(values.evidence)}::jsonb, ${values.recordedById})
    on conflict (company_id, customer_id) where revoked_at is null do nothing
    returning ${columns}`);
  const r = res.rows[0] as TRaw | undefined;
  return r ? rowOf(r) : undefined;
}

/** Stamps the active grant revoked; returns it, or undefined when none was active. */
export async function revokeConsent(tx: TTx, opts: { companyId: number; customerId: number; reason: string }): Promise<TMarketingConsentRow | undefined> {
  const res = await tx.execute(sql`
    update marketing_consents set revoked_at = now(), revoke_reason = ${opts.reason}
    where company_id = ${opts.companyId} and customer_id = ${opts.customerId} and revoked_at is null
    returning ${columns}`);
  const r = res.rows[0] as TRaw | undefined;
  return r ? rowOf(r) : undefined;
}

/** Whether one customer has active marketing consent (same rule as activeConsentSql). */
export async function hasActiveConsent(tx: TTx, opts: { companyId: number; customerId: number }): Promise<boolean> {
  const res = await tx.execute(sql`
    select ${activeConsentSql('c')} as ok from customers c where c.company_id = ${opts.companyId} and c.id = ${opts.customerId}`);
  return (res.rows[0] as TRaw | undefined)?.ok === true;
}
