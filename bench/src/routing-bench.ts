import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { buildApp } from '@cd/server/src/app';
import { runInScope, type TDatabase } from '@cd/server/src/db/client';
import { receiveInbound } from '@cd/server/src/modules/messages/messages.api';
import { findUserByEmail } from '@cd/server/src/modules/users/users.repository';
import { writeResultFile } from './results';
import { BENCH_ADMIN_EMAIL, prepareEnvironment, signIn } from './setup';
import { formatTable, nowMs, ratioOf, roundTo, summarizeLatencies } from './stats';

const MESSAGES = Number(process.env.BENCH_ROUTING_MESSAGES ?? 400);
const CONCURRENCY = Number(process.env.BENCH_ROUTING_CONCURRENCY ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUTING_ROUNDS ?? 2);
const AGENTS = 8;
const TAKE_CONVERSATIONS = Number(process.env.BENCH_ROUTING_TAKES ?? 200);

/**
 * Routing cost (docs/routing.md) on PostgreSQL: inbound messages/s, each opening a new conversation, for a company with
 * a round-robin rule and a first-reply target (a decision, a wait, two planned jobs, the owner set) against the same
 * inbound with no routing at all, alternated in one run so drift hits both; then parallel Takes, every agent pressing
 * at once on each unowned conversation (exactly one must win).
 */
