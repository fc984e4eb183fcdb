import { sql, type SQL } from 'drizzle-orm';
import type { TTx } from '../../db/client';

export interface TStatsFilter {
  from: Date;
  to: Date;
  companyId?: number;
  vendor?: string;
}

export interface TFiguresRow {
  calls: number;
  errors: number;
  p50Ms: number | null;
  p95Ms: number | null;
}

/** The contract's rule: no answer, a 5xx, or a 4xx other than 404/409/422 (answers a caller expects to handle). */
const IS_ERROR = sql`(status is null or status >= 500 or (status >= 400 and status not in (404, 409, 422)))`;

function callsWhere(f: TStatsFilter): SQL {
  return sql`created_at >= ${f.from.toISOString()}::timestamptz and created_at < ${f.to.toISOString()}::timestamptz
    ${f.companyId !== undefined ? sql`and company_id = ${f.companyId}` : sql``}
    ${f.vendor ? sql`and vendor = ${f.vendor}` : sql``}`;
}

const num = (v: unknown) => Number(v ?? 0);
/** Latencies to a tenth of a millisecond (percentile_cont interpolates between calls). */
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v) * 10) / 10);
const figuresOf = (r: Record<string, unknown>): TFiguresRow => ({
  calls: num(r.calls),
  errors: num(r.errors),
  p50Ms: numOrNull(r.p50),
  p95Ms: numOrNull(r.p95),
});

/**
 * Per vendor, per company and overall in ONE statement (grouping sets over the range's rows, read once through the
 * created_at / company / vendor indexes of migration 0036), company names joined.
 */
export async function readCallFigures(
  tx: TTx,
  f: TStatsFilter,
): Promise<{
  total: TFiguresRow;
  byVendor: (TFiguresRow & { vendor: string })[];
  byCompany: (TFiguresRow & { companyId: number | null; companyName: string | null })[];
}> {
  const result = await tx.execute<Record<string, unknown>>(sql`
    select g.*, co.name as company_name
    from (
      select grouping(vendor) as by_vendor_off, grouping(company_id) as by_company_off, vendor, company_id,
             count(*) as calls, count(*) filter (where ${IS_ERROR}) as errors,
             percentile_cont(0.5) within group (order by duration_ms) as p50,
             percentile_cont(0.95) within group (order by duration_ms) as p95
      from api_calls
      where ${callsWhere(f)}
      group by grouping sets ((vendor), (company_id), ())
    ) g
    left join companies co on co.id = g.company_id
    order by g.calls desc, g.vendor, g.company_id`);
  let total: TFiguresRow = { calls: 0, errors: 0, p50Ms: null, p95Ms: null };
  const byVendor: (TFiguresRow & { vendor: string })[] = [];
  const byCompany: (TFiguresRow & { companyId: number | null; companyName: string | null })[] = [];
  for (const r of result.rows as Record<string, unknown>[]) {
    const vendorOff = num(r.by_vendor_off) === 1;
    const companyOff = num(r.by_company_off) === 1;
    if (vendorOff && companyOff) total = figuresOf(r);
    else if (!vendorOff) byVendor.push({ ...figuresOf(r), vendor: String(r.vendor) });
    else
      byCompany.push({
        ...figuresOf(r),
        companyId: r.company_id === null ? null : num(r.company_id),
        companyName: (r.company_name as string | null) ?? null,
      });
  }
  return { total, byVendor, byCompany };
}

/** Calls, errors and p95 per bucket (aligned on whole UTC minutes / hours / days); empty buckets are absent. */
export async function readCallSeries(tx: TTx, f: TStatsFilter & { bucketSeconds: number }): Promise<({ at: Date } & Omit<TFiguresRow, 'p50Ms'>)[]> {
  const result = await tx.execute<Record<string, unknown>>(sql`
    select date_bin(make_interval(secs => ${f.bucketSeconds}), created_at, timestamptz '2000-01-01 00:00:00+00') as at,
           count(*) as calls, count(*) filter (where ${IS_ERROR}) as errors,
           percentile_cont(0.95) within group (order by duration_ms) as p95
    from api_calls
    where ${callsWhere(f)}
    group by 1
    order by 1`);
  return (result.rows as Record<string, unknown>[]).map((r) => ({
    at: new Date(r.at as string | Date),
    calls: num(r.calls),
    errors: num(r.errors),
    p95Ms: numOrNull(r.p95),
  }));
}

/** Webhooks received in the range: rejected = failed verification; failed = the handler failed. */
export async function readWebhookFigures(tx: TTx, f: Omit<TStatsFilter, 'vendor'>): Promise<{ received: number; rejected: number; failed: number }> {
  const result = await tx.execute<Record<string, unknown>>(sql`
    select count(*) as received,
           count(*) filter (where verification in ('bad_signature', 'unknown_company', 'malformed')) as rejected,
           count(*) filter (where outcome = 'failed') as failed
    from webhook_requests
    where created_at >= ${f.from.toISOString()}::timestamptz and created_at < ${f.to.toISOString()}::timestamptz
      ${f.companyId !== undefined ? sql`and company_id = ${f.companyId}` : sql``}`);
  const r = (result.rows as Record<string, unknown>[])[0] ?? {};
  return { received: num(r.received), rejected: num(r.rejected), failed: num(r.failed) };
}
