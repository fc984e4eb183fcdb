import { runOnConnection, type TPgPool } from './pg-pool';

export interface TBenchCustomer {
  id: number;
  phone: string;
  optOut: boolean;
}

/**
 * `count` SMS customers in one set-based statement, phones `<phonePrefix><7 digits>` (distinct per customer), in id
 * order. With `optOutEvery` = k, every k-th customer has opted out (STOP), as the inbound opt-out path records it.
 */
export async function insertBenchCustomers(opts: {
  pool: TPgPool;
  companyId: number;
  count: number;
  phonePrefix: string;
  firstName: string;
  optOutEvery?: number;
}): Promise<TBenchCustomer[]> {
  return runOnConnection({
    pool: opts.pool,
    fn: async (client) => {
      await client.query(`select set_config('app.system', 'on', true)`);
      const res = await client.query(
        `insert into customers (company_id, first_name, last_name, phone, preferred_channel, bumped_at, opt_out, opted_out_at)
         select $1::bigint, $3, 'Bench' || g, $4 || lpad(g::text, 7, '0'), 'sms_provider', now(), o.opt_out, case when o.opt_out then now() end
         from generate_series(1, $2::int) g
         cross join lateral (select coalesce(g % $5::int = 0, false) as opt_out) o
         returning id::int as id, phone, opt_out`,
        [opts.companyId, opts.count, opts.firstName, opts.phonePrefix, opts.optOutEvery ?? null],
      );
      return res.rows
        .map((r) => ({ id: Number(r.id), phone: String(r.phone), optOut: r.opt_out === true }))
        .sort((a, b) => a.id - b.id);
    },
  });
}
