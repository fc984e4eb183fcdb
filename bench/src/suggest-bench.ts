import { sql } from 'drizzle-orm';
import { buildApp } from '@cd/server/src/app';
import { runInScope } from '@cd/server/src/db/client';
import { findPastReplies, pastRepliesStatement } from '@cd/server/src/modules/suggested-replies/suggested-replies.repository';
import { findUserByEmail } from '@cd/server/src/modules/users/users.repository';
import { seedInboxAtScale } from './inbox-seed';
import { poolOf, runOnConnection } from './pg-pool';
import { writeResultFile } from './results';
import { formatSequentialTable, measureSequential } from './sequential';
import { buildMessageGinIndexes, dropMessageGinIndexes, isInboxSeeded, openSeedableEnvironment } from './search-bench';
import { BENCH_ADMIN_EMAIL, signIn } from './setup';
import { formatTable, nowMs, summarizeLatencies } from './stats';

const CUSTOMERS = Number(process.env.BENCH_INBOX_CUSTOMERS ?? 100_000);
const MESSAGES = Number(process.env.BENCH_INBOX_MESSAGES ?? 2_000_000);
const REQUESTS = Number(process.env.BENCH_SEQUENTIAL_REQUESTS ?? 100);

/**
 * The questions measured. Every seeded message reads "Scale message <n>: is the car ready for pickup?" (40 % inbound),
 * so the first question matches about 800,000 past questions: the worst case, bounded by SCAN_LIMIT. The second
 * matches a few hundred varied questions added below, the third nothing.
 */
const CASES = [
  { name: 'seeded question (~800k similar)', q: 'Hello, is my car ready for pickup?', agent: false },
  { name: 'seeded question, agent (own customers)', q: 'Hello, is my car ready for pickup?', agent: true },
  { name: 'varied question (~500 similar)', q: 'Do you have winter tyres for a Golf in stock?', agent: false },
  { name: 'no similar question', q: 'Zebra quartz xylophone?', agent: false },
] as const;

/**
 * Suggested replies at scale on PostgreSQL: GET /api/customers/{id}/suggested_replies one request at a time on the
 * 2M-message inbox seed, against the bare past-replies statement run in the same scope (no HTTP, no JWT).
 */
