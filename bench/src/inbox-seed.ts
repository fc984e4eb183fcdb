import { nowMs, roundTo } from './stats';
import { runOnConnection, type TPgPool, type TPgQueryable } from './pg-pool';

export interface TInboxSeedOptions {
  pool: TPgPool;
  companyId: number;
  /** Users who own customers; every (n+1)-th customer stays unassigned. */
  ownerIds: number[];
  /** Users with read states (about two thirds of the conversations with an inbound message each). */
  readerIds: number[];
  customers: number;
  messages: number;
}

export interface TInboxSeedReport {
  customers: number;
  messages: number;
  readStates: number;
  /** Seconds per step and in total. */
  seconds: Record<'customers' | 'messages' | 'derive' | 'readStates' | 'vacuumAnalyze' | 'total', number>;
  fkTriggersSkipped: boolean;
}

/**
 * Seeding runs as the admin connection, which may not be a superuser: app.system opens the row-level
 * security policies the same way the server's system scope does.
 */
async function openSystemScope(client: TPgQueryable): Promise<void> {
  await client.query(`select set_config('app.system', 'on', true)`);
}

/**
 * A company inbox at scale, set-based (a handful of INSERT … SELECT … FROM generate_series statements):
 * - customers: bumped_at spread over 90 days, skewed towards recent (now − 90 d × random()²), a few owners,
 *   tags on about a quarter, 5 % archived;
 * - messages: one per customer at exactly its bumped_at (its last message), the rest spread over the 30 days
 *   before it, concentrated on some customers (power-law, like real inboxes where a few customers talk a lot);
 *   40 % inbound;
 * - customers.last_message / bumped_at / last_inbound_at recomputed from the messages, as the send and receive
 *   paths maintain them;
 * - read states for the readers, then VACUUM ANALYZE (a steady-state table after autovacuum: fresh statistics and
 *   a visibility map, so the planner and index-only scans see what production would).
 */