export async function runRoutingBenchmark(opts: { databaseUrl: string }): Promise<void> {
  const env = await prepareEnvironment({ databaseUrl: opts.databaseUrl, extraUsers: AGENTS });
  try {
    const system = <T>(fn: Parameters<typeof runInScope<T>>[2]) => runInScope(env.db, { companyId: null, system: true }, fn);
    const admin = await system((tx) => findUserByEmail(tx, BENCH_ADMIN_EMAIL));
    if (!admin?.companyId) throw new Error(`${BENCH_ADMIN_EMAIL} is missing from the seed`);
    const companyId = admin.companyId;
    const app = await buildApp({ config: env.config, db: env.db, logger: false });
    try {
      const inboundRounds: { routing: boolean; perSecond: number; p50: number; p95: number }[] = [];
      let phoneSeq = 0;
      for (let round = 0; round < ROUNDS; round++) {
        for (const routing of [false, true]) {
          await setRouting({ db: env.db, companyId, on: routing });
          const latencies: number[] = [];
          const t0 = nowMs();
          await inParallel({
            count: MESSAGES,
            concurrency: CONCURRENCY,
            fn: async () => {
              const phone = `+1777${String(++phoneSeq).padStart(7, '0')}`;
              const t = nowMs();
              await receiveInbound({
                deps: app.deps,
                inbound: {
                  companyId,
                  channel: 'simulator',
                  from: { phone },
                  body: 'Is my car ready?',
                  providerMessageId: `rb-${randomBytes(8).toString('hex')}`,
                  media: [],
                },
              });
              latencies.push(nowMs() - t);
            },
          });
          const seconds = (nowMs() - t0) / 1000;
          const l = summarizeLatencies({ values: Float64Array.from(latencies).sort() });
          inboundRounds.push({ routing, perSecond: roundTo({ value: MESSAGES / seconds, digits: 1 }), p50: l.p50Ms, p95: l.p95Ms });
        }
      }
      const spread = await system(async (tx) =>
        (
          await tx.execute(sql`select c.user_id::int as user_id, count(*)::int as n from routing_decisions d
            join customers c on c.company_id = d.company_id and c.id = d.customer_id
            where d.company_id = ${companyId} and d.kind = 'route' and c.phone like '+1777%' group by c.user_id order by c.user_id`)
        ).rows.map((r: Record<string, unknown>) => Number(r.n)),
      );
      const waits = await system(async (tx) =>
        Number((await tx.execute(sql`select count(*)::int as n from routing_waits where company_id = ${companyId}`)).rows[0]!.n),
      );

      // Parallel Takes through HTTP: every agent at once on each unowned conversation.
      const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
      const tokens = await Promise.all(Array.from({ length: AGENTS }, (_, i) => signIn({ baseUrl, email: `bench.user${i}@motors.example.com` })));
      const unowned = await system(async (tx) =>
        (
          await tx.execute(sql`update customers set user_id = null where company_id = ${companyId}
            and id in (select id from customers where company_id = ${companyId} and phone like '+1777%' order by id limit ${TAKE_CONVERSATIONS}) returning id::int as id`)
        ).rows.map((r: Record<string, unknown>) => Number(r.id)),
      );
      const takeLatencies: number[] = [];
      let doubleWins = 0;
      let noWins = 0;
      const tTakes = nowMs();
      let next = 0;
      await inParallel({
        count: unowned.length,
        concurrency: 4,
        fn: async () => {
          const id = unowned[next++]!;
          const codes = await Promise.all(
            tokens.map(async (token) => {
              const t = nowMs();
              const res = await fetch(`${baseUrl}/api/routing/conversations/${id}/take`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
              await res.arrayBuffer();
              takeLatencies.push(nowMs() - t);
              return res.status;
            }),
          );
          const wins = codes.filter((c) => c === 200).length;
          if (wins > 1) doubleWins++;
          if (wins === 0) noWins++;
          if (codes.some((c) => c !== 200 && c !== 409)) throw new Error(`take answered ${codes.join(', ')}`);
        },
      });
      const takeSeconds = (nowMs() - tTakes) / 1000;
      const takes = summarizeLatencies({ values: Float64Array.from(takeLatencies).sort() });

      const median = (xs: number[]) => {
        const sorted = [...xs].sort((a, b) => a - b);
        const mid = Math.floor(sorted.length / 2);
        return sorted.length % 2 ? sorted[mid]! : roundTo({ value: (sorted[mid - 1]! + sorted[mid]!) / 2, digits: 1 });
      };
      const off = median(inboundRounds.filter((r) => !r.routing).map((r) => r.perSecond));
      const on = median(inboundRounds.filter((r) => r.routing).map((r) => r.perSecond));
      const report = {
        messagesPerRound: MESSAGES,
        concurrency: CONCURRENCY,
        inboundRounds,
        inboundPerSecond: { noRules: off, roundRobinWithTarget: on, ratio: ratioOf({ ours: on, baseline: off }) },
        roundRobinSpread: spread,
        waitsOpened: waits,
        takes: {
          conversations: unowned.length,
          agentsPressing: AGENTS,
          perSecond: roundTo({ value: takeLatencies.length / takeSeconds, digits: 1 }),
          latencyMs: takes,
          doubleWins,
          noWins,
        },
        loadAverage: loadavg().map((v) => roundTo({ value: v, digits: 2 })),
      };
      console.log(
        formatTable({
          header: ['round', 'routing', 'inbound/s', 'p50 ms', 'p95 ms'],
          rows: inboundRounds.map((r, i) => [
            String(Math.floor(i / 2) + 1),
            r.routing ? 'round-robin + target' : 'none',
            String(r.perSecond),
            String(r.p50),
            String(r.p95),
          ]),
        }),
      );
      console.log(`inbound/s median: none ${off}, round-robin + target ${on}, ratio ${report.inboundPerSecond.ratio}`);
      console.log(`round-robin spread over ${AGENTS} agents: ${spread.join(' / ')}`);
      console.log(
        `takes: ${unowned.length} conversations × ${AGENTS} agents, ${report.takes.perSecond}/s, p50 ${takes.p50Ms} ms, p95 ${takes.p95Ms} ms, double wins ${doubleWins}, none won ${noWins}`,
      );
      console.log(`load average ${report.loadAverage.join(' ')}`);
      console.log(`results: ${writeResultFile({ name: 'routing', report })}`);
    } finally {
      await app.close();
    }
  } finally {
    await env.dispose();
  }
}

/** The bench company's routing on (round-robin over the extra users, a 15-minute target around the clock) or off (none). */
async function setRouting(opts: { db: TDatabase; companyId: number; on: boolean }): Promise<void> {
  await runInScope(opts.db, { companyId: null, system: true }, async (tx) => {
    await tx.execute(sql`delete from routing_rules where company_id = ${opts.companyId}`);
    await tx.execute(sql`delete from routing_settings where company_id = ${opts.companyId}`);
    if (!opts.on) return;
    await tx.execute(sql`insert into routing_settings (company_id, first_reply_minutes, business_hours)
      values (${opts.companyId}, 15, '[null,null,null,null,null,null,null]'::jsonb)`);
    // The extra users are plain ROLE_USER agents; the department narrows the turn to them.
    await tx.execute(sql`update users set department = 'Bench' where company_id = ${opts.companyId} and email like 'bench.user%'`);
    await tx.execute(sql`insert into routing_rules (company_id, position, name, strategy, role, department)
      values (${opts.companyId}, 0, 'Bench round robin', 'round_robin', 'ROLE_USER', 'Bench')`);
  });
}

/** Runs `fn` `count` times with at most `concurrency` at once. */
async function inParallel(opts: { count: number; concurrency: number; fn: () => Promise<void> }): Promise<void> {
  let started = 0;
  const worker = async () => {
    while (started < opts.count) {
      started++;
      await opts.fn();
    }
  };
  await Promise.all(Array.from({ length: Math.min(opts.concurrency, opts.count) }, worker));
}