export async function runSuggestBenchmark(opts: { databaseUrl: string }): Promise<void> {
  const { env, reused } = await openSeedableEnvironment(opts);
  try {
    const pool = poolOf({ db: env.db });
    const admin = await runInScope(env.db, { companyId: null, system: true }, (tx) => findUserByEmail(tx, BENCH_ADMIN_EMAIL));
    if (!admin?.companyId) throw new Error(`${BENCH_ADMIN_EMAIL} is missing from the seed`);
    const companyId = admin.companyId;
    const { rows: staff } = await runOnConnection({
      pool,
      fn: async (client) => {
        await client.query(`select set_config('app.system', 'on', true)`);
        return client.query('select id::int as id, email from users where company_id = $1 order by id', [companyId]);
      },
    });
    const agent = staff.find((u) => u.email === 'agent@motors.example.com') ?? staff[1]!;
    const owners = staff.slice(0, 4).map((u) => Number(u.id));
    if (!owners.includes(Number(agent.id))) owners[owners.length - 1] = Number(agent.id);
    const seeded = reused && (await isInboxSeeded({ pool, companyId }));
    console.log(
      seeded ? 'reusing the seeded inbox' : `seeding ${CUSTOMERS.toLocaleString('en-US')} customers and ${MESSAGES.toLocaleString('en-US')} messages…`,
    );
    // A GIN index maintained row by row over 800k inserts takes far longer than building it once afterwards.
    if (!seeded) await dropMessageGinIndexes({ pool });
    const seed = seeded ? null : await seedInboxAtScale({ pool, companyId, ownerIds: owners, readerIds: [admin.id], customers: CUSTOMERS, messages: MESSAGES });

    // Varied questions with answers on 500 seeded customers, and one asking customer per case (its latest message).
    const t0 = nowMs();
    const askers = await runOnConnection({
      pool,
      fn: async (client) => {
        await client.query(`select set_config('app.system', 'on', true)`);
        // A reused database keeps the questions and askers of its first run (in the order they were added).
        const earlier = await client.query(
          `select id::int as id from customers where company_id = $1 and last_name = 'Asker' and phone like '+1999%' order by phone`,
          [companyId],
        );
        if (earlier.rows.length === CASES.length) return earlier.rows.map((r) => Number(r.id));
        await client.query(
          `insert into messages (company_id, customer_id, direction, status, channel, sender, content, created_at)
           select $1::bigint, c.id, d.dir, d.st, 'sms_provider', d.snd, d.txt, now() - interval '3 days' + d.off
           from (select id from customers where company_id = $1 and last_name like 'Scale%' order by id limit 500) c
           cross join lateral (values
             ('INBOUND', 'RECEIVED', 'customer', 'Do you have winter tyres for a ' || (array['Golf','Passat','Polo'])[1 + c.id % 3] || '?', interval '0'),
             ('OUTBOUND', 'DELIVERED', 'agent', 'Yes, winter tyres ' || (c.id % 7) || ' are in stock, 400 EUR fitted.', interval '1 hour')
           ) d(dir, st, snd, txt, off)`,
          [companyId],
        );
        const ids: number[] = [];
        for (const c of CASES) {
          const owner = c.agent ? Number(agent.id) : null;
          const phone = `+1999${String(ids.length).padStart(7, '0')}`;
          const row = await client.query(
            `insert into customers (company_id, user_id, first_name, last_name, phone, bumped_at) values ($1, $2, 'Bench', 'Asker', $3, now()) returning id::int as id`,
            [companyId, owner, phone],
          );
          const id = Number(row.rows[0]!.id);
          await client.query(
            `insert into messages (company_id, customer_id, direction, status, channel, sender, content) values ($1, $2, 'INBOUND', 'RECEIVED', 'sms_provider', 'customer', $3)`,
            [companyId, id, c.q],
          );
          ids.push(id);
        }
        return ids;
      },
    });
    const tIndex = nowMs();
    await buildMessageGinIndexes({ pool });
    console.log(`GIN indexes built in ${((nowMs() - tIndex) / 1000).toFixed(1)} s`);
    await pool.query('vacuum (analyze) messages');
    console.log(`seeded in ${seed?.seconds.total ?? 'an earlier run'} s (+ questions ${((nowMs() - t0) / 1000).toFixed(1)} s)`);

    const app = await buildApp({ config: env.config, db: env.db, logger: false });
    try {
      const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
      const adminToken = await signIn({ baseUrl });
      const agentToken = await signIn({ baseUrl, email: String(agent.email) });
      const viewerOf = (c: (typeof CASES)[number]) => ({
        companyId,
        ownerId: c.agent ? Number(agent.id) : null,
        userId: c.agent ? Number(agent.id) : admin.id,
      });

      const plans: Record<string, string> = {};
      for (const [k, c] of CASES.entries()) {
        const statement = pastRepliesStatement({ ...viewerOf(c), question: c.q, excludeMessageId: 0 });
        // As findPastReplies sends it.
        const res = await runInScope(env.db, { companyId }, async (tx) => {
          await tx.execute(sql`set local enable_seqscan = off`);
          return tx.execute(sql`explain (analyze, buffers) ${statement}`);
        });
        plans[c.name] = (res.rows as Record<string, string>[]).map((r) => r['QUERY PLAN']).join('\n');
        console.log(`\nEXPLAIN ANALYZE — ${c.name} (customer ${askers[k]}):\n${plans[c.name]}`);
      }

      const sequential = await measureSequential({
        baseUrl,
        token: adminToken,
        requests: REQUESTS,
        endpoints: CASES.map((c, k) => ({
          name: c.name,
          path: `/api/customers/${askers[k]}/suggested_replies`,
          headers: c.agent ? { authorization: `Bearer ${agentToken}` } : undefined,
        })),
      });

      const bare: { name: string; latency: ReturnType<typeof summarizeLatencies> }[] = [];
      for (const c of CASES) {
        const ask = { ...viewerOf(c), question: c.q, excludeMessageId: 0 };
        for (let i = 0; i < 3; i++) await runInScope(env.db, { companyId }, (tx) => findPastReplies(tx, ask));
        const times: number[] = [];
        for (let i = 0; i < REQUESTS; i++) {
          const s = nowMs();
          await runInScope(env.db, { companyId }, (tx) => findPastReplies(tx, ask));
          times.push(nowMs() - s);
        }
        bare.push({ name: c.name, latency: summarizeLatencies({ values: times }) });
      }

      console.log(`\n${formatSequentialTable({ results: sequential })}\n`);
      console.log(
        formatTable({
          header: ['question', 'app p50', 'app p95', 'bare SQL p50', 'bare SQL p95'],
          rows: CASES.map((c, k) => [
            c.name,
            sequential[k]!.latency.p50Ms.toFixed(2),
            sequential[k]!.latency.p95Ms.toFixed(2),
            bare[k]!.latency.p50Ms.toFixed(2),
            bare[k]!.latency.p95Ms.toFixed(2),
          ]),
        }),
      );
      const file = writeResultFile({
        name: 'suggest',
        report: { revision: env.config.revision, database: 'postgres', customers: CUSTOMERS, messages: MESSAGES, seed, sequential, bare, plans },
      });
      console.log(`written ${file}`);
    } finally {
      await app.close();
    }
  } finally {
    await env.dispose();
  }
}