export async function seedInboxAtScale(opts: TInboxSeedOptions): Promise<TInboxSeedReport> {
  const { pool, companyId, customers, messages } = opts;
  const started = nowMs();
  const seconds = {} as TInboxSeedReport['seconds'];
  const step = async (name: keyof TInboxSeedReport['seconds'], fn: () => Promise<void>) => {
    const t0 = nowMs();
    await fn();
    seconds[name] = roundTo({ value: (nowMs() - t0) / 1000, digits: 1 });
    console.log(`  seed ${name}: ${seconds[name]} s`);
  };

  const [role] = (await pool.query('select rolsuper from pg_roles where rolname = current_user')).rows;
  // The generated rows satisfy every foreign key by construction (messages join their customer); skipping the
  // 2 million FK trigger calls roughly halves the seeding time. Only a superuser may do this.
  const fkTriggersSkipped = role?.rolsuper === true;

  let firstId = 0;
  await step('customers', () =>
    runOnConnection({
      pool,
      fn: async (client) => {
        await openSystemScope(client);
        await client.query(
          `insert into customers (company_id, user_id, first_name, last_name, phone, email, tags, archived, preferred_channel,
                                  bumped_at, created_at, updated_at)
           select $1::bigint,
                  ($2::bigint[])[1 + g % (cardinality($2::bigint[]) + 1)],
                  (array['Ava','Ben','Chloe','Dan','Eve','Finn','Grace','Hugo','Iris','Jack'])[1 + g % 10],
                  'Scale' || g,
                  '+1555' || lpad(g::text, 7, '0'),
                  case when g % 3 = 0 then 'scale' || g || '@example.com' end,
                  case when g % 10 = 0 then array['vip']
                       when g % 7 = 0 then array['service']
                       when g % 11 = 0 then array['warranty', 'service']
                       else '{}'::text[] end,
                  g % 20 = 0,
                  'sms_provider',
                  now() - power(random(), 2) * interval '90 days',
                  now() - interval '120 days',
                  now()
           from generate_series(1, $3::int) g`,
          [companyId, opts.ownerIds, customers],
        );
        const [range] = (
          await client.query(`select min(id)::int as first, max(id)::int as last from customers where company_id = $1 and last_name like 'Scale%'`, [
            companyId,
          ])
        ).rows;
        firstId = Number(range?.first);
        // Messages address customers as firstId + k: one INSERT into a fresh identity gives consecutive ids.
        if (Number(range?.last) - firstId + 1 !== customers) throw new Error('seeded customer ids are not consecutive');
      },
    }),
  );

  await step('messages', () =>
    runOnConnection({
      pool,
      fn: async (client) => {
        await openSystemScope(client);
        if (fkTriggersSkipped) await client.query('set local session_replication_role = replica');
        await client.query(
          `insert into messages (company_id, customer_id, direction, status, type, channel, sender, content, sent_at, created_at, updated_at)
           select $1::bigint, c.id,
                  case when s.g % 5 < 2 then 'INBOUND' else 'OUTBOUND' end,
                  case when s.g % 5 < 2 then 'RECEIVED' else 'DELIVERED' end,
                  'STANDARD', 'sms_provider',
                  case when s.g % 5 < 2 then 'customer' else 'agent' end,
                  'Scale message ' || s.g || ': is the car ready for pickup?',
                  c.bumped_at - s.back * interval '30 days',
                  c.bumped_at - s.back * interval '30 days',
                  c.bumped_at - s.back * interval '30 days'
           from (
             select g,
                    case when g <= $3 then g - 1 else floor($3 * power(random(), 1.5))::int end as k,
                    case when g <= $3 then 0 else power(random(), 3) end as back
             from generate_series(1, $4::int) g
           ) s
           join customers c on c.company_id = $1 and c.id = $2::bigint + s.k`,
          [companyId, firstId, customers, messages],
        );
      },
    }),
  );

  await step('derive', () =>
    runOnConnection({
      pool,
      fn: async (client) => {
        await openSystemScope(client);
        // Without statistics on the fresh rows the planner picks nested loops over the aggregates (minutes).
        await client.query('analyze customers, messages');
        // What sendMessage / receiveInbound keep up to date, recomputed from the messages themselves.
        await client.query(
          `with last as (
             select distinct on (customer_id) customer_id, content, direction, status, created_at
             from messages where company_id = $1 order by customer_id, created_at desc, id desc),
           inbound as (
             select customer_id, max(created_at) as at from messages where company_id = $1 and direction = 'INBOUND' group by customer_id)
           update customers c
           set bumped_at = l.created_at,
               last_inbound_at = i.at,
               last_message = jsonb_build_object(
                 'content', l.content, 'direction', l.direction, 'status', l.status,
                 'createdAt', to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                 'hasAttachments', false)
           from last l left join inbound i on i.customer_id = l.customer_id
           where c.company_id = $1 and c.id = l.customer_id and c.last_name like 'Scale%'`,
          [companyId],
        );
      },
    }),
  );

  let readStates = 0;
  await step('readStates', () =>
    runOnConnection({
      pool,
      fn: async (client) => {
        await openSystemScope(client);
        const res = await client.query(
          `insert into customer_read_states (company_id, customer_id, user_id, read_at)
           select c.company_id, c.id, u.id, c.last_inbound_at + interval '3 minutes'
           from customers c cross join unnest($2::bigint[]) with ordinality as u(id, n)
           where c.company_id = $1 and c.last_inbound_at is not null and c.last_name like 'Scale%' and (c.id + u.n) % 3 <> 0`,
          [companyId, opts.readerIds],
        );
        readStates = res.rowCount ?? 0;
      },
    }),
  );

  // Outside a transaction: VACUUM cannot run inside one.
  await step('vacuumAnalyze', async () => {
    await pool.query('vacuum (analyze) customers, messages, customer_read_states');
  });
  seconds.total = roundTo({ value: (nowMs() - started) / 1000, digits: 1 });
  return { customers, messages, readStates, seconds, fkTriggersSkipped };
}
